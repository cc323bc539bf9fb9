/**
 * OpenRouter's workload identity federation (an organisation feature, Settings → Workload
 * identity): the job's token is exchanged (RFC 8693, form-encoded, as OpenRouter's "Exchange a
 * workload identity token" reference documents) under one federation policy, for an access token
 * that acts as the API key the policy targets and lives 15 minutes at most.
 */
import { OidcError } from './oidc-error.js';
import type { OidcRecipe } from './recipe.js';
import { expiresIn, JWT_TOKEN_TYPE, postToken, stringField, TOKEN_EXCHANGE_GRANT } from './token-endpoint.js';

/** OpenRouter's token endpoint. */
export const OPENROUTER_TOKEN_URL = 'https://openrouter.ai/api/v1/oauth/token';

/**
 * A policy names any audience it likes and the job must request the same; OpenRouter's examples
 * use its own origin, so that is the default.
 */
export const OPENROUTER_DEFAULT_AUDIENCE = 'https://openrouter.ai';

export const openrouterRecipe: OidcRecipe = {
  provider: 'openrouter',
  title: 'OpenRouter',
  keys: [
    {
      name: 'federation-policy-id',
      required: true,
      about: "the federation policy's id (Settings → Workload identity, shown under the policy's name)",
    },
  ],
  defaultAudience: () => OPENROUTER_DEFAULT_AUDIENCE,
  defaultTokenUrl: () => OPENROUTER_TOKEN_URL,
  hosts: 'openrouter.ai',
  servesHost: (host) => host === 'openrouter.ai' || host.endsWith('.openrouter.ai'),
  identitySettings: ({ options, audience }) =>
    `the federation policy \`${options['federation-policy-id']}\`: its issuer (https://token.actions.githubusercontent.com), its subject (exactly this job's \`sub\`) and its audience (\`${audience}\`)`,
  async exchange(idToken, { settings, fetch }) {
    const json = await postToken(fetch, {
      url: settings.tokenUrl,
      body: {
        form: {
          federation_policy_id: settings.options['federation-policy-id'] ?? '',
          grant_type: TOKEN_EXCHANGE_GRANT,
          subject_token: idToken,
          subject_token_type: JWT_TOKEN_TYPE,
        },
      },
    });
    const token = stringField(json, 'access_token');
    if (!token) throw new OidcError(`${settings.tokenUrl} answered without an access_token`, 'malformed');
    return { token, lifetimeSeconds: expiresIn(json) };
  },
};
