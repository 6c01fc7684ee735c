import { ApiError } from '@/lib/api-client';

/**
 * When a League query is asked again after a failure. Never for an answer that will not change
 * by asking at once: a server without a Riot key (a permanent 503), Riot's rate limits (the
 * answer says when), or any 4xx. Riot slow or down: twice more, as every other query.
 */
export function retryLeagueQuery(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError) {
    if (error.code === 'riot_not_configured' || error.code === 'riot_rate_limited') return false;
    if (error.status >= 400 && error.status < 500) return false;
  }
  return failureCount < 2;
}
