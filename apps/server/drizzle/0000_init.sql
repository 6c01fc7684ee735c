CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"user_id" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"primary_color" text NOT NULL,
	"secondary_color" text NOT NULL,
	"background_color" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"twitch" text DEFAULT '' NOT NULL,
	"twitter" text DEFAULT '' NOT NULL,
	"instagram" text DEFAULT '' NOT NULL,
	"facebook" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_single_row" CHECK ("organization"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"pseudo" text NOT NULL,
	"name" text,
	"surname" text,
	"birthday" date,
	"email" text,
	"address" text,
	"zip_code" text,
	"town" text,
	"country" text,
	"role" text DEFAULT 'invited' NOT NULL,
	"team" text,
	"adhesion" boolean DEFAULT false NOT NULL,
	"discord_id" text,
	"discord_tag" text,
	"discord_avatar_url" text,
	"twitter_login" text,
	"twitch_login" text,
	"leagueoflegends_login" text[] DEFAULT '{}'::text[] NOT NULL,
	"valorant_login" text[] DEFAULT '{}'::text[] NOT NULL,
	"fortnite_login" text[] DEFAULT '{}'::text[] NOT NULL,
	"riot_login" text,
	"epic_login" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'user', 'guest', 'invited'))
);
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_pseudo_lower_unique" ON "users" USING btree (lower("pseudo"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_discord_id_unique" ON "users" USING btree ("discord_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");