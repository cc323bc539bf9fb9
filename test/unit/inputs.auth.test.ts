import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError, loadConfig } from '../../src/inputs.js';
import { inputVariables, RUNNER_ENV } from '../helpers/runner-env.js';

/** A job granted `id-token: write`. */
const ID_TOKEN_ENV = {
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://pipelines.actions.githubusercontent.com/abc/idtoken?api-version=2.0',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'request-token',
};

const OPENAI = {
  auth: 'oidc',
  'oidc-provider': 'openai',
  'oidc-options': 'identity-provider-id=wip_1\nservice-account-id=svc_2',
};

function load(inputs: Record<string, string>, env: Record<string, string> = ID_TOKEN_ENV) {
  return loadConfig({ ...RUNNER_ENV, ...env, ...inputVariables(inputs) }, 'linux');
}

function problemsFor(inputs: Record<string, string>, env: Record<string, string> = ID_TOKEN_ENV): string[] {
  try {
    load(inputs, env);
  } catch (error) {
    assert.ok(error instanceof InputError, `expected InputError, got ${String(error)}`);
    return error.problems;
  }
  assert.fail('expected the config to be refused');
}

describe('loadConfig: auth and the oidc-* inputs', () => {
  it('defaults to the api-key input', () => {
    assert.deepEqual(load({}).llm.auth, { kind: 'api-key' });
  });

  it('fills in the provider’s documented audience and token endpoint', () => {
    assert.deepEqual(load(OPENAI).llm.auth, {
      kind: 'oidc',
      settings: {
        provider: 'openai',
        audience: 'https://api.openai.com/v1',
        tokenUrl: 'https://auth.openai.com/oauth/token',
        options: { 'identity-provider-id': 'wip_1', 'service-account-id': 'svc_2' },
      },
    });
    const azure = load({
      auth: 'oidc',
      'oidc-provider': 'azure',
      'base-url': 'https://my-resource.openai.azure.com/openai/v1',
      'oidc-options': '# the app registration\nTenant-ID = 72f988bf\nclient-id=1c5b\n',
    }).llm.auth;
    assert.ok(azure.kind === 'oidc');
    assert.equal(azure.settings.audience, 'api://AzureADTokenExchange');
    assert.equal(azure.settings.tokenUrl, 'https://login.microsoftonline.com/72f988bf/oauth2/v2.0/token');
    assert.deepEqual(azure.settings.options, { 'tenant-id': '72f988bf', 'client-id': '1c5b' });
    const google = load({
      auth: 'oidc',
      'oidc-provider': 'google',
      'base-url':
        'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/endpoints/openapi',
      'oidc-options':
        'workload-identity-provider=projects/123/locations/global/workloadIdentityPools/gh/providers/agent',
      'oidc-audience': 'custom-aud',
    }).llm.auth;
    assert.ok(google.kind === 'oidc');
    assert.equal(google.settings.audience, 'custom-aud');
    assert.equal(google.settings.tokenUrl, 'https://sts.googleapis.com/v1/token');
  });

  it('names the missing id-token: write permission and shows the YAML', () => {
    const [problem] = problemsFor(OPENAI, {});
    assert.match(problem!, /`id-token: write`/);
    assert.match(problem!, /^permissions:\n {2}id-token: write/m);
    assert.match(problem!, /ACTIONS_ID_TOKEN_REQUEST_URL is not set/);
  });

  it('refuses a stored key beside auth: oidc, and oidc-* inputs without it', () => {
    assert.match(problemsFor({ ...OPENAI, 'api-key': 'sk-x' }).join('\n'), /api-key is set but auth is oidc/);
    assert.deepEqual(problemsFor({ 'oidc-provider': 'openai', 'oidc-audience': 'x' }), [
      'oidc-provider, oidc-audience are set but auth is api-key; set `auth: oidc` to use them, or remove them',
    ]);
  });

  it('refuses each misconfiguration with the input and the fix', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { auth: 'oidc' },
        /auth: oidc needs oidc-provider, one of openai, azure, google, openrouter, exchange/,
      ],
      [{ ...OPENAI, 'oidc-provider': 'aws' }, /oidc-provider must be empty or one of openai, azure/],
      [
        { ...OPENAI, 'oidc-options': 'identity-provider-id=wip_1' },
        /needs the line `service-account-id=…` in oidc-options: the ID of the project's service account/,
      ],
      [
        { ...OPENAI, 'oidc-options': `${OPENAI['oidc-options']}\nservice-acount=x` },
        /oidc-options key "service-acount" is not read by oidc-provider: openai; it reads identity-provider-id, service-account-id, client-id/,
      ],
      [{ ...OPENAI, 'oidc-options': 'just words' }, /oidc-options must be one key=value per line/],
      [
        { ...OPENAI, 'oidc-options': 'a=1\nA=2' },
        /oidc-options must be one key=value per line, each key once/,
      ],
      [
        { ...OPENAI, 'base-url': 'http://api.openai.com/v1' },
        /base-url must be an https URL with auth: oidc .* plain http is accepted only on a loopback address/,
      ],
      [
        { ...OPENAI, 'base-url': 'https://openrouter.ai/api/v1' },
        /oidc-provider: openai mints a bearer for api\.openai\.com .* but base-url is on openrouter\.ai; .* oidc-provider: exchange/,
      ],
      [{ auth: 'oidc', 'oidc-provider': 'exchange' }, /oidc-provider: exchange needs oidc-token-url/],
      [
        { auth: 'oidc', 'oidc-provider': 'exchange', 'oidc-token-url': 'http://sts.example/token' },
        /oidc-token-url must be an https URL \(the job's OIDC token must not travel in clear text\)/,
      ],
      [
        {
          auth: 'oidc',
          'oidc-provider': 'google',
          'base-url': 'https://aiplatform.googleapis.com/v1/projects/p/locations/global/endpoints/openapi',
          'oidc-options':
            'workload-identity-provider=projects/my-project/locations/global/workloadIdentityPools/gh/providers/a',
        },
        /workload-identity-provider must look like projects\/123456789\/locations\/global\/.* \(the project number, not its id\)/,
      ],
    ];
    for (const [inputs, expected] of cases) assert.match(problemsFor(inputs).join('\n'), expected);
  });

  it('accepts http only on loopback, for a local endpoint or token service', () => {
    const auth = load({
      auth: 'oidc',
      'oidc-provider': 'exchange',
      'base-url': 'http://127.0.0.1:8080/v1',
      'oidc-token-url': 'http://localhost:9000/token',
      'oidc-options': 'audience=https://gateway.example',
    }).llm.auth;
    assert.ok(auth.kind === 'oidc');
    // The token service checks the job's token, so it is the default audience.
    assert.equal(auth.settings.audience, 'http://localhost:9000');
  });
});
