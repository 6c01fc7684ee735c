import { z } from 'zod';
import { idSchema } from './ids.js';
import { MILESTONE_ICONS } from './points.js';

/*
 * Badges on a member's profile (issue 18): the milestones it reached, season by season, and the
 * one-off badges an admin gave it by hand.
 */

export const BADGE_NAME_MAX_LENGTH = 40;
export const BADGE_REASON_MAX_LENGTH = 200;

/** POST /api/users/{id}/badges: a one-off badge, with why. */
export const badgeBodySchema = z.object({
  name: z.string().trim().min(1, 'is required').max(BADGE_NAME_MAX_LENGTH),
  icon: z.enum(MILESTONE_ICONS),
  colour: z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a colour written #rrggbb'),
  reason: z.string().trim().max(BADGE_REASON_MAX_LENGTH).default(''),
});
export type BadgeBody = z.input<typeof badgeBodySchema>;

export const memberBadgeSchema = z.object({
  _id: idSchema,
  name: z.string(),
  icon: z.enum(MILESTONE_ICONS),
  colour: z.string(),
  /** Why it was given; empty when the admin wrote nothing. */
  reason: z.string(),
  created_at: z.string(),
});
export type MemberBadge = z.infer<typeof memberBadgeSchema>;

/** A milestone the member reached in a season. */
export const milestoneReachedSchema = z.object({
  milestone: z.object({
    _id: idSchema,
    name: z.string(),
    icon: z.enum(MILESTONE_ICONS),
    colour: z.string(),
    threshold: z.number().int(),
  }),
  season: z.object({ _id: idSchema, name: z.string() }),
  reached_at: z.string(),
});
export type MilestoneReached = z.infer<typeof milestoneReachedSchema>;

/** GET /api/users/{id}/badges: both kinds, newest first. */
export const memberBadgesSchema = z.object({
  milestones: z.array(milestoneReachedSchema),
  badges: z.array(memberBadgeSchema),
});
export type MemberBadges = z.infer<typeof memberBadgesSchema>;
