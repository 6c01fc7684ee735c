/*
 * What members see of points, cached under keys that start with 'points' (decision 038): the
 * ranking card (dashboard), the leaderboard and a manager's budget (points). A change of points
 * anywhere refreshes `all`; the admin's own tools are under 'points-admin'.
 */
export const pointsQueryKeys = {
  all: ['points'] as const,
  me: ['points', 'me'] as const,
  leaderboards: ['points', 'leaderboard'] as const,
  leaderboard: <Params extends object>(params: Params) =>
    ['points', 'leaderboard', params] as const,
  budget: (teamId: string) => ['points', 'budget', teamId] as const,
};
