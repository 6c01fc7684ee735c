CREATE TABLE "discord_role_mappings" (
	"discord_role_id" text PRIMARY KEY NOT NULL,
	"portal_role" text,
	"team_role_id" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discord_sync" (
	"id" integer PRIMARY KEY NOT NULL,
	"lease_until" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"interval_minutes" integer DEFAULT 60 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"pseudo" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "membership_events_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "password_leaver_exposures" (
	"id" text PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"user_id" text,
	"pseudo" text NOT NULL,
	"left_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_role_members" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_by_hand" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "left_discord_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discord_role_mappings" ADD CONSTRAINT "discord_role_mappings_team_role_id_team_roles_id_fk" FOREIGN KEY ("team_role_id") REFERENCES "public"."team_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_leaver_exposures" ADD CONSTRAINT "password_leaver_exposures_entry_id_password_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."password_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_leaver_exposures" ADD CONSTRAINT "password_leaver_exposures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_events_user_idx" ON "membership_events" USING btree ("user_id","sequence");--> statement-breakpoint
CREATE INDEX "password_leaver_exposures_entry_idx" ON "password_leaver_exposures" USING btree ("entry_id");