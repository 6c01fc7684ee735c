import { type LedgerFilter } from './points-query-keys';

/** GET /api/points/ledger.csv: a link the browser downloads, with the ledger's filters. */
export function ledgerCsvUrl(filter: LedgerFilter): string {
  const query = new URLSearchParams();
  if (filter.season) query.set('season', filter.season);
  if (filter.source) query.set('source', filter.source);
  const search = query.toString();
  return `/api/points/ledger.csv${search ? `?${search}` : ''}`;
}
