import { type PointSource } from '@guildhall/contract';

/** What the ledger shows: one season's lines, one source's, or all. */
export interface LedgerFilter {
  season?: string | undefined;
  source?: PointSource | undefined;
}

/*
 * The admin's Points tab (decision 038): rules, milestones and the ledger, cached under
 * 'points-admin'. The seasons are lib's (`lib/points/seasons.ts`), the badges the member's
 * (`usersQueryKeys.badges`).
 */
export const adminPointsQueryKeys = {
  all: ['points-admin'] as const,
  rules: ['points-admin', 'rules'] as const,
  milestones: ['points-admin', 'milestones'] as const,
  ledger: (filter: LedgerFilter) => ['points-admin', 'ledger', filter] as const,
};
