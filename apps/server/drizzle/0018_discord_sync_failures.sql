ALTER TABLE "discord_sync" ADD COLUMN "last_error_code" text;--> statement-breakpoint
ALTER TABLE "discord_sync" ADD COLUMN "last_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discord_sync" ADD COLUMN "scheduled_failures" integer DEFAULT 0 NOT NULL;