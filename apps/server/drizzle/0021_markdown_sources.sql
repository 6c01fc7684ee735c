-- Messages and descriptions are written in Markdown from now on (decision 055). The HTML stored
-- so far stays what readers are shown, and becomes its own source: Markdown passes inline HTML
-- through, so it renders the same when it is saved again.
ALTER TABLE "alerts" ADD COLUMN "message_markdown" text;--> statement-breakpoint
UPDATE "alerts" SET "message_markdown" = "message";--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "message_markdown" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "description_markdown" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "events" SET "description_markdown" = "description";
