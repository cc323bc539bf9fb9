/**
 * OpenAI's workload identity federation: the job's token is exchanged (RFC 8693, as JSON) at
 * OpenAI's token endpoint for a short-lived access token of one service account. The request is
 * the one OpenAI's token exchange reference documents (grant type, `subject_token_type` jwt,
 * `identity_provider_id`, `service_account_id`) and the one OpenAI's own SDK sends.
 */

import { OidcError } from './oidc-error.js';
import type { OidcRecipe } from './recipe.js';
import { expiresIn, JWT_TOKEN_TYPE, postToken, stringField, TOKEN_EXCHANGE_GRANT } from './token-endpoint.js';

/** OpenAI's token exchange endpoint. */
export const OPENAI_TOKEN_URL = 'https://auth.openai.com/oauth/token';

/** The audience OpenAI's GitHub Actions guide requests; the Workload Identity Provider must name the same. */
export const OPENAI_DEFAULT_AUDIENCE = 'https://api.openai.com/v1';

export const openaiRecipe: OidcRecipe = {
  provider: 'openai',
  title: 'OpenAI',
  keys: [
    {
      name: 'identity-provider-id',
      required: true,
      about:
        'the Workload Identity Provider ID (Organization settings → Security → Workload Identity Provider)',
    },
    {
      name: 'service-account-id',
      required: true,
      about: "the ID of the project's service account the provider's mapping lets this job act as",
    },
    { name: 'client-id', required: false, about: 'a client identifier, sent as `client_id` when given' },
  ],
  defaultAudience: () => OPENAI_DEFAULT_AUDIENCE,
  defaultTokenUrl: () => OPENAI_TOKEN_URL,
  // Data-residency hosts (`eu.api.openai.com`) take the same bearer.
  hosts: 'api.openai.com (or a data-residency host such as eu.api.openai.com)',
  servesHost: (host) => host === 'api.openai.com' || host.endsWith('.api.openai.com'),
  identitySettings: ({ options, audience }) =>
    `the Workload Identity Provider \`${options['identity-provider-id']}\` (issuer https://token.actions.githubusercontent.com, audience \`${audience}\`) and its mapping for service account \`${options['service-account-id']}\`, whose conditions must match this job's claims (repository, ref, environment)`,
  async exchange(idToken, { settings, fetch }) {
    const { options } = settings;
    const json = await postToken(fetch, {
      url: settings.tokenUrl,
      body: {
        json: {
          grant_type: TOKEN_EXCHANGE_GRANT,
          subject_token: idToken,
          subject_token_type: JWT_TOKEN_TYPE,
          identity_provider_id: options['identity-provider-id'],
          service_account_id: options['service-account-id'],
          ...(options['client-id'] ? { client_id: options['client-id'] } : {}),
        },
      },
    });
    const token = stringField(json, 'access_token');
    if (!token) throw new OidcError(`${settings.tokenUrl} answered without an access_token`, 'malformed');
    return { token, lifetimeSeconds: expiresIn(json) };
  },
};
