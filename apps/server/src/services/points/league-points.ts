import type { RankedQueue } from '@guildhall/contract';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leagueSnapshots } from '../../db/schema.js';
import type { Happenings } from '../happenings.js';
import { LADDER, opensTier, rankCode, rankStep } from '../league/rank-ladder.js';
import { applyRules, type RuleOutcome } from './ledger.js';
import { readPointRules } from './point-rules.js';
import { seasonOfDay } from './seasons.js';

/*
 * League points (decision 041): each step of the ladder an account reaches in a queue for the
 * first time in a season, above the season's first snapshot, is worth the `tier` rule when it
 * opens a tier and the `division` rule else.
 */

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
 * Grants the points of a snapshot just written, in its transaction (a reaction): one line per step climbed
 * above the season's best so far. The season's first snapshot of the account and queue is its
 * baseline and gives nothing (where the member stood before the season is not known), nor does
 * a day no season holds. Each step is a subject of its own, so two instances granting the same
 * snapshot, or a step reached again after a fall, write nothing twice.
 */
export async function grantLeaguePoints(
  tx: Db,
  snapshot: Happenings['leagueRankRecorded'],
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
  await applyRules(tx, outcomes, season.id, snapshot.at);
}
