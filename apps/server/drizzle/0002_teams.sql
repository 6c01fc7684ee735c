CREATE TABLE "team_role_members" (
	"role_id" text NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "team_role_members_role_id_user_id_pk" PRIMARY KEY("role_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"type" text NOT NULL,
	"game" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_game_matches_type" CHECK (("teams"."type" = 'esport' and "teams"."game" is not null) or ("teams"."type" = 'transversal' and "teams"."game" is null))
);
--> statement-breakpoint
ALTER TABLE "team_role_members" ADD CONSTRAINT "team_role_members_role_id_team_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."team_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_role_members" ADD CONSTRAINT "team_role_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_roles" ADD CONSTRAINT "team_roles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_role_members_user_idx" ON "team_role_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_roles_name_unique" ON "team_roles" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "teams_name_idx" ON "teams" USING btree (lower("name"));