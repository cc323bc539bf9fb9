/**
 * Google Cloud workload identity federation, for Vertex AI's OpenAI-compatible endpoint: the job's
 * token goes to the Security Token Service (RFC 8693, the JSON body of STS `v1/token`) for a
 * federated access token; when a service account is named, IAM Credentials'
 * `generateAccessToken` then trades that for the service account's own token (the path
 * google-github-actions/auth takes), else the federated token is used directly. Two documented
 * POSTs rather than google-auth-library's external-account client, which reads a credential
 * configuration file and the environment and would refresh on its own schedule, outside the
 * bearer source that masks every token and decides when to renew.
 */
import { OIDC_GOOGLE_TOKEN_LIFETIME_S } from '../../limits.js';
import { OidcError } from './oidc-error.js';
import type { Bearer, OidcRecipe } from './recipe.js';
import {
  ACCESS_TOKEN_TYPE,
  expiresIn,
  JWT_TOKEN_TYPE,
  postToken,
  stringField,
  TOKEN_EXCHANGE_GRANT,
} from './token-endpoint.js';

/** Google's Security Token Service. */
export const GOOGLE_STS_URL = 'https://sts.googleapis.com/v1/token';
/** IAM Credentials, where a service account's token is generated. */
export const GOOGLE_IAM_CREDENTIALS_URL = 'https://iamcredentials.googleapis.com';
/** Vertex AI takes tokens of this scope. */
export const GOOGLE_CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

const PROVIDER_NAME =
  /^projects\/\d+\/locations\/[^/\s]+\/workloadIdentityPools\/[^/\s]+\/providers\/[^/\s]+$/;

export const googleRecipe: OidcRecipe = {
  provider: 'google',
  title: 'Google Cloud',
  keys: [
    {
      name: 'workload-identity-provider',
      required: true,
      about:
        "the provider's full name, `projects/NUMBER/locations/global/workloadIdentityPools/POOL/providers/PROVIDER`",
    },
    {
      name: 'service-account',
      required: false,
      about: 'a service account email to impersonate; without it the federated token is used directly',
    },
    {
      name: 'iam-credentials-url',
      required: false,
      about: `IAM Credentials' base URL (default ${GOOGLE_IAM_CREDENTIALS_URL}; a Private Service Connect endpoint)`,
    },
  ],
  checkOptions(options) {
    const name = options['workload-identity-provider'];
    return name && !PROVIDER_NAME.test(name)
      ? [
          `oidc-options workload-identity-provider must look like projects/123456789/locations/global/workloadIdentityPools/POOL/providers/PROVIDER (the project number, not its id), got ${JSON.stringify(name)}`,
        ]
      : [];
  },
  // A provider without allowed audiences accepts its own full name with the https prefix.
  defaultAudience: (options) =>
    options['workload-identity-provider']
      ? `https://iam.googleapis.com/${options['workload-identity-provider']}`
      : undefined,
  defaultTokenUrl: () => GOOGLE_STS_URL,
  hosts: 'Google APIs (*.googleapis.com, e.g. us-central1-aiplatform.googleapis.com)',
  servesHost: (host) => host.endsWith('.googleapis.com'),
  identitySettings: ({ options, audience }) =>
    `the workload identity provider \`${options['workload-identity-provider']}\` (issuer https://token.actions.githubusercontent.com, allowed audience \`${audience}\`, its attribute condition)${options['service-account'] ? ` and \`roles/iam.workloadIdentityUser\` for this job's principal on \`${options['service-account']}\`` : " and Vertex AI access (e.g. roles/aiplatform.user) for this job's principal"}`,
  diagnose(refusal) {
    if (refusal.code === 'PERMISSION_DENIED' || refusal.status === 403)
      return "IAM Credentials refused to act as the service account: grant this job's principal (principalSet://…/attribute.repository/OWNER/REPO) `roles/iam.workloadIdentityUser` on it.";
    if (/attribute condition/i.test(refusal.message))
      return "The provider's attribute condition rejected this job's claims (repository, owner, ref).";
    return undefined;
  },
  async exchange(idToken, { settings, fetch, onSecret }) {
    const { options } = settings;
    // Without the `//` the STS names a provider by its resource name only.
    const audience = `//iam.googleapis.com/${options['workload-identity-provider']}`;
    const sts = await postToken(fetch, {
      url: settings.tokenUrl,
      body: {
        json: {
          audience,
          grantType: TOKEN_EXCHANGE_GRANT,
          requestedTokenType: ACCESS_TOKEN_TYPE,
          scope: GOOGLE_CLOUD_PLATFORM_SCOPE,
          subjectTokenType: JWT_TOKEN_TYPE,
          subjectToken: idToken,
        },
      },
    });
    const federated = stringField(sts, 'access_token');
    if (!federated) throw new OidcError(`${settings.tokenUrl} answered without an access_token`, 'malformed');
    onSecret(federated);
    const serviceAccount = options['service-account'];
    if (!serviceAccount) return { token: federated, lifetimeSeconds: expiresIn(sts) };
    return impersonate(
      fetch,
      options['iam-credentials-url'] || GOOGLE_IAM_CREDENTIALS_URL,
      serviceAccount,
      federated,
    );
  },
};

async function impersonate(
  fetchImpl: typeof fetch,
  iamCredentialsUrl: string,
  serviceAccount: string,
  federated: string,
): Promise<Bearer> {
  const url = `${iamCredentialsUrl.replace(/\/+$/, '')}/v1/projects/-/serviceAccounts/${encodeURIComponent(serviceAccount)}:generateAccessToken`;
  const json = await postToken(fetchImpl, {
    url,
    headers: { authorization: `Bearer ${federated}` },
    body: { json: { scope: [GOOGLE_CLOUD_PLATFORM_SCOPE], lifetime: `${OIDC_GOOGLE_TOKEN_LIFETIME_S}s` } },
  });
  const token = stringField(json, 'accessToken');
  if (!token) throw new OidcError(`${url} answered without an accessToken`, 'malformed');
  // `expireTime` is absolute, read against this runner's clock; the lifetime asked for caps it.
  const left = (Date.parse(stringField(json, 'expireTime') ?? '') - Date.now()) / 1000;
  const lifetimeSeconds =
    Number.isFinite(left) && left > 0
      ? Math.min(left, OIDC_GOOGLE_TOKEN_LIFETIME_S)
      : OIDC_GOOGLE_TOKEN_LIFETIME_S;
  return { token, lifetimeSeconds };
}
