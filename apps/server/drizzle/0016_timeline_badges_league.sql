CREATE TABLE "league_snapshots" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"puuid" text NOT NULL,
	"queue" text NOT NULL,
	"taken_on" date NOT NULL,
	"tier" text NOT NULL,
	"division" text,
	"league_points" integer NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"change" text,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_snapshots_change" CHECK ("league_snapshots"."change" in ('up', 'down'))
);
--> statement-breakpoint
CREATE TABLE "member_badges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"colour" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"awarded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestones_reached" (
	"season_id" text NOT NULL,
	"user_id" text NOT NULL,
	"milestone_id" text NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestones_reached_season_id_user_id_milestone_id_pk" PRIMARY KEY("season_id","user_id","milestone_id")
);
--> statement-breakpoint
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_source";--> statement-breakpoint
ALTER TABLE "membership_events" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "league_snapshots" ADD CONSTRAINT "league_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_badges" ADD CONSTRAINT "member_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_badges" ADD CONSTRAINT "member_badges_awarded_by_users_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones_reached" ADD CONSTRAINT "milestones_reached_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones_reached" ADD CONSTRAINT "milestones_reached_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones_reached" ADD CONSTRAINT "milestones_reached_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "league_snapshots_day_unique" ON "league_snapshots" USING btree ("puuid","queue","taken_on");--> statement-breakpoint
CREATE INDEX "league_snapshots_user_idx" ON "league_snapshots" USING btree ("user_id","taken_on");--> statement-breakpoint
CREATE INDEX "league_snapshots_change_idx" ON "league_snapshots" USING btree ("user_id","taken_at") WHERE "league_snapshots"."change" is not null;--> statement-breakpoint
CREATE INDEX "member_badges_user_idx" ON "member_badges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "milestones_reached_user_idx" ON "milestones_reached" USING btree ("user_id","reached_at");--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_ledger_user_time_idx" ON "points_ledger" USING btree ("user_id","created_at","id");--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_source" CHECK ("points_ledger"."source" in ('attendance', 'membership', 'league', 'manual'));