/**
 * Why the model endpoint's bearer could not be had. A refusal (the provider said no, the job's
 * token is not trusted) never heals by waiting, so the run fails at once with the provider's words
 * and the setting to check; an unavailable token endpoint (5xx, 429, a dropped connection) is
 * retried like any transient model failure.
 */

/** What went wrong on the way to a bearer. */
export type OidcFailure =
  /** The token endpoint (or GitHub's OIDC endpoint) answered 4xx. */
  | 'refused'
  /** 5xx, 429, a timeout or a dropped connection: worth another try. */
  | 'unavailable'
  /** A 2xx answer without a usable token. */
  | 'malformed';

/** A failure to get the job's OIDC token or to exchange it; its message is written for the user. */
export class OidcError extends Error {
  constructor(
    message: string,
    readonly failure: OidcFailure,
    /** The HTTP status that said so, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OidcError';
  }

  /** Whether waiting and asking again can help. */
  get retryable(): boolean {
    return this.failure === 'unavailable';
  }
}

/**
 * The {@link OidcError} behind `error`, if any: the SDK wraps what its `apiKey` function throws in
 * its own error with the original as `cause`.
 */
export function oidcErrorIn(error: unknown): OidcError | undefined {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OidcError) return e;
  }
  return undefined;
}
