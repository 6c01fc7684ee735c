import type { PointRules } from '@guildhall/contract';
import { and, asc, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { seasons, users } from '../../db/schema.js';
import { instantToZoned } from '../../lib/zoned-time.js';
import { organizationTimeZone } from '../organization/time-zone.js';
import { applyRules, type RuleOutcome } from './ledger.js';
import { readPointRules } from './point-rules.js';

/*
 * Membership points (decision 040): seniority, for each full year since the member's account was
 * made, in the season holding the anniversary; adhesion, while it is ticked during the current
 * season. Both go through applyRules, so running them again writes only what changed.
 */

export interface MembershipMember {
  id: string;
  createdAt: Date;
  adhesion: boolean;
}

type SeasonRow = Pick<typeof seasons.$inferSelect, 'id' | 'startsOn' | 'endsOn'>;

interface MembershipContext {
  rules: PointRules['membership'];
  seasons: SeasonRow[];
  timeZone: string;
  today: string;
}

/** Members read per transaction by the daily run: 100,000 members never sit in memory at once. */
const MEMBERS_PAGE_SIZE = 1000;

async function membershipContext(db: Db, now: Date): Promise<MembershipContext> {
  const timeZone = await organizationTimeZone(db);
  return {
    rules: (await readPointRules(db)).membership,
    // A handful of rows: every anniversary finds its season without a query of its own.
    seasons: await db
      .select({ id: seasons.id, startsOn: seasons.startsOn, endsOn: seasons.endsOn })
      .from(seasons)
      .orderBy(asc(seasons.startsOn)),
    timeZone,
    today: instantToZoned(now, timeZone).slice(0, 10),
  };
}

const seasonHolding = (context: MembershipContext, day: string) =>
  context.seasons.find((season) => season.startsOn <= day && day <= season.endsOn);

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The day of the n-th anniversary of `joined` (YYYY-MM-DD); a 29 February counts on the 28th. */
export function anniversaryDay(joined: string, years: number): string {
  const year = Number(joined.slice(0, 4)) + years;
  const monthDay = joined.slice(5);
  const day = monthDay === '02-29' && !isLeapYear(year) ? '02-28' : monthDay;
  return `${String(year).padStart(4, '0')}-${day}`;
}

/** What the membership rules say a member is worth now, by the season each subject goes to. */
function membershipOutcomes(
  context: MembershipContext,
  member: MembershipMember,
): { seasonId: string; outcome: RuleOutcome }[] {
  const found: { seasonId: string; outcome: RuleOutcome }[] = [];
  const joined = instantToZoned(member.createdAt, context.timeZone).slice(0, 10);
  for (let years = 1; ; years += 1) {
    const day = anniversaryDay(joined, years);
    if (day > context.today) break;
    const season = seasonHolding(context, day);
    if (!season) continue;
    found.push({
      seasonId: season.id,
      outcome: {
        subject: `seniority:${member.id}:${years}`,
        userId: member.id,
        points: context.rules.seniority,
        source: 'membership',
        reason: 'seniority',
        detail: String(years),
      },
    });
  }
  // The boolean has no season of its own: it counts for the season under way (decision 040).
  const current = seasonHolding(context, context.today);
  if (current) {
    found.push({
      seasonId: current.id,
      outcome: {
        subject: `adhesion:${member.id}:${current.id}`,
        userId: member.id,
        points: member.adhesion ? context.rules.adhesion : 0,
        source: 'membership',
        reason: 'adhesion',
        detail: null,
      },
    });
  }
  return found;
}

/**
 * Brings these members' membership subjects to what the rules say now, in the caller's
 * transaction. applyRules takes one season for the new subjects, so they go by season, in a
 * stable order.
 */
export async function applyMembershipRules(
  tx: Db,
  members: readonly MembershipMember[],
  now: Date,
  context?: MembershipContext,
): Promise<void> {
  const rules = context ?? (await membershipContext(tx, now));
  const bySeason = new Map<string, RuleOutcome[]>();
  for (const member of members) {
    for (const { seasonId, outcome } of membershipOutcomes(rules, member)) {
      bySeason.set(seasonId, [...(bySeason.get(seasonId) ?? []), outcome]);
    }
  }
  const ordered = [...bySeason.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [seasonId, outcomes] of ordered) await applyRules(tx, outcomes, seasonId, now);
}

/**
 * Members' adhesion ticked or unticked (a reaction, in the transaction that changes it): the
 * adhesion points of the season under way are given, or taken back (decision 040).
 */
export async function applyAdhesionChange(
  tx: Db,
  { members, at }: { members: readonly MembershipMember[]; at: Date },
): Promise<void> {
  await applyMembershipRules(tx, members, at);
}

/**
 * The daily run: the membership rules applied to every member, a page per transaction. Two
 * instances may run it at once: each subject's revision is unique, so one of them writes a line
 * and the other finds it written.
 */
export async function applyMembershipRulesToAll(db: Db, now = new Date()): Promise<void> {
  const context = await membershipContext(db, now);
  let after: string | undefined;
  for (;;) {
    const page = await db
      .select({ id: users.id, createdAt: users.createdAt, adhesion: users.adhesion })
      .from(users)
      // Invited members have not joined yet: no seniority, no adhesion.
      .where(and(ne(users.role, 'invited'), after === undefined ? undefined : gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(MEMBERS_PAGE_SIZE);
    if (page.length === 0) return;
    await db.transaction((tx) => applyMembershipRules(tx, page, now, context));
    if (page.length < MEMBERS_PAGE_SIZE) return;
    after = page.at(-1)?.id;
  }
}
