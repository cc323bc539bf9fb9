/**
 * The job's OIDC token, asked of the runner through `@actions/core` (which reads
 * `ACTIONS_ID_TOKEN_REQUEST_URL`/`_TOKEN` and masks the token it gets), and the claims in it that
 * explain a refusal: who the token says the job is, for whom, and whether this runner's clock
 * agrees with GitHub's.
 */
import * as core from '@actions/core';
import { OIDC_CLOCK_SKEW_NOTE_S } from '../../limits.js';
import { OidcError } from './oidc-error.js';

/** Asks GitHub for a fresh OIDC token of the job with `audience`. */
export type IdTokenRequester = (audience: string) => Promise<string>;

/** Why a job without `id-token: write` cannot use `auth: oidc`, and the YAML that fixes it. */
export const ID_TOKEN_PERMISSION_HELP = `auth: oidc needs the job's OIDC token, and this job may not request one (ACTIONS_ID_TOKEN_REQUEST_URL is not set): grant the permission \`id-token: write\` to the job or the workflow:

permissions:
  id-token: write # the job's OIDC token, exchanged with the model provider
  contents: write
  issues: write
  pull-requests: write

A \`permissions\` block replaces the defaults, so list the others the action needs too. Runs for pull requests from forks never get an OIDC token.`;

/** The runner's OIDC endpoint through `@actions/core`; its errors become {@link OidcError}s. */
export const requestIdTokenFromRunner: IdTokenRequester = async (audience) => {
  try {
    return await core.getIDToken(audience);
  } catch (error) {
    const message = (error as Error).message
      .replace(/\s+/g, ' ')
      .replace(/^Error message: /, '')
      .trim();
    const status = Number(/Error Code : (\d{3})/.exec(message)?.[1]);
    const transient = !status || status === 429 || status >= 500;
    throw new OidcError(
      `GitHub did not issue the job's OIDC token (audience ${JSON.stringify(audience)}): ${message}`,
      transient ? 'unavailable' : 'refused',
      status || undefined,
    );
  }
};

/** The claims of a token that say who it is for; not verified (it is our own job's token). */
export interface IdTokenClaims {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  iat?: number;
  exp?: number;
}

/** Reads a JWT's payload; undefined when `token` is not a JWT. */
export function idTokenClaims(token: string): IdTokenClaims | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' ? (claims as IdTokenClaims) : undefined;
  } catch {
    return undefined;
  }
}

/** One sentence on the token: its issuer, subject and audience, and a clock far from GitHub's. */
export function describeIdToken(claims: IdTokenClaims | undefined, nowMs: number): string {
  if (!claims) return '';
  const aud = Array.isArray(claims.aud) ? claims.aud.join(', ') : claims.aud;
  const facts = `The job's token had iss=${claims.iss ?? '?'}, sub=${claims.sub ?? '?'}, aud=${aud ?? '?'}.`;
  const skew = clockSkewSeconds(claims, nowMs);
  return skew === undefined
    ? facts
    : `${facts} This runner's clock is ${Math.abs(skew)} s ${skew > 0 ? 'ahead of' : 'behind'} GitHub's (the token's iat); providers refuse tokens outside their valid time, so fix the clock (NTP).`;
}

/**
 * How far this runner's clock is from GitHub's, judged by the token's `iat` (GitHub's time when it
 * was issued, a moment ago); undefined when within {@link OIDC_CLOCK_SKEW_NOTE_S}.
 */
export function clockSkewSeconds(claims: IdTokenClaims, nowMs: number): number | undefined {
  if (typeof claims.iat !== 'number') return undefined;
  const skew = Math.round(nowMs / 1000 - claims.iat);
  return Math.abs(skew) > OIDC_CLOCK_SKEW_NOTE_S ? skew : undefined;
}
