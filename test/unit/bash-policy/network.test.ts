/**
 * The bash policy and the `network` input: commands that download packages run only when a
 * registry can be reachable.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type BashPolicy, createBashPolicy } from '../../../src/bash-policy/index.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';

const FETCHERS = [
  'npm ci',
  'npm install',
  'npm clean-install',
  'pnpm install --frozen-lockfile',
  'yarn',
  'pip install -r requirements.txt',
  'pip install -e .',
  'go mod download',
];

/** Workspace code runs only in an isolated sandbox; the network rules come on top. */
const ISOLATED = { level: 'root+unshare', deliberate: false };
const ws = makePolicyWorkspace();
let off: BashPolicy;
let allowlist: BashPolicy;
before(async () => {
  off = await createBashPolicy({ workspace: ws.root, sandbox: ISOLATED });
  allowlist = await createBashPolicy({ workspace: ws.root, sandbox: ISOLATED, network: 'allowlist' });
});
after(() => ws.cleanup());

describe('bash policy and the network input', () => {
  it('refuses package downloads with `network: off` (the default), naming the setting', () => {
    for (const command of FETCHERS) {
      const verdict = off.check(command);
      assert.equal(verdict.allowed, false, command);
      if (!verdict.allowed) {
        assert.equal(verdict.rule, 'network-off', command);
        assert.match(verdict.message, /network: allowlist/);
      }
    }
  });

  it('allows them with `network: allowlist` and `on`', async () => {
    const on = await createBashPolicy({ workspace: ws.root, sandbox: ISOLATED, network: 'on' });
    for (const command of FETCHERS) {
      assert.deepEqual(allowlist.check(command), { allowed: true }, command);
      assert.deepEqual(on.check(command), { allowed: true }, command);
    }
  });

  it('still refuses installing a package by name or from another index, with any network', () => {
    for (const command of ['npm install left-pad', 'pip install evil', 'pip install -i http://x.test y']) {
      assert.equal(allowlist.check(command).allowed, false, command);
    }
  });

  it('leaves offline commands alone with `network: off`', () => {
    for (const command of ['npm test', 'go mod tidy', 'pip list', 'npm run build']) {
      assert.deepEqual(off.check(command), { allowed: true }, command);
    }
  });
});
