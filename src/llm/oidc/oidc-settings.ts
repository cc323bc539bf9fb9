/**
 * The `oidc-*` inputs checked against their recipe before anything runs: the provider's option
 * keys (none missing, none unknown), an https `base-url` on a host the provider's bearer is for,
 * https token endpoints, and the audience and token URL filled in from the provider's
 * documentation. Each problem names the input and the fix.
 */
import { azureRecipe } from './azure.js';
import { exchangeRecipe } from './exchange.js';
import { googleRecipe } from './google.js';
import { openaiRecipe } from './openai.js';
import { openrouterRecipe } from './openrouter.js';
import { OIDC_PROVIDERS, type OidcProvider, type OidcRecipe, type OidcSettings } from './recipe.js';

/** Every recipe, by `oidc-provider` value. */
export const OIDC_RECIPES: Readonly<Record<OidcProvider, OidcRecipe>> = {
  openai: openaiRecipe,
  azure: azureRecipe,
  google: googleRecipe,
  openrouter: openrouterRecipe,
  exchange: exchangeRecipe,
};

/** The raw `oidc-*` inputs (and `base-url`), parsed but not yet checked together. */
export interface OidcInputs {
  provider: OidcProvider | undefined;
  audience: string | undefined;
  tokenUrl: string | undefined;
  options: Readonly<Record<string, string>>;
  baseUrl: string;
}

const OPTION_LINE = /^([A-Za-z0-9][A-Za-z0-9_-]*)\s*=\s*(.*)$/;

/**
 * Parses `oidc-options`: one `key=value` per line (blank lines and `#` comments skipped, keys
 * lower-cased). Undefined when a line is not of that form or a key repeats.
 */
export function parseOidcOptions(text: string): Record<string, string> | undefined {
  const options: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = OPTION_LINE.exec(line);
    if (!match) return undefined;
    const key = match[1]!.toLowerCase();
    if (key in options) return undefined;
    options[key] = match[2]!.trim();
  }
  return options;
}

/** Whether `url` is on this machine (tests and local token services may use plain http there). */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Checks the inputs together; the settings, or every problem found. */
export function resolveOidcSettings(inputs: OidcInputs): { settings: OidcSettings } | { problems: string[] } {
  if (!inputs.provider) {
    return { problems: [`auth: oidc needs oidc-provider, one of ${OIDC_PROVIDERS.join(', ')}`] };
  }
  const recipe = OIDC_RECIPES[inputs.provider];
  const problems = [
    ...baseUrlProblems(recipe, inputs.baseUrl),
    ...optionProblems(recipe, inputs.options),
    ...(recipe.checkOptions?.(inputs.options) ?? []),
  ];
  const tokenUrl = inputs.tokenUrl ?? recipe.defaultTokenUrl(inputs.options);
  if (tokenUrl === undefined) {
    if (recipe.provider === 'exchange')
      problems.push(
        'oidc-provider: exchange needs oidc-token-url, the RFC 8693 token endpoint of your token service',
      );
  } else {
    problems.push(...secureUrlProblems('oidc-token-url', tokenUrl));
  }
  for (const [key, value] of Object.entries(inputs.options)) {
    if (key.endsWith('-url')) problems.push(...secureUrlProblems(`oidc-options ${key}`, value));
  }
  if (problems.length > 0 || tokenUrl === undefined) return { problems };
  const audience = inputs.audience ?? recipe.defaultAudience(inputs.options, tokenUrl);
  if (!audience) return { problems: [`oidc-provider: ${recipe.provider} needs oidc-audience`] };
  return { settings: { provider: recipe.provider, audience, tokenUrl, options: inputs.options } };
}

function baseUrlProblems(recipe: OidcRecipe, baseUrl: string): string[] {
  const url = new URL(baseUrl);
  if (isLoopbackUrl(url)) return [];
  if (url.protocol !== 'https:') {
    return [
      `base-url must be an https URL with auth: oidc (the bearer must not travel in clear text), got ${JSON.stringify(baseUrl)}; plain http is accepted only on a loopback address`,
    ];
  }
  if (recipe.servesHost(url.hostname.toLowerCase())) return [];
  return [
    `oidc-provider: ${recipe.provider} mints a bearer for ${recipe.hosts}, but base-url is on ${url.hostname}; the bearer is sent to base-url's host only, so point base-url at the provider, or use oidc-provider: exchange with the token service of your gateway`,
  ];
}

function optionProblems(recipe: OidcRecipe, options: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  const known = new Set(recipe.keys.map((k) => k.name));
  for (const key of Object.keys(options)) {
    if (!known.has(key)) {
      problems.push(
        `oidc-options key ${JSON.stringify(key)} is not read by oidc-provider: ${recipe.provider}; it reads ${recipe.keys.map((k) => k.name).join(', ')}`,
      );
    }
  }
  for (const key of recipe.keys) {
    if (key.required && !options[key.name]) {
      problems.push(
        `oidc-provider: ${recipe.provider} needs the line \`${key.name}=…\` in oidc-options: ${key.about}`,
      );
    }
  }
  return problems;
}

function secureUrlProblems(label: string, value: string): string[] {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [`${label} must be an https URL, got ${JSON.stringify(value)}`];
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url))) return [];
  return [
    `${label} must be an https URL (the job's OIDC token must not travel in clear text), got ${JSON.stringify(value)}`,
  ];
}
