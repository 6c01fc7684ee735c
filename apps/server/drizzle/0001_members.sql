DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_twitch_login_lower_unique" ON "users" USING btree (lower("twitch_login"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_twitter_login_lower_unique" ON "users" USING btree (lower("twitter_login"));--> statement-breakpoint
CREATE INDEX "users_role_pseudo_idx" ON "users" USING btree ("role",lower("pseudo"));--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_surname_idx" ON "users" USING btree (lower("surname"),"id");--> statement-breakpoint
CREATE INDEX "users_birthday_idx" ON "users" USING btree ("birthday","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");