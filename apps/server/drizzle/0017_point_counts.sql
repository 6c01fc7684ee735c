CREATE TABLE "point_counts" (
	"season_id" text NOT NULL,
	"points" integer NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "point_counts_season_id_points_pk" PRIMARY KEY("season_id","points")
);
--> statement-breakpoint
DROP INDEX "point_totals_rank_idx";--> statement-breakpoint
ALTER TABLE "point_counts" ADD CONSTRAINT "point_counts_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_totals_rank_idx" ON "point_totals" USING btree ("season_id","points" DESC NULLS FIRST,"user_id");--> statement-breakpoint
INSERT INTO "point_counts" ("season_id", "points", "members") SELECT "season_id", "points", count(*)::int FROM "point_totals" GROUP BY "season_id", "points";
