import { APEX_TIERS, LEAGUE_TIERS, type LeagueTier } from '@guildhall/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const isTier = (tier: string): tier is LeagueTier => LEAGUE_TIERS.some((known) => known === tier);

/** Ranked queues, by league-v4 queue type and by match-v5 queue id. */
export const SOLO_QUEUE = 'RANKED_SOLO_5x5';
export const FLEX_QUEUE = 'RANKED_FLEX_SR';
const QUEUE_IDS: Record<number, string> = { 420: SOLO_QUEUE, 440: FLEX_QUEUE };

/** Solo queue first, then flex, then any other. */
export const queueOrder = (queueType: string) =>
  queueType === SOLO_QUEUE ? 0 : queueType === FLEX_QUEUE ? 1 : 2;

/** Names of tiers and queues in the reader's language; Riot's own words for unknown ones. */
export function useLeagueLabels() {
  const { t } = useTranslation();

  const rankName = useCallback(
    (tier: string, division: string) => {
      if (!isTier(tier)) return [tier, division].filter(Boolean).join(' ');
      const name = t(`league.tiers.${tier}`);
      return APEX_TIERS.includes(tier) || !division ? name : `${name} ${division}`;
    },
    [t],
  );

  const queueName = useCallback(
    (queue: string | number) => {
      const queueType = typeof queue === 'number' ? QUEUE_IDS[queue] : queue;
      if (queueType === SOLO_QUEUE) return t('league.queues.solo');
      if (queueType === FLEX_QUEUE) return t('league.queues.flex');
      return t('league.queues.other');
    },
    [t],
  );

  return { rankName, queueName };
}
