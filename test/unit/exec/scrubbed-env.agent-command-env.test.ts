import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { agentCommandEnv } from '../../../src/exec/scrubbed-env.js';
import { type BashPolicy, createBashPolicy } from '../../../src/safety/bash-policy/index.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';

const ws = makePolicyWorkspace();
let policy: BashPolicy;
before(async () => {
  policy = await createBashPolicy({ workspace: ws.root, extraRules: [] });
});
after(() => ws.cleanup());

describe('agentCommandEnv', () => {
  it('adds the workspace as git safe.directory through GIT_CONFIG_* on top of the scrubbed env', () => {
    const env = agentCommandEnv(
      { PATH: '/usr/bin', GIT_CONFIG_COUNT: '3', GIT_CONFIG_KEY_2: 'core.pager', GITHUB_TOKEN: 'ghs_x' },
      '/home/runner/work/r/r',
    );
    assert.deepEqual(env, {
      PATH: '/usr/bin',
      CI: 'true',
      TERM: 'dumb',
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'safe.directory',
      GIT_CONFIG_VALUE_0: '/home/runner/work/r/r',
    });
  });

  it('cannot be replaced from a command line: GIT_* prefixes, env, export and unset are refused', () => {
    for (const command of [
      'GIT_CONFIG_COUNT=0 git status',
      'GIT_CONFIG_VALUE_0=/ git log',
      'GIT_CONFIG_KEY_1=core.pager GIT_CONFIG_VALUE_1=id GIT_CONFIG_COUNT=2 git log',
      'env GIT_CONFIG_COUNT=0 git status',
      'export GIT_CONFIG_COUNT=0; git status',
      'GIT_CONFIG_COUNT=0; git status',
      'unset GIT_CONFIG_COUNT; git status',
      'git -c safe.directory=/ status',
      'git --config-env=core.pager=X log',
    ]) {
      const verdict = policy.check(command);
      assert.equal(verdict.allowed, false, `${command} must be refused`);
    }
    assert.deepEqual(policy.check('git status && git log -n 1'), { allowed: true });
  });
});
