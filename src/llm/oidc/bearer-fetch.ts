/**
 * The model endpoint's fetch under `auth: oidc`. The SDK asks the bearer source for the bearer
 * before each request (its `apiKey` function); this wrapper makes sure that bearer goes to the
 * `base-url` origin and nowhere else (no request elsewhere, no redirect followed), and gives a
 * request the endpoint refused with 401 one more try with a fresh bearer: a provider may revoke a
 * token before the lifetime it announced.
 */
import type { BearerSource } from './bearer-source.js';

/** Wraps `inner` for requests that carry `source`'s bearer to `baseUrl`'s origin. */
export function bearerFetch(inner: typeof fetch, source: BearerSource, baseUrl: string): typeof fetch {
  const origin = new URL(baseUrl).origin;
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== origin) {
      throw new Error(`refusing to send the OIDC bearer to ${url.origin}: it is minted for ${origin} only`);
    }
    const first = await inner(input, { ...init, redirect: 'manual' });
    if (first.status !== 401) return first;
    const used = bearerOf(init?.headers);
    await first.body?.cancel();
    if (used) source.invalidate(used);
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${await source.token()}`);
    return inner(input, { ...init, headers, redirect: 'manual' });
  };
}

function bearerOf(headers: RequestInit['headers']): string | undefined {
  const value = new Headers(headers).get('authorization');
  return value?.replace(/^Bearer\s+/i, '') || undefined;
}
