/**
 * A plain RFC 8693 token exchange at `oidc-token-url`, for gateways and token services that speak
 * the standard: the job's token as `subject_token`, the target named as `audience` (the base URL's
 * origin unless the options say otherwise), `resource`, `scope` and `client_id` when given.
 */
import { OidcError } from './oidc-error.js';
import type { OidcRecipe } from './recipe.js';
import {
  ACCESS_TOKEN_TYPE,
  expiresIn,
  JWT_TOKEN_TYPE,
  postToken,
  stringField,
  TOKEN_EXCHANGE_GRANT,
} from './token-endpoint.js';

const SUBJECT_TOKEN_TYPES: Record<string, string> = {
  jwt: JWT_TOKEN_TYPE,
  id_token: 'urn:ietf:params:oauth:token-type:id_token',
};

export const exchangeRecipe: OidcRecipe = {
  provider: 'exchange',
  title: 'the token service',
  keys: [
    {
      name: 'audience',
      required: false,
      about: "RFC 8693 `audience`, the service the bearer is for (default: the base-url's origin)",
    },
    { name: 'resource', required: false, about: 'RFC 8693 `resource`, a URI of the target' },
    { name: 'scope', required: false, about: 'RFC 8693 `scope`, space-separated' },
    { name: 'client-id', required: false, about: 'sent as `client_id`' },
    {
      name: 'subject-token-type',
      required: false,
      about: "`jwt` (default) or `id_token`: how the job's token is announced",
    },
  ],
  checkOptions: (options) =>
    options['subject-token-type'] && !SUBJECT_TOKEN_TYPES[options['subject-token-type']]
      ? [
          `oidc-options subject-token-type must be jwt or id_token, got ${JSON.stringify(options['subject-token-type'])}`,
        ]
      : [],
  // The token service is who checks the job's token, so it is the audience unless told otherwise.
  defaultAudience: (_options, tokenUrl) => new URL(tokenUrl).origin,
  defaultTokenUrl: () => undefined,
  hosts: 'any host',
  servesHost: () => true,
  identitySettings: ({ tokenUrl, audience }) =>
    `the token service at ${tokenUrl}: its trust in issuer https://token.actions.githubusercontent.com with audience \`${audience}\`, and its rules for this job's claims`,
  diagnose: (refusal) =>
    refusal.code === 'invalid_target'
      ? 'The token service will not issue a token for the requested target: check the `audience`, `resource` and `scope` options.'
      : undefined,
  async exchange(idToken, { settings, baseUrl, fetch }) {
    const { options } = settings;
    const form: Record<string, string> = {
      grant_type: TOKEN_EXCHANGE_GRANT,
      subject_token: idToken,
      subject_token_type: SUBJECT_TOKEN_TYPES[options['subject-token-type'] || 'jwt'] ?? JWT_TOKEN_TYPE,
      requested_token_type: ACCESS_TOKEN_TYPE,
      audience: options['audience'] || new URL(baseUrl).origin,
    };
    if (options['resource']) form['resource'] = options['resource'];
    if (options['scope']) form['scope'] = options['scope'];
    if (options['client-id']) form['client_id'] = options['client-id'];
    const json = await postToken(fetch, { url: settings.tokenUrl, body: { form } });
    const token = stringField(json, 'access_token');
    if (!token) throw new OidcError(`${settings.tokenUrl} answered without an access_token`, 'malformed');
    return { token, lifetimeSeconds: expiresIn(json) };
  },
};
