import { type RecomputeReport } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminPointsQueryKeys, type LedgerFilter } from './points';

/*
 * The Points tab's tools over the ledger (decision 040): the CSV export of the lines filtered,
 * and the recompute from the sources.
 */

/** GET /api/points/ledger.csv: a link the browser downloads, with the ledger's filters. */
export function ledgerCsvUrl(filter: LedgerFilter): string {
  const query = new URLSearchParams();
  if (filter.season) query.set('season', filter.season);
  if (filter.source) query.set('source', filter.source);
  const search = query.toString();
  return `/api/points/ledger.csv${search ? `?${search}` : ''}`;
}

/** POST /api/points/recompute: the rules applied again; the ledger and totals then change. */
export function useRecomputePoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<RecomputeReport> =>
      apiRequest('/api/points/recompute', { method: 'POST', schema: 'recomputeReportSchema' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminPointsQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['points'] });
    },
  });
}
