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

/** Riot did not answer usefully in time; the member sees 503 riot_unavailable, never a hang. */
export class RiotUnavailableError extends HttpError {
  constructor(
    readonly reason: RiotFailure,
    readonly detail?: string,
  ) {
    super(503, 'riot_unavailable', "Riot's servers are not answering; try again in a moment");
    this.name = 'RiotUnavailableError';
  }
}
