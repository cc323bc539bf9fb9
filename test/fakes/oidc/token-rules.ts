/**
 * What each provider's token endpoint checks, as its documentation describes the request (grant
 * type, subject token type, audience, client or identity ids) and the refusals it documents or is
 * reported to send (OAuth's `error`/`error_description`; Entra ID's AADSTS codes; Google's STS and
 * IAM Credentials shapes). Sources: OpenAI's workload identity token exchange reference; Microsoft's
 * client-credentials reference ("access token request with a federated credential") and federated
 * credential considerations; Google's STS `v1/token` and IAM Credentials `generateAccessToken`
 * references; OpenRouter's "Exchange a workload identity token" reference; RFC 8693.
 */
import type { FakeOidcIssuer, TokenProblem } from './oidc-issuer.js';

/** What the provider side was set up to trust (the README's provider-side setup, per recipe). */
export interface ProviderTrust {
  openai: { identityProviderId: string; serviceAccountId: string; audience: string };
  azure: { tenantId: string; clientId: string; audience: string; subject: string };
  google: { providerName: string; serviceAccount: string };
  openrouter: { policyId: string; audience: string; subject: string };
  exchange: { audience: string; target: string };
}

export const DEFAULT_TRUST: ProviderTrust = {
  openai: {
    identityProviderId: 'wip_68a1f3c2',
    serviceAccountId: 'svc_acct_5d2b',
    audience: 'https://api.openai.com/v1',
  },
  azure: {
    tenantId: '72f988bf-86f1-41af-91ab-2d7cd011db47',
    clientId: '1c5b7d2e-0f4a-4e8b-9d3c-6a2f1e0b9c8d',
    audience: 'api://AzureADTokenExchange',
    subject: 'repo:Codertocat/Hello-World:ref:refs/heads/main',
  },
  google: {
    providerName:
      'projects/123456789012/locations/global/workloadIdentityPools/github/providers/agent-action',
    serviceAccount: 'agent-action@my-project.iam.gserviceaccount.com',
  },
  openrouter: {
    policyId: '4b2f7d1e-8c3a-4e5f-9a6b-1c2d3e4f5a6b',
    audience: 'https://openrouter.ai',
    subject: 'repo:Codertocat/Hello-World:ref:refs/heads/main',
  },
  exchange: { audience: 'https://gateway.example', target: 'https://gateway.example' },
};

/** A parsed token request. */
export interface TokenCall {
  path: string;
  contentType: string;
  authorization: string | undefined;
  /** Form fields or the JSON body. */
  body: Record<string, any>;
}

/** A refusal, or the fields of a bearer to mint (its kind decides what the model fake accepts). */
export type RuleVerdict =
  | { refuse: { status: number; body: unknown } }
  | { mint: 'bearer' | 'federated'; respond: (token: string, lifetimeS: number) => unknown };

const EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const JWT = 'urn:ietf:params:oauth:token-type:jwt';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const ACCESS = 'urn:ietf:params:oauth:token-type:access_token';
const CLOUD_PLATFORM = 'https://www.googleapis.com/auth/cloud-platform';

const oauth = (status: number, error: string, description: string) => ({
  refuse: { status, body: { error, error_description: description } },
});

const standard = (token: string, lifetimeS: number) => ({
  access_token: token,
  issued_token_type: ACCESS,
  token_type: 'Bearer',
  expires_in: lifetimeS,
});

/** OpenAI: JSON body, documented parameters, the provider's issuer and audience. */
export function openaiRule(
  call: TokenCall,
  trust: ProviderTrust['openai'],
  issuer: FakeOidcIssuer,
): RuleVerdict {
  const b = call.body;
  if (!call.contentType.startsWith('application/json'))
    return oauth(400, 'invalid_request', 'The request body must be JSON.');
  if (b['grant_type'] !== EXCHANGE) return oauth(400, 'unsupported_grant_type', 'Unsupported grant_type.');
  if (b['subject_token_type'] !== JWT && b['subject_token_type'] !== ID_TOKEN)
    return oauth(400, 'invalid_request', 'Unsupported subject_token_type.');
  if (b['identity_provider_id'] !== trust.identityProviderId)
    return oauth(
      401,
      'invalid_grant',
      `Workload identity provider ${b['identity_provider_id']} was not found.`,
    );
  const checked = issuer.check(String(b['subject_token']), trust.audience);
  if ('problem' in checked) return oauth(401, 'invalid_grant', problemText(checked.problem));
  if (b['service_account_id'] !== trust.serviceAccountId)
    return oauth(403, 'access_denied', 'No service account mapping matches the subject token.');
  return { mint: 'bearer', respond: standard };
}

const AADSTS: Record<TokenProblem, [number, string]> = {
  malformed: [700025, 'Client assertion is not a valid JWT.'],
  signature: [700027, 'Client assertion failed signature validation.'],
  issuer: [700211, 'No matching federated identity record found for presented assertion issuer.'],
  audience: [700212, 'No matching federated identity record found for presented assertion audience.'],
  expired: [700024, 'Client assertion is not within its valid time range.'],
  'not-yet-valid': [700024, 'Client assertion is not within its valid time range.'],
};

const entra = (status: number, error: string, code: number, text: string) => ({
  refuse: {
    status,
    body: {
      error,
      error_description: `AADSTS${code}: ${text} Trace ID: 0b3c… Correlation ID: 9f1e… Timestamp: 2026-12-01 10:00:00Z`,
      error_codes: [code],
    },
  },
});

/** Entra ID: the client-credentials grant with the job's token as a federated client assertion. */
export function azureRule(
  call: TokenCall,
  trust: ProviderTrust['azure'],
  issuer: FakeOidcIssuer,
): RuleVerdict {
  const b = call.body;
  const tenant = /^\/azure\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(call.path)?.[1];
  if (tenant !== trust.tenantId) return entra(400, 'invalid_request', 90002, `Tenant '${tenant}' not found.`);
  if (!call.contentType.startsWith('application/x-www-form-urlencoded'))
    return entra(
      400,
      'invalid_request',
      900144,
      "The request body must contain the following parameter: 'grant_type'.",
    );
  if (b['grant_type'] !== 'client_credentials')
    return entra(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
  if (b['client_assertion_type'] !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
    return entra(400, 'invalid_request', 50027, 'Invalid client_assertion_type.');
  if (b['scope'] !== 'https://cognitiveservices.azure.com/.default')
    return entra(
      400,
      'invalid_scope',
      70011,
      `The provided value for the input parameter 'scope' is not valid.`,
    );
  if (b['client_id'] !== trust.clientId)
    return entra(
      400,
      'unauthorized_client',
      700016,
      `Application with identifier '${b['client_id']}' was not found.`,
    );
  const checked = issuer.check(String(b['client_assertion']), trust.audience);
  if ('problem' in checked) {
    const [code, text] = AADSTS[checked.problem];
    return entra(400, 'invalid_client', code, text);
  }
  if (checked.claims.sub !== trust.subject)
    return entra(
      400,
      'invalid_client',
      700213,
      'No matching federated identity record found for presented assertion subject.',
    );
  return {
    mint: 'bearer',
    respond: (token, lifetimeS) => ({
      token_type: 'Bearer',
      expires_in: lifetimeS,
      ext_expires_in: lifetimeS,
      access_token: token,
    }),
  };
}

/** Google STS: JSON, no Authorization header, the provider's full name as audience. */
export function googleStsRule(
  call: TokenCall,
  trust: ProviderTrust['google'],
  issuer: FakeOidcIssuer,
): RuleVerdict {
  const b = call.body;
  if (call.authorization) return oauth(400, 'invalid_request', 'The Authorization header must not be sent.');
  if (!call.contentType.startsWith('application/json'))
    return oauth(400, 'invalid_request', 'Invalid JSON payload received.');
  if (b['grantType'] !== EXCHANGE) return oauth(400, 'invalid_request', 'Invalid value for "grant_type".');
  if (b['requestedTokenType'] !== ACCESS)
    return oauth(400, 'invalid_request', 'Invalid value for "requested_token_type".');
  if (b['subjectTokenType'] !== JWT)
    return oauth(400, 'invalid_request', 'Invalid value for "subject_token_type".');
  if (
    !String(b['scope'] ?? '')
      .split(' ')
      .includes(CLOUD_PLATFORM)
  )
    return oauth(400, 'invalid_scope', 'Invalid value for "scope".');
  if (b['audience'] !== `//iam.googleapis.com/${trust.providerName}`)
    return oauth(
      400,
      'invalid_request',
      'Invalid value for "audience". This value should be the full resource name of the Identity Provider.',
    );
  const expected = `https://iam.googleapis.com/${trust.providerName}`;
  const checked = issuer.check(String(b['subjectToken']), expected);
  if ('problem' in checked) {
    return oauth(
      400,
      'invalid_grant',
      checked.problem === 'audience'
        ? `The audience in ID Token [${JSON.parse(Buffer.from(String(b['subjectToken']).split('.')[1] ?? '', 'base64url').toString()).aud}] does not match the expected audience ${expected}.`
        : problemText(checked.problem),
    );
  }
  return { mint: 'federated', respond: standard };
}

/** IAM Credentials `generateAccessToken`: a federated token may act as the service account it was granted. */
export function googleIamRule(
  call: TokenCall,
  trust: ProviderTrust['google'],
  federated: Set<string>,
): RuleVerdict {
  const token = call.authorization?.replace(/^Bearer /, '');
  if (!token || !federated.has(token))
    return {
      refuse: {
        status: 401,
        body: {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials.',
            status: 'UNAUTHENTICATED',
          },
        },
      },
    };
  const account = decodeURIComponent(
    /serviceAccounts\/([^:]+):generateAccessToken$/.exec(call.path)?.[1] ?? '',
  );
  if (
    account !== trust.serviceAccount ||
    !Array.isArray(call.body['scope']) ||
    !call.body['scope'].includes(CLOUD_PLATFORM)
  )
    return {
      refuse: {
        status: 403,
        body: {
          error: {
            code: 403,
            message:
              "Permission 'iam.serviceAccounts.getAccessToken' denied on resource (or it may not exist).",
            status: 'PERMISSION_DENIED',
          },
        },
      },
    };
  return {
    mint: 'bearer',
    respond: (minted, lifetimeS) => ({
      accessToken: minted,
      expireTime: new Date(Date.now() + lifetimeS * 1000).toISOString(),
    }),
  };
}

/** OpenRouter: form-encoded, a federation policy naming the token's `sub` and `aud`. */
export function openrouterRule(
  call: TokenCall,
  trust: ProviderTrust['openrouter'],
  issuer: FakeOidcIssuer,
): RuleVerdict {
  const b = call.body;
  if (!call.contentType.startsWith('application/x-www-form-urlencoded'))
    return oauth(400, 'invalid_request', 'The request body must be form-encoded.');
  if (b['grant_type'] !== EXCHANGE) return oauth(400, 'unsupported_grant_type', 'Unsupported grant_type.');
  if (b['subject_token_type'] !== JWT)
    return oauth(400, 'invalid_request', 'subject_token_type must be urn:ietf:params:oauth:token-type:jwt.');
  if (b['federation_policy_id'] !== trust.policyId)
    return oauth(400, 'invalid_request', 'Unknown federation policy.');
  const checked = issuer.check(String(b['subject_token']), trust.audience);
  if ('problem' in checked) return oauth(401, 'invalid_grant', problemText(checked.problem));
  if (checked.claims.sub !== trust.subject)
    return oauth(401, 'invalid_grant', 'The subject does not match the federation policy.');
  return {
    mint: 'bearer',
    respond: (token, lifetimeS) => ({ ...standard(token, Math.min(lifetimeS, 900)), scope: 'inference' }),
  };
}

/** A plain RFC 8693 token service. */
export function exchangeRule(
  call: TokenCall,
  trust: ProviderTrust['exchange'],
  issuer: FakeOidcIssuer,
): RuleVerdict {
  const b = call.body;
  if (!call.contentType.startsWith('application/x-www-form-urlencoded'))
    return oauth(400, 'invalid_request', 'Form-encoded body required.');
  if (b['grant_type'] !== EXCHANGE) return oauth(400, 'unsupported_grant_type', 'Unsupported grant_type.');
  if (b['subject_token_type'] !== JWT)
    return oauth(400, 'invalid_request', 'Unsupported subject_token_type.');
  if (b['requested_token_type'] !== undefined && b['requested_token_type'] !== ACCESS)
    return oauth(400, 'invalid_request', 'Unsupported requested_token_type.');
  if (b['audience'] !== trust.target)
    return oauth(400, 'invalid_target', `No tokens are issued for ${b['audience']}.`);
  const checked = issuer.check(String(b['subject_token']), trust.audience);
  if ('problem' in checked) return oauth(400, 'invalid_grant', problemText(checked.problem));
  return { mint: 'bearer', respond: standard };
}

function problemText(problem: TokenProblem): string {
  switch (problem) {
    case 'audience':
      return 'The subject token audience does not match.';
    case 'expired':
      return 'The subject token is expired.';
    case 'not-yet-valid':
      return 'The subject token is not yet valid (iat is in the future).';
    case 'issuer':
      return 'The subject token issuer is not trusted.';
    case 'signature':
      return 'The subject token signature is invalid.';
    case 'malformed':
      return 'The subject token is not a JWT.';
  }
}
