import { type LedgerPage } from '@guildhall/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, pagedQuery } from '@/lib/paging';
import { adminPointsQueryKeys, type LedgerFilter } from './points-query-keys';

export const LEDGER_PAGE_SIZE = 50;

/** GET /api/points/ledger: newest first, a page at a time (decision 061). */
export function getLedgerPage(
  filter: LedgerFilter,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LedgerPage> {
  return apiRequest(
    `/api/points/ledger${pageQuery(
      { limit: String(LEDGER_PAGE_SIZE), season: filter.season, source: filter.source },
      cursor,
    )}`,
    { signal, schema: 'ledgerPageSchema' },
  );
}

export function useLedger(filter: LedgerFilter) {
  return useInfiniteQuery({
    queryKey: adminPointsQueryKeys.ledger(filter),
    queryFn: ({ pageParam, signal }) => getLedgerPage(filter, pageParam, { signal }),
    ...pagedQuery,
  });
}
