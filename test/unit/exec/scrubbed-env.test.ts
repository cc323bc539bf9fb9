import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scrubbedEnv, withoutSecrets } from '../../../src/exec/scrubbed-env.js';

describe('scrubbedEnv', () => {
  const parent = {
    PATH: '/usr/bin:/bin',
    HOME: '/home/runner',
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    GITHUB_WORKSPACE: '/home/runner/work/r/r',
    GITHUB_TOKEN: 'ghs_abcdefghijklmnopqrstuvwxyz0123',
    'INPUT_GITHUB-TOKEN': 'ghs_abcdefghijklmnopqrstuvwxyz0123',
    'INPUT_API-KEY': 'sk-abcdefghijklmnopqrstuv',
    OPENAI_API_KEY: 'sk-abcdefghijklmnopqrstuv',
    ACTIONS_RUNTIME_TOKEN: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
    ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.example',
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'abc',
    AWS_SECRET_ACCESS_KEY: 'x',
    NPM_TOKEN: 'npm_x',
    GITHUB_EVENT_PATH: '/home/runner/work/_temp/event.json',
    SOME_RANDOM_VAR: 'keep-out',
  };

  it('keeps the allowlisted basics', () => {
    const env = scrubbedEnv(parent);
    for (const name of ['PATH', 'HOME', 'LANG', 'LC_ALL', 'RUNNER_OS', 'RUNNER_ARCH', 'GITHUB_WORKSPACE']) {
      assert.equal(env[name], parent[name as keyof typeof parent], name);
    }
    assert.equal(env.CI, 'true');
  });

  it('drops tokens, inputs, runner tokens and anything not allowlisted', () => {
    const env = scrubbedEnv(parent);
    for (const name of Object.keys(env)) {
      assert.ok(!/TOKEN|KEY|SECRET|^INPUT_|^ACTIONS_/.test(name), name);
    }
    assert.equal(env.SOME_RANDOM_VAR, undefined);
    assert.equal(env.GITHUB_EVENT_PATH, undefined);
  });

  it('drops an allowlisted name whose value looks like a token', () => {
    const env = scrubbedEnv({ PATH: '/bin', HOME: 'https://user:ghp_abcdefghijklmnopqrstuvwxyz0123@host' });
    assert.equal(env.HOME, undefined);
  });
});

describe('withoutSecrets', () => {
  it("keeps the runner's proxy and CA settings for git but drops inputs, runner tokens and secret names", () => {
    const env = withoutSecrets({
      PATH: '/usr/bin',
      HTTPS_PROXY: 'http://proxy.internal:3128',
      GIT_SSL_CAINFO: '/etc/ssl/ca.pem',
      'INPUT_GITHUB-TOKEN': 'ghs_abcdefghijklmnopqrstuvwxyz0123456789',
      'INPUT_API-KEY': 'sk-abcdefghijklmnopqrstuvwxyz',
      ACTIONS_RUNTIME_TOKEN: 'x',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'http://x',
      NPM_TOKEN: 'npm_x',
    });
    assert.deepEqual(env, {
      PATH: '/usr/bin',
      HTTPS_PROXY: 'http://proxy.internal:3128',
      GIT_SSL_CAINFO: '/etc/ssl/ca.pem',
    });
  });
});
