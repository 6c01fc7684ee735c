import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from './time-zones.js';
import { emailSchema } from './user.js';

export const colorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb');

/** The colours of an organisation that has not chosen its own; the web's first paint uses them. */
export const DEFAULT_ORGANIZATION_COLORS = {
  primary_color: '#5865f2',
  secondary_color: '#1e1f22',
  background_color: '#f4f5f7',
} as const;

/** The organisation: public, shown on the landing page and applied as the theme. */
export const organizationSchema = z.object({
  name: z.string(),
  email: z.string(),
  primary_color: colorSchema,
  secondary_color: colorSchema,
  background_color: colorSchema,
  website: z.string(),
  twitch: z.string(),
  twitter: z.string(),
  instagram: z.string(),
  facebook: z.string(),
  /** Path of the logo on the API host, or null when none was uploaded. */
  logo: z.string().nullable(),
  /** Where the organisation meets (IANA): new events' time zone. */
  time_zone: z.string().default(DEFAULT_TIME_ZONE),
});
export type Organization = z.infer<typeof organizationSchema>;

const linkSchema = z
  .string()
  .trim()
  .max(300)
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value),
    'must be an http or https URL',
  )
  .default('');

/** GET /api/organization/logo: `v` is the logo's version, which changes the URL with the logo. */
export const logoQuerySchema = z.strictObject({ v: z.string().max(64).optional() });

/** PUT /api/organization. */
export const organizationUpdateSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(80),
  email: emailSchema,
  primary_color: colorSchema,
  secondary_color: colorSchema,
  background_color: colorSchema,
  website: linkSchema,
  twitch: linkSchema,
  twitter: linkSchema,
  instagram: linkSchema,
  facebook: linkSchema,
  /** Left out: unchanged. */
  time_zone: z.string().refine(isTimeZone, 'must be a time zone').optional(),
});
export type OrganizationUpdate = z.input<typeof organizationUpdateSchema>;
