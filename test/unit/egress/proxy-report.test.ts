import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockedHostNames, blockedHostsNote } from '../../../src/egress/blocked-hosts-report.js';
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

describe('blocked hosts report', () => {
  it('lists each host with its count, in the order first refused', () => {
    const blocked = new Map([
      ['outside.test:8080', 2],
      ['evil.test', 1],
    ]);
    assert.deepEqual(blockedHostNames(blocked), ['outside.test:8080', 'evil.test']);
    const note = blockedHostsNote(blocked) ?? '';
    assert.match(note, /^\*\*Blocked hosts\*\* \(`network: allowlist`\)/);
    assert.match(note, /add it as a line of `allowed-domains`/);
    assert.match(note, /- `outside\.test:8080` \(2 requests\)\n- `evil\.test` \(1 request\)$/);
  });

  it('says nothing when nothing was refused', () => {
    assert.equal(blockedHostsNote(new Map()), undefined);
    assert.deepEqual(blockedHostNames(new Map()), []);
  });
});
