-- Pseudos are unique by their canonical form (services/users/pseudo-key.ts), computed by the
-- server: existing members get a unique placeholder here, replaced by their key at the next start
-- (completePseudoKeys), before the server accepts requests.
DROP INDEX "users_pseudo_lower_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pseudo_key" text;--> statement-breakpoint
UPDATE "users" SET "pseudo_key" = 'pending:' || "id";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "pseudo_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_pseudo_key_unique" ON "users" USING btree ("pseudo_key");
