/**
 * What every provider recipe of `auth: oidc` declares: the `oidc-options` keys it reads, the
 * documented audience and token endpoint, the hosts its bearer is for, and the exchange itself
 * (the job's OIDC token in, a short-lived bearer out). One recipe per file beside this one.
 */
import type { TokenRefusal } from './token-endpoint.js';

/** The `oidc-provider` values, one per recipe. */
export const OIDC_PROVIDERS = ['openai', 'azure', 'google', 'openrouter', 'exchange'] as const;
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];

/** The `oidc-*` inputs of one run, validated against its recipe. */
export interface OidcSettings {
  provider: OidcProvider;
  /** Audience requested for the job's OIDC token (`oidc-audience`, else the recipe's default). */
  audience: string;
  /** Where the job's token is exchanged (`oidc-token-url`, else the recipe's documented endpoint). */
  tokenUrl: string;
  /** `oidc-options`, keys lower-case. */
  options: Readonly<Record<string, string>>;
}

/** A bearer for the model endpoint. */
export interface Bearer {
  token: string;
  /** Seconds it is valid for, as the provider said; undefined when it did not say. */
  lifetimeSeconds: number | undefined;
}

/** What an exchange needs besides the job's token. */
export interface ExchangeContext {
  settings: OidcSettings;
  /** The endpoint's `base-url`, for recipes whose exchange names the target (RFC 8693 `audience`). */
  baseUrl: string;
  fetch: typeof fetch;
  /** Registers an intermediate token (Google's federated one) with the masking, like the bearer. */
  onSecret: (value: string) => void;
}

/** One `oidc-options` key a recipe reads. */
export interface OptionKey {
  name: string;
  required: boolean;
  /** What the value is and where the provider shows it, for the error that asks for it. */
  about: string;
}

export interface OidcRecipe {
  provider: OidcProvider;
  /** The provider's name for people. */
  title: string;
  keys: readonly OptionKey[];
  /** Problems with option values the key list cannot express (a malformed resource name). */
  checkOptions?(options: Readonly<Record<string, string>>): string[];
  /** The audience the provider documents for the job's token; undefined: `oidc-audience` is required. */
  defaultAudience(options: Readonly<Record<string, string>>, tokenUrl: string): string | undefined;
  /** The provider's documented token endpoint; undefined: `oidc-token-url` is required. */
  defaultTokenUrl(options: Readonly<Record<string, string>>): string | undefined;
  /** The hosts its bearers are for, for the error that refuses a `base-url` elsewhere. */
  hosts: string;
  /** Whether a bearer of this provider is meant for `host`; `base-url` elsewhere is refused. */
  servesHost(host: string): boolean;
  /** The provider-side settings that decide whether this job's token is trusted, for refusals. */
  identitySettings(settings: OidcSettings): string;
  /** What a refusal means beyond its words (clock skew, audience mismatch), when its code says. */
  diagnose?(refusal: TokenRefusal): string | undefined;
  /** Trades the job's OIDC token for a bearer. */
  exchange(idToken: string, context: ExchangeContext): Promise<Bearer>;
}
