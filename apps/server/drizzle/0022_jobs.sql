CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text,
	"lease_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure" text,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discord_sync" DROP COLUMN "lease_until";--> statement-breakpoint
-- League snapshots claimed each minute's tick with a row of the Riot cache; the jobs table does it now.
DELETE FROM "riot_cache" WHERE "key" LIKE 'league-snapshot-tick:%';
