CREATE TABLE "milestones" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"threshold" integer NOT NULL,
	"icon" text NOT NULL,
	"colour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestones_threshold_unique" UNIQUE("threshold")
);
--> statement-breakpoint
CREATE TABLE "point_rules" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_totals" (
	"season_id" text NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "point_totals_season_id_user_id_pk" PRIMARY KEY("season_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"season_id" text NOT NULL,
	"points" integer NOT NULL,
	"source" text NOT NULL,
	"subject" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_source" CHECK ("points_ledger"."source" in ('attendance', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_dates" CHECK ("seasons"."ends_on" >= "seasons"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "point_totals" ADD CONSTRAINT "point_totals_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_totals" ADD CONSTRAINT "point_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_totals_rank_idx" ON "point_totals" USING btree ("season_id","points");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_subject_idx" ON "points_ledger" USING btree ("subject","revision") WHERE "points_ledger"."subject" is not null;--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_id","season_id");--> statement-breakpoint
CREATE INDEX "points_ledger_season_idx" ON "points_ledger" USING btree ("season_id","created_at","id");--> statement-breakpoint
CREATE INDEX "points_ledger_order_idx" ON "points_ledger" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "seasons_starts_on_idx" ON "seasons" USING btree ("starts_on");