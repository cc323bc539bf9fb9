/**
 * Each recipe against the fake issuer (the runner's OIDC endpoint, reached through `@actions/core`
 * as in a job) and the fake token endpoints, which validate the requests as the providers
 * document them; and the messages a refusal turns into.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createBearerSource } from '../../../../src/llm/oidc/bearer-source.js';
import { requestIdTokenFromRunner } from '../../../../src/llm/oidc/id-token.js';
import { OidcError } from '../../../../src/llm/oidc/oidc-error.js';
import { OIDC_RECIPES, resolveOidcSettings } from '../../../../src/llm/oidc/oidc-settings.js';
import type { OidcProvider } from '../../../../src/llm/oidc/recipe.js';
import { type FakeOidcIssuer, startFakeOidcIssuer } from '../../../fakes/oidc/oidc-issuer.js';
import { type FakeTokenServices, startFakeTokenServices } from '../../../fakes/oidc/token-services.js';

const BASE_URLS: Record<OidcProvider, string> = {
  openai: 'https://api.openai.com/v1',
  azure: 'https://my-resource.openai.azure.com/openai/v1',
  google:
    'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/endpoints/openapi',
  openrouter: 'https://openrouter.ai/api/v1',
  exchange: 'https://gateway.example/v1',
};

interface Setup {
  issuer: FakeOidcIssuer;
  services: FakeTokenServices;
}

async function startSetup(clockOffsetS = 0): Promise<Setup> {
  const issuer = await startFakeOidcIssuer({ clockOffsetS });
  const services = await startFakeTokenServices({ issuer });
  return { issuer, services };
}

/** Points `@actions/core` at `issuer`, as a job with `id-token: write` is. */
function useIssuerEnv(issuer: FakeOidcIssuer, requestToken = issuer.requestToken): void {
  process.env['ACTIONS_ID_TOKEN_REQUEST_URL'] = issuer.requestUrl;
  process.env['ACTIONS_ID_TOKEN_REQUEST_TOKEN'] = requestToken;
}

function optionsFor(provider: OidcProvider, services: FakeTokenServices): Record<string, string> {
  const { trust } = services;
  switch (provider) {
    case 'openai':
      return {
        'identity-provider-id': trust.openai.identityProviderId,
        'service-account-id': trust.openai.serviceAccountId,
      };
    case 'azure':
      return { 'tenant-id': trust.azure.tenantId, 'client-id': trust.azure.clientId };
    case 'google':
      return {
        'workload-identity-provider': trust.google.providerName,
        'service-account': trust.google.serviceAccount,
        'iam-credentials-url': services.iamCredentialsUrl,
      };
    case 'openrouter':
      return { 'federation-policy-id': trust.openrouter.policyId };
    case 'exchange':
      return { audience: trust.exchange.target };
  }
}

function sourceFor(
  provider: OidcProvider,
  { services }: Setup,
  overrides: { options?: Record<string, string>; audience?: string; tokenUrl?: string } = {},
) {
  const resolved = resolveOidcSettings({
    provider,
    audience: overrides.audience,
    tokenUrl: overrides.tokenUrl ?? services.tokenUrl(provider),
    options: overrides.options ?? optionsFor(provider, services),
    baseUrl: BASE_URLS[provider],
  });
  assert.ok('settings' in resolved, JSON.stringify(resolved));
  const secrets: string[] = [];
  const logs: string[] = [];
  const source = createBearerSource({
    recipe: OIDC_RECIPES[provider],
    settings: resolved.settings,
    baseUrl: BASE_URLS[provider],
    requestIdToken: requestIdTokenFromRunner,
    onSecret: (s) => secrets.push(s),
    log: (m) => logs.push(m),
  });
  return { source, secrets, logs };
}

async function refusal(promise: Promise<unknown>): Promise<OidcError> {
  const error = await promise.then(
    () => assert.fail('expected the exchange to fail'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof OidcError, String(error));
  return error;
}

describe('the recipes, as each provider documents its exchange', () => {
  let setup: Setup;
  before(async () => {
    setup = await startSetup();
    useIssuerEnv(setup.issuer);
  });
  after(async () => {
    await setup.services.close();
    await setup.issuer.close();
  });
  const lastRequest = () => setup.services.requests.at(-1)!;

  it('openai: JSON token exchange with the identity provider and service account', async () => {
    const { source, secrets } = sourceFor('openai', setup);
    const bearer = await source.token();
    assert.equal(setup.issuer.audiences.at(-1), 'https://api.openai.com/v1');
    const request = lastRequest();
    assert.equal(request.status, 200);
    assert.match(request.contentType, /^application\/json/);
    assert.deepEqual(Object.keys(request.body).sort(), [
      'grant_type',
      'identity_provider_id',
      'service_account_id',
      'subject_token',
      'subject_token_type',
    ]);
    assert.equal(request.body['subject_token_type'], 'urn:ietf:params:oauth:token-type:jwt');
    assert.deepEqual(secrets, [setup.issuer.issued.at(-1), bearer]);
    assert.equal(await source.token(), bearer, 'a young bearer is reused');
  });

  it('azure: the client-credentials grant with the job token as the federated assertion', async () => {
    const { source } = sourceFor('azure', setup);
    const bearer = await source.token();
    const request = lastRequest();
    assert.equal(request.path, `/azure/${setup.services.trust.azure.tenantId}/oauth2/v2.0/token`);
    assert.deepEqual(request.body, {
      client_id: setup.services.trust.azure.clientId,
      scope: 'https://cognitiveservices.azure.com/.default',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: setup.issuer.issued.at(-1),
      grant_type: 'client_credentials',
    });
    assert.equal(setup.issuer.audiences.at(-1), 'api://AzureADTokenExchange');
    assert.ok(setup.services.minted.some((m) => m.token === bearer && m.provider === 'azure'));
  });

  it('google: STS, then the service account through IAM Credentials', async () => {
    const { source, secrets } = sourceFor('google', setup);
    const bearer = await source.token();
    const [sts, iam] = setup.services.requests.slice(-2);
    const provider = setup.services.trust.google.providerName;
    assert.equal(setup.issuer.audiences.at(-1), `https://iam.googleapis.com/${provider}`);
    assert.equal(sts!.provider, 'google');
    assert.equal(sts!.authorization, undefined, 'STS is called without an Authorization header');
    assert.equal(sts!.body['audience'], `//iam.googleapis.com/${provider}`);
    assert.equal(iam!.provider, 'google-iam');
    const federated = setup.services.minted.find(
      (m) => m.kind === 'federated' && iam!.authorization === `Bearer ${m.token}`,
    );
    assert.ok(federated, 'IAM Credentials got the federated token');
    assert.deepEqual(iam!.body, {
      scope: ['https://www.googleapis.com/auth/cloud-platform'],
      lifetime: '3600s',
    });
    assert.ok(setup.services.minted.some((m) => m.provider === 'google-iam' && m.token === bearer));
    assert.deepEqual(secrets, [setup.issuer.issued.at(-1), federated.token, bearer], 'every token is masked');
  });

  it('google without a service account uses the federated token directly', async () => {
    const options = optionsFor('google', setup.services);
    delete options['service-account'];
    const { source } = sourceFor('google', setup, { options });
    const bearer = await source.token();
    assert.equal(lastRequest().provider, 'google');
    assert.ok(setup.services.minted.some((m) => m.kind === 'federated' && m.token === bearer));
  });

  it('openrouter: form-encoded under the federation policy; 15 minutes at most', async () => {
    const { source, logs } = sourceFor('openrouter', setup);
    await source.token();
    assert.deepEqual(Object.keys(lastRequest().body).sort(), [
      'federation_policy_id',
      'grant_type',
      'subject_token',
      'subject_token_type',
    ]);
    assert.match(lastRequest().contentType, /^application\/x-www-form-urlencoded/);
    assert.equal(setup.issuer.audiences.at(-1), 'https://openrouter.ai');
    assert.match(logs.join('\n'), /with OpenRouter for a bearer valid 900 s/);
  });

  it('exchange: plain RFC 8693 naming the target as audience', async () => {
    const { source } = sourceFor('exchange', setup);
    await source.token();
    assert.equal(lastRequest().body['audience'], 'https://gateway.example');
    assert.equal(lastRequest().body['requested_token_type'], 'urn:ietf:params:oauth:token-type:access_token');
    assert.equal(
      setup.issuer.audiences.at(-1),
      setup.services.origin,
      'the token service is the default audience',
    );
  });

  it('names the audience mismatch in Entra ID’s own words, and the setting to check', async () => {
    const error = await refusal(sourceFor('azure', setup, { audience: 'api://wrong' }).source.token());
    assert.equal(error.failure, 'refused');
    assert.match(
      error.message,
      /^Azure \(Entra ID\) refused to exchange the job's OIDC token \(oidc-provider: azure\)/,
    );
    assert.match(
      error.message,
      /AADSTS700212: No matching federated identity record found for presented assertion audience/,
    );
    assert.match(error.message, /The audience does not match/);
    assert.match(error.message, /Check the federated identity credential of client `1c5b7d2e/);
    assert.match(error.message, /sub=repo:Codertocat\/Hello-World:ref:refs\/heads\/main, aud=api:\/\/wrong/);
  });

  it('names a subject no federated credential matches (AADSTS700213)', async () => {
    const services = await startFakeTokenServices({
      issuer: setup.issuer,
      trust: {
        azure: { ...setup.services.trust.azure, subject: 'repo:Codertocat/Hello-World:environment:prod' },
      },
    });
    try {
      const error = await refusal(sourceFor('azure', { ...setup, services }).source.token());
      assert.match(error.message, /The subject does not match/);
    } finally {
      await services.close();
    }
  });

  it('names IAM Credentials refusing the service account, and the role to grant', async () => {
    const options = {
      ...optionsFor('google', setup.services),
      'service-account': 'other@p.iam.gserviceaccount.com',
    };
    const error = await refusal(sourceFor('google', setup, { options }).source.token());
    assert.match(
      error.message,
      /HTTP 403 PERMISSION_DENIED: Permission 'iam\.serviceAccounts\.getAccessToken' denied/,
    );
    assert.match(error.message, /`roles\/iam\.workloadIdentityUser`/);
  });

  it('reads an audience refusal of a provider without documented codes', async () => {
    const error = await refusal(sourceFor('openai', setup, { audience: 'my-audience' }).source.token());
    assert.match(error.message, /HTTP 401 invalid_grant: The subject token audience does not match/);
    assert.match(
      error.message,
      /`oidc-audience` \(or its default\) must equal the audience the provider expects/,
    );
    assert.match(error.message, /Check the Workload Identity Provider `wip_68a1f3c2`/);
  });

  it('explains RFC 8693’s invalid_target', async () => {
    const error = await refusal(
      sourceFor('exchange', setup, { options: { audience: 'https://other.example' } }).source.token(),
    );
    assert.match(error.message, /invalid_target/);
    assert.match(error.message, /check the `audience`, `resource` and `scope` options/);
  });

  it('retries an unreachable token endpoint instead of failing the run', async () => {
    const error = await refusal(
      sourceFor('openrouter', setup, { tokenUrl: 'http://127.0.0.1:9/token' }).source.token(),
    );
    assert.equal(error.failure, 'unavailable');
    assert.equal(error.retryable, true);
  });

  it('says GitHub refused the job’s token request', async () => {
    useIssuerEnv(setup.issuer, 'not-the-request-token');
    try {
      const error = await refusal(sourceFor('openai', setup).source.token());
      assert.equal(error.failure, 'refused');
      assert.match(
        error.message,
        /GitHub did not issue the job's OIDC token \(audience "https:\/\/api\.openai\.com\/v1"\): .*401/,
      );
    } finally {
      useIssuerEnv(setup.issuer);
    }
  });
});

describe('a runner clock far from GitHub’s', () => {
  let setup: Setup;
  before(async () => {
    // GitHub's clock ten minutes ahead of this runner's: the token looks issued in the future.
    setup = await startSetup(600);
    useIssuerEnv(setup.issuer);
  });
  after(async () => {
    await setup.services.close();
    await setup.issuer.close();
  });

  it('is named with Entra ID’s clock-skew code and the measured offset', async () => {
    const error = await refusal(sourceFor('azure', setup).source.token());
    assert.match(error.message, /AADSTS700024: Client assertion is not within its valid time range/);
    assert.match(error.message, /this runner's clock is off \(clock skew\)/);
    assert.match(error.message, /This runner's clock is (599|600|601) s behind GitHub's/);
  });
});
