import {
  APEX_TIERS,
  LEAGUE_DIVISIONS,
  LEAGUE_TIERS,
  type LeagueTier,
  type RankedQueue,
} from '@guildhall/contract';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leagueSnapshots } from '../../db/schema.js';
import { applyRules, type RuleOutcome } from '../points/ledger.js';
import { readPointRules } from '../points/point-rules.js';
import { seasonOfDay } from '../points/seasons.js';

/*
 * League points (decision 041): a rank is a step of the ladder, four per tier below Master (Iron
 * IV is 0, Diamond I is 27), then one per tier above (Master 28, Grandmaster 29, Challenger 30).
 * Each step an account reaches in a queue for the first time in a season, above the season's
 * first snapshot, is worth the `tier` rule when it opens a tier and the `division` rule else.
 */

/** Every rank, lowest first: the index of a rank is its step. */
const LADDER: readonly { tier: LeagueTier; division: string }[] = LEAGUE_TIERS.flatMap((tier) =>
  APEX_TIERS.includes(tier)
    ? [{ tier, division: '' }]
    : LEAGUE_DIVISIONS.map((division) => ({ tier, division })),
);

/** The rank's step on the ladder; undefined for a tier Riot may add later (it gives nothing). */
export function rankStep(tier: string, division: string | null): number | undefined {
  const apex = APEX_TIERS.includes(tier as LeagueTier);
  const step = LADDER.findIndex(
    (rank) => rank.tier === tier && (apex || rank.division === division),
  );
  return step < 0 ? undefined : step;
}

/** A rank that opens a tier: its lowest division, or a tier without divisions. */
const opensTier = (rank: { division: string }) =>
  rank.division === '' || rank.division === LEAGUE_DIVISIONS[0];

/** A rank as Riot writes it, "GOLD II" or "MASTER": a League line's reason, which the web says. */
const rankCode = (tier: string, division: string): string =>
  division ? `${tier} ${division}` : tier;

/** The highest step of the account's snapshots in the queue from `from` to before `day`. */
async function bestStepBefore(
  tx: Db,
  { puuid, queue, from, day }: { puuid: string; queue: RankedQueue; from: string; day: string },
): Promise<number | undefined> {
  const rows = await tx
    .selectDistinct({ tier: leagueSnapshots.tier, division: leagueSnapshots.division })
    .from(leagueSnapshots)
    .where(
      and(
        eq(leagueSnapshots.puuid, puuid),
        eq(leagueSnapshots.queue, queue),
        gte(leagueSnapshots.takenOn, from),
        lt(leagueSnapshots.takenOn, day),
      ),
    );
  const steps = rows.flatMap((row) => rankStep(row.tier, row.division) ?? []);
  return steps.length > 0 ? Math.max(...steps) : undefined;
}

/**
 * Grants the points of a snapshot just written, in its transaction: one line per step climbed
 * above the season's best so far. The season's first snapshot of the account and queue is its
 * baseline and gives nothing (where the member stood before the season is not known), nor does
 * a day no season holds. Each step is a subject of its own, so two instances granting the same
 * snapshot, or a step reached again after a fall, write nothing twice.
 */
export async function grantLeaguePoints(
  tx: Db,
  snapshot: {
    userId: string;
    puuid: string;
    queue: RankedQueue;
    day: string;
    tier: string;
    division: string | null;
  },
  now: Date,
): Promise<void> {
  const step = rankStep(snapshot.tier, snapshot.division);
  if (step === undefined) return;
  const season = await seasonOfDay(tx, snapshot.day);
  if (!season) return;
  const best = await bestStepBefore(tx, { ...snapshot, from: season.startsOn });
  if (best === undefined || step <= best) return;
  const rules = (await readPointRules(tx)).league;
  const outcomes: RuleOutcome[] = [];
  for (const rank of LADDER.slice(best + 1, step + 1)) {
    outcomes.push({
      subject: `league:${snapshot.puuid}:${snapshot.queue}:${season.id}:${rank.tier}${rank.division && `-${rank.division}`}`,
      userId: snapshot.userId,
      points: opensTier(rank) ? rules.tier : rules.division,
      source: 'league',
      // The rank reached and the queue, as Riot writes them: the web says them in the reader's
      // language (the ledger is read in French and in English).
      reason: rankCode(rank.tier, rank.division),
      detail: snapshot.queue,
    });
  }
  await applyRules(tx, outcomes, season.id, now);
}
