CREATE TABLE "password_access_rules" (
	"entry_id" text NOT NULL,
	"team_id" text NOT NULL,
	"role_names" text[] NOT NULL,
	CONSTRAINT "password_access_rules_entry_id_team_id_pk" PRIMARY KEY("entry_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "password_audit_events" (
	"id" text PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"user_id" text,
	"pseudo" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"account" text NOT NULL,
	"sealed" "bytea" NOT NULL,
	"key_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_keys" (
	"version" integer PRIMARY KEY NOT NULL,
	"check" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_access_rules" ADD CONSTRAINT "password_access_rules_entry_id_password_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."password_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_access_rules" ADD CONSTRAINT "password_access_rules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_access_rules_team_idx" ON "password_access_rules" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "password_audit_events_entry_idx" ON "password_audit_events" USING btree ("entry_id","created_at");