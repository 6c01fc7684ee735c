import type { PointSource } from '@guildhall/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeagueLabels } from '@/lib/league/league-labels';

/** What a ledger line says of itself: its source, and its reason and detail as written. */
export interface PointsLineFacts {
  source: PointSource;
  reason: string;
  detail: string | null;
}

/**
 * Why a line of points was given, in the reader's language: the rules' lines carry a code
 * (membership: `seniority` with the years, `adhesion`; League: the rank reached, "GOLD II", and
 * its queue), said here; a reason written by hand, or an event's title, is shown as written.
 * Its texts are the `profile` part's (i18n.ts): a screen that says reasons fetches that part.
 */
export function usePointsReason(): (line: PointsLineFacts) => string {
  const { t } = useTranslation();
  const { rankName, queueName } = useLeagueLabels();
  return useCallback(
    ({ source, reason, detail }: PointsLineFacts) => {
      if (source === 'membership' && reason === 'seniority') {
        return t('points_lines.seniority', { count: Number(detail) });
      }
      if (source === 'membership' && reason === 'adhesion') return t('points_lines.adhesion');
      if (source === 'league') {
        const [tier = reason, division = ''] = reason.split(' ');
        return t('points_lines.league', {
          rank: rankName(tier, division),
          queue: queueName(detail ?? ''),
        });
      }
      return reason;
    },
    [t, rankName, queueName],
  );
}
