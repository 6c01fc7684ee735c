CREATE TABLE "discord_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "discord_outbox_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "discord_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"sealed_token" "bytea" NOT NULL,
	"key_version" integer NOT NULL,
	"problem" text,
	"problem_at" timestamp with time zone,
	"stopped" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "post_to_discord" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discord_outbox" ADD CONSTRAINT "discord_outbox_destination_discord_webhooks_id_fk" FOREIGN KEY ("destination") REFERENCES "public"."discord_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discord_outbox_dedupe_key_unique" ON "discord_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "discord_outbox_due_idx" ON "discord_outbox" USING btree ("status","not_before");