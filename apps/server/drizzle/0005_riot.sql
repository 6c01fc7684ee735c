CREATE TABLE "riot_accounts" (
	"riot_id_key" text PRIMARY KEY NOT NULL,
	"game_name" text NOT NULL,
	"tag_line" text NOT NULL,
	"puuid" text,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "riot_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "riot_cache_expires_idx" ON "riot_cache" USING btree ("expires_at");