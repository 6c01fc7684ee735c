-- Team names are unique by their canonical form (services/teams/team-name-key.ts), computed by the
-- server: existing teams get a unique placeholder here, replaced by their key at the next start
-- (completeTeamNameKeys), which renames the newer of two duplicates (decision 027).
-- The member list's default sort, lower(pseudo), lost its index with 0009: it has one again.
CREATE TABLE "alert_dismissals" (
	"alert_id" text NOT NULL,
	"user_id" text NOT NULL,
	"message_hash" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_dismissals_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "name_key" text;--> statement-breakpoint
UPDATE "teams" SET "name_key" = 'pending:' || "id";--> statement-breakpoint
ALTER TABLE "teams" ALTER COLUMN "name_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_dismissals" ADD CONSTRAINT "alert_dismissals_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_dismissals" ADD CONSTRAINT "alert_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_dismissals_user_idx" ON "alert_dismissals" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_key_unique" ON "teams" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "users_pseudo_lower_idx" ON "users" USING btree (lower("pseudo"));