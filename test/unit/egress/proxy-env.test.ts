import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proxyEnv } from '../../../src/egress/proxy-env.js';

describe('proxy variables', () => {
  it('point every tool family at the forwarder and keep only localhost direct', () => {
    const env = proxyEnv(4321);
    for (const name of [
      'HTTPS_PROXY',
      'HTTP_PROXY',
      'https_proxy',
      'http_proxy',
      'npm_config_proxy',
      'npm_config_https_proxy',
      'PIP_PROXY',
    ]) {
      assert.equal(env[name], 'http://127.0.0.1:4321', name);
    }
    assert.equal(env['NO_PROXY'], 'localhost,127.0.0.1');
    assert.equal(env['no_proxy'], 'localhost,127.0.0.1');
    assert.equal(env['NODE_USE_ENV_PROXY'], '1');
    assert.equal(env['npm_config_ignore_scripts'], 'true');
  });
});
