CREATE TABLE "riot_rate_limit_slots" (
	"window_key" text NOT NULL,
	"slot_id" text NOT NULL,
	"in_flight" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "riot_rate_limit_slots_window_key_slot_id_pk" PRIMARY KEY("window_key","slot_id")
);
--> statement-breakpoint
CREATE INDEX "riot_rate_limit_slots_expires_idx" ON "riot_rate_limit_slots" USING btree ("window_key","expires_at");