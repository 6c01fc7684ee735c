import {
  type BadgeBody,
  type LedgerPage,
  type MemberBadge,
  type Milestone,
  type MilestoneBody,
  type PointRules,
  type PointSource,
  type PointsAwardBody,
  type Season,
  type SeasonBody,
} from '@guildhall/contract';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { pageQuery, pagedQuery } from '@/lib/paging';
import { apiRequest } from '@/lib/api-client';
import { invalidateSeasons } from '@/lib/points/seasons';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/*
 * The admin's Points tab (decision 038): seasons, rules, milestones, awards by hand and the
 * ledger, each an endpoint of /api/seasons, /api/milestones and /api/points.
 */

export const adminPointsQueryKeys = {
  all: ['points-admin'] as const,
  rules: ['points-admin', 'rules'] as const,
  milestones: ['points-admin', 'milestones'] as const,
  ledger: (filter: LedgerFilter) => ['points-admin', 'ledger', filter] as const,
};

/**
 * The ranking card (features/dashboard) and the leaderboard (features/points) read the same
 * seasons, milestones and points, under keys that start with 'points'.
 */
const pointsKey = ['points'];

function refreshPoints(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminPointsQueryKeys.all });
  void invalidateSeasons(queryClient);
  void queryClient.invalidateQueries({ queryKey: pointsKey });
}

/** POST /api/seasons, or PUT /api/seasons/{id} with an id. */
export function useSaveSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: SeasonBody }): Promise<Season> =>
      id
        ? apiRequest(`/api/seasons/${id}`, { method: 'PUT', body, schema: 'seasonSchema' })
        : apiRequest('/api/seasons', { method: 'POST', body, schema: 'seasonSchema' }),
    onSuccess: () => refreshPoints(queryClient),
  });
}

/** DELETE /api/seasons/{id}: refused once the season has points. */
export function useDeleteSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/seasons/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshPoints(queryClient),
  });
}

/** GET /api/points/rules. */
export function usePointRules() {
  return useQuery({
    queryKey: adminPointsQueryKeys.rules,
    queryFn: ({ signal }) =>
      apiRequest('/api/points/rules', { signal, schema: 'pointRulesSchema' }),
  });
}

/** PUT /api/points/rules: the whole table each time. */
export function useSavePointRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PointRules) =>
      apiRequest('/api/points/rules', { method: 'PUT', body, schema: 'pointRulesSchema' }),
    onSuccess: (rules) => queryClient.setQueryData(adminPointsQueryKeys.rules, rules),
  });
}

/** GET /api/milestones. */
export function useMilestones() {
  return useQuery({
    queryKey: adminPointsQueryKeys.milestones,
    queryFn: ({ signal }) => apiRequest('/api/milestones', { signal, schema: 'milestonesSchema' }),
    select: (answer) => answer.milestones.toSorted((a, b) => a.threshold - b.threshold),
  });
}

/** POST /api/milestones, or PUT /api/milestones/{id} with an id. */
export function useSaveMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: string | undefined;
      body: MilestoneBody;
    }): Promise<Milestone> =>
      id
        ? apiRequest(`/api/milestones/${id}`, { method: 'PUT', body, schema: 'milestoneSchema' })
        : apiRequest('/api/milestones', { method: 'POST', body, schema: 'milestoneSchema' }),
    onSuccess: () => refreshPoints(queryClient),
  });
}

/** DELETE /api/milestones/{id}. */
export function useDeleteMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/milestones/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshPoints(queryClient),
  });
}

/** POST /api/points/awards: a new line of the current season's ledger. */
export function useAwardPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PointsAwardBody) =>
      apiRequest('/api/points/awards', { method: 'POST', body }),
    onSuccess: () => refreshPoints(queryClient),
  });
}

export interface LedgerFilter {
  season?: string | undefined;
  source?: PointSource | undefined;
}

export const LEDGER_PAGE_SIZE = 50;

/** GET /api/points/ledger: newest first, a page at a time (decision 061). */
export function useLedger(filter: LedgerFilter) {
  return useInfiniteQuery({
    queryKey: adminPointsQueryKeys.ledger(filter),
    queryFn: ({ pageParam, signal }): Promise<LedgerPage> =>
      apiRequest(
        `/api/points/ledger${pageQuery(
          { limit: String(LEDGER_PAGE_SIZE), season: filter.season, source: filter.source },
          pageParam,
        )}`,
        { signal, schema: 'ledgerPageSchema' },
      ),
    ...pagedQuery,
  });
}

/** GET /api/users/{id}/badges: the member's one-off badges (its profile shows the same). */
export function useMemberBadges(userId: string) {
  return useQuery({
    queryKey: usersQueryKeys.badges(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/users/${userId}/badges`, { signal, schema: 'memberBadgesSchema' }),
    select: (answer) => answer.badges,
  });
}

/** POST /api/users/{id}/badges: a one-off badge, with why. */
export function useAwardBadge(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BadgeBody): Promise<MemberBadge> =>
      apiRequest(`/api/users/${userId}/badges`, {
        method: 'POST',
        body,
        schema: 'memberBadgeSchema',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.badges(userId) }),
  });
}

/** DELETE /api/badges/{id}: a badge given by mistake. */
export function useDeleteBadge(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/badges/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.badges(userId) }),
  });
}
