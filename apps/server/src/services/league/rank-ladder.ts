import { APEX_TIERS, LEAGUE_DIVISIONS, LEAGUE_TIERS, type LeagueTier } from '@guildhall/contract';

/*
 * The ladder of League ranks (decision 041): a rank is a step of it, four per tier below Master
 * (Iron IV is 0, Diamond I is 27), then one per tier above (Master 28, Grandmaster 29,
 * Challenger 30). A snapshot's change and the points of League both count in steps.
 */

/** Every rank, lowest first: the index of a rank is its step. */
export const LADDER: readonly { tier: LeagueTier; division: string }[] = LEAGUE_TIERS.flatMap(
  (tier) =>
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
export const opensTier = (rank: { division: string }) =>
  rank.division === '' || rank.division === LEAGUE_DIVISIONS[0];

/** A rank as Riot writes it, "GOLD II" or "MASTER": a League line's reason, which the web says. */
export const rankCode = (tier: string, division: string): string =>
  division ? `${tier} ${division}` : tier;
