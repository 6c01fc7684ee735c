import { HttpError } from '../../lib/http-error.js';

/** No RIOT_API_KEY: League data cannot be fetched (the tab says so). */
export class RiotNotConfiguredError extends HttpError {
  constructor() {
    super(503, 'riot_not_configured', 'League of Legends data is not configured on this server');
    this.name = 'RiotNotConfiguredError';
  }
}

export type RiotFailure =
  'timeout' | 'network' | 'rate_limited' | 'refused_key' | 'upstream_error' | 'unexpected_answer';

/** Riot's rate limits named no wait: the member is told to come back in this long. */
const DEFAULT_RETRY_AFTER_MS = 10_000;

/**
 * Riot did not answer usefully in time; the member sees 503, never a hang: riot_unavailable, or
 * riot_rate_limited with a Retry-After when Riot's rate limits said to wait (the data is busy,
 * Riot is not down).
 */
export class RiotUnavailableError extends HttpError {
  /** Whole seconds to wait before asking again; set for riot_rate_limited only. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly reason: RiotFailure,
    readonly detail?: string,
    retryAfterMs?: number,
  ) {
    const rateLimited = reason === 'rate_limited';
    super(
      503,
      rateLimited ? 'riot_rate_limited' : 'riot_unavailable',
      rateLimited
        ? "Riot's API is busy with this server's calls; try again after Retry-After"
        : "Riot's servers are not answering; try again in a moment",
    );
    this.name = 'RiotUnavailableError';
    this.retryAfterSeconds = rateLimited
      ? Math.max(1, Math.ceil((retryAfterMs ?? DEFAULT_RETRY_AFTER_MS) / 1000))
      : undefined;
  }
}
