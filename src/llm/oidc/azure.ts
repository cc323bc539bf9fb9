/**
 * Azure OpenAI through Entra ID workload identity federation: the job's token is the client
 * assertion of the client-credentials grant at the tenant's v2.0 token endpoint (the "access token
 * request with a federated credential" of Microsoft's client-credentials reference), for the
 * Cognitive Services scope Azure OpenAI takes. The only way in to a resource with keys disabled.
 * One documented POST rather than `@azure/identity`'s ClientAssertionCredential: that would bundle
 * MSAL for this one request, and the token must go through `postToken` (no redirects, the
 * refusal's AADSTS code kept for the message).
 */
import { isAzureAiHost } from '../endpoint.js';
import { OidcError } from './oidc-error.js';
import type { OidcRecipe } from './recipe.js';
import { expiresIn, postToken, stringField } from './token-endpoint.js';

/** The audience a federated identity credential accepts (Microsoft documents no other). */
export const AZURE_DEFAULT_AUDIENCE = 'api://AzureADTokenExchange';

/** The scope of Azure OpenAI (and Azure AI services) data-plane tokens. */
export const AZURE_COGNITIVE_SERVICES_SCOPE = 'https://cognitiveservices.azure.com/.default';

/** What Entra ID's AADSTS codes for federated credentials mean, as Microsoft documents them. */
const AADSTS: Record<string, string> = {
  '700024':
    "Entra ID found the job's token outside its valid time range: this runner's clock is off (clock skew), or the token expired before it was exchanged.",
  '700211':
    "The issuer does not match: the federated credential's issuer must be `https://token.actions.githubusercontent.com` (on GitHub Enterprise Server, `https://HOST/_services/token`).",
  '700212':
    "The audience does not match: the federated credential's audience must equal the audience of the job's token (`api://AzureADTokenExchange` unless `oidc-audience` says otherwise).",
  '700213':
    "The subject does not match: no federated credential's subject equals this job's `sub` (shown below), e.g. `repo:OWNER/REPO:ref:refs/heads/main` or `repo:OWNER/REPO:environment:NAME`.",
  '70021':
    "No federated credential matches this job's token (issuer, subject and audience); a credential added minutes ago may still be propagating.",
  '700016': 'The `client-id` is not an application (or managed identity) of tenant `tenant-id`.',
  '90002': 'The `tenant-id` names no Entra ID tenant.',
};

export const azureRecipe: OidcRecipe = {
  provider: 'azure',
  title: 'Azure (Entra ID)',
  keys: [
    { name: 'tenant-id', required: true, about: 'the Directory (tenant) ID' },
    {
      name: 'client-id',
      required: true,
      about:
        'the Application (client) ID of the app registration or user-assigned managed identity holding the federated credential',
    },
    {
      name: 'scope',
      required: false,
      about: `the token's scope (default \`${AZURE_COGNITIVE_SERVICES_SCOPE}\`)`,
    },
  ],
  defaultAudience: () => AZURE_DEFAULT_AUDIENCE,
  defaultTokenUrl: (options) =>
    options['tenant-id']
      ? `https://login.microsoftonline.com/${encodeURIComponent(options['tenant-id'])}/oauth2/v2.0/token`
      : undefined,
  hosts:
    'an Azure OpenAI or AI Foundry resource (*.openai.azure.com, *.cognitiveservices.azure.com, *.services.ai.azure.com)',
  servesHost: isAzureAiHost,
  identitySettings: ({ options, audience }) =>
    `the federated identity credential of client \`${options['client-id']}\` in tenant \`${options['tenant-id']}\` (issuer https://token.actions.githubusercontent.com, subject equal to this job's \`sub\`, audience \`${audience}\`) and its role on the resource (e.g. Cognitive Services OpenAI User)`,
  diagnose(refusal) {
    const code = /AADSTS(\d+)/.exec(refusal.message)?.[1];
    return code ? AADSTS[code] : undefined;
  },
  async exchange(idToken, { settings, fetch }) {
    const { options } = settings;
    const json = await postToken(fetch, {
      url: settings.tokenUrl,
      body: {
        form: {
          client_id: options['client-id'] ?? '',
          scope: options['scope'] || AZURE_COGNITIVE_SERVICES_SCOPE,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: idToken,
          grant_type: 'client_credentials',
        },
      },
    });
    const token = stringField(json, 'access_token');
    if (!token) throw new OidcError(`${settings.tokenUrl} answered without an access_token`, 'malformed');
    return { token, lifetimeSeconds: expiresIn(json) };
  },
};
