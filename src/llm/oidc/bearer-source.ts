/**
 * The model endpoint's bearer under `auth: oidc`: minted on first use from a fresh OIDC token of
 * the job, held while it is young, minted again once most of its lifetime has passed (a run
 * outlives a one-hour token; OpenRouter's live 15 minutes) or when the endpoint refused it. One
 * exchange at a time, however many requests ask. Every token it sees is handed to `onSecret`
 * first, so the log masks it and the run's redaction removes it before anything prints it.
 */
import { OIDC_ASSUMED_LIFETIME_S, OIDC_REFRESH_AT, OIDC_USABLE_UNTIL } from '../../limits.js';
import { describeIdToken, type IdTokenRequester, idTokenClaims } from './id-token.js';
import { OidcError } from './oidc-error.js';
import type { OidcRecipe, OidcSettings } from './recipe.js';
import { OidcTokenRefusal } from './token-endpoint.js';

/** Hands out the current bearer. */
export interface BearerSource {
  /** The bearer to send now; exchanges anew when none is held or the held one is ageing. */
  token(): Promise<string>;
  /** The endpoint refused `token`: the next call exchanges anew (unless that already happened). */
  invalidate(token: string): void;
}

export interface BearerSourceOptions {
  recipe: OidcRecipe;
  settings: OidcSettings;
  /** The endpoint the bearer is for. */
  baseUrl: string;
  requestIdToken: IdTokenRequester;
  /** Registers a secret with the log masker and the run's redaction, before it is used. */
  onSecret: (value: string) => void;
  log: (message: string) => void;
  fetch?: typeof fetch;
  now?: () => number;
}

interface Held {
  token: string;
  /** After this, the next request exchanges anew. */
  refreshAt: number;
  /** After this, the bearer is not sent any more, even when a new one cannot be had. */
  usableUntil: number;
}

/** Builds the source; nothing is requested until the first {@link BearerSource.token} call. */
export function createBearerSource(options: BearerSourceOptions): BearerSource {
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const { recipe, settings } = options;
  let held: Held | undefined;
  let pending: Promise<Held> | undefined;

  const mint = async (): Promise<Held> => {
    const idToken = await options.requestIdToken(settings.audience);
    options.onSecret(idToken);
    const started = now();
    const bearer = await recipe
      .exchange(idToken, { settings, baseUrl: options.baseUrl, fetch: fetchImpl, onSecret: options.onSecret })
      .catch((error: unknown) => {
        throw explain(error, recipe, settings, idToken, now());
      });
    options.onSecret(bearer.token);
    const lifetimeMs = (bearer.lifetimeSeconds ?? OIDC_ASSUMED_LIFETIME_S) * 1000;
    options.log(
      `Exchanged the job's OIDC token with ${recipe.title} for a bearer valid ${bearer.lifetimeSeconds === undefined ? `for an unstated time (renewed after ${OIDC_ASSUMED_LIFETIME_S * OIDC_REFRESH_AT} s)` : `${Math.round(bearer.lifetimeSeconds)} s`}.`,
    );
    return {
      token: bearer.token,
      refreshAt: started + lifetimeMs * OIDC_REFRESH_AT,
      usableUntil: started + lifetimeMs * OIDC_USABLE_UNTIL,
    };
  };

  const exchange = (): Promise<Held> => {
    pending ??= mint()
      .then((next) => {
        held = next;
        return next;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  return {
    async token() {
      const current = held;
      if (current && now() < current.refreshAt) return current.token;
      try {
        return (await exchange()).token;
      } catch (error) {
        // An ageing bearer still works: a token endpoint that is down for a moment costs nothing yet.
        if (current && now() < current.usableUntil && error instanceof OidcError && error.retryable) {
          options.log(`Could not renew the bearer yet (${error.message}); using the current one.`);
          return current.token;
        }
        throw error;
      }
    },
    invalidate(token) {
      if (held?.token === token) held = undefined;
    },
  };
}

/** A refusal in the words of the user: the provider's, the setting to check, what the token said. */
function explain(
  error: unknown,
  recipe: OidcRecipe,
  settings: OidcSettings,
  idToken: string,
  nowMs: number,
): unknown {
  if (!(error instanceof OidcTokenRefusal) || error.retryable) return error;
  const diagnosis = recipe.diagnose?.(error.refusal) ?? commonDiagnosis(error.refusal.message);
  const message = [
    `${recipe.title} refused to exchange the job's OIDC token (oidc-provider: ${recipe.provider}): ${error.message.replace(/\.$/, '')}.`,
    diagnosis,
    `Check ${recipe.identitySettings(settings)}.`,
    inputsToChange(recipe, settings),
    describeIdToken(idTokenClaims(idToken), nowMs),
  ]
    .filter(Boolean)
    .join(' ');
  return new OidcError(message, error.failure, error.status);
}

/** The inputs that carry what the provider checked, so the fix is named whichever side is wrong. */
function inputsToChange(recipe: OidcRecipe, settings: OidcSettings): string {
  const keys = recipe.keys.map((k) => k.name).filter((name) => settings.options[name] !== undefined);
  const options = keys.length > 0 ? `\`oidc-options\` (${keys.join(', ')})` : '`oidc-options`';
  return `On this side the inputs are ${options} and \`oidc-audience\` (now \`${settings.audience}\`): change whichever does not match the provider's setting.`;
}

/** Refusals whose words say audience or time, for providers that document no codes. */
function commonDiagnosis(text: string): string | undefined {
  if (/\baud(ience)?\b/i.test(text))
    return 'The audience does not match: `oidc-audience` (or its default) must equal the audience the provider expects.';
  if (/expired|not yet valid|too early|\b(iat|nbf|exp)\b|clock|skew/i.test(text))
    return "The token's times were refused: this runner's clock may be off (clock skew), or the token expired before the exchange.";
  return undefined;
}
