import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type BashPolicy, createBashPolicy } from '../../../src/bash-policy/index.js';
import { agentCommandEnv } from '../../../src/exec/scrubbed-env.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';

const ws = makePolicyWorkspace();
let policy: BashPolicy;
before(async () => {
  policy = await createBashPolicy({ workspace: ws.root, extraRules: [] });
});
after(() => ws.cleanup());

describe('agentCommandEnv', () => {
  it('adds the workspace as git safe.directory, bare repositories as explicit only and the minimal stat check, through GIT_CONFIG_*', () => {
    const env = agentCommandEnv(
      { PATH: '/usr/bin', GIT_CONFIG_COUNT: '3', GIT_CONFIG_KEY_2: 'core.pager', GITHUB_TOKEN: 'ghs_x' },
      '/home/runner/work/r/r',
    );
    assert.deepEqual(env, {
      PATH: '/usr/bin',
      CI: 'true',
      TERM: 'dumb',
      GIT_CONFIG_COUNT: '3',
      GIT_CONFIG_KEY_0: 'safe.directory',
      GIT_CONFIG_VALUE_0: '/home/runner/work/r/r',
      GIT_CONFIG_KEY_1: 'safe.bareRepository',
      GIT_CONFIG_VALUE_1: 'explicit',
      GIT_CONFIG_KEY_2: 'core.checkStat',
      GIT_CONFIG_VALUE_2: 'minimal',
    });
  });

  it('keeps git from finding a bare repository planted in a workspace folder, so its config never runs', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'bare-in-workspace-'));
    try {
      const planted = path.join(root, 'vendor', 'lib');
      execFileSync('git', ['init', '-q', '--bare', planted]);
      const marker = path.join(root, 'fsmonitor-ran');
      execFileSync('git', ['--git-dir', planted, 'config', 'core.fsmonitor', `touch ${marker}; false`]);
      const run = (env: Record<string, string>) =>
        spawnSync('git', ['status'], { cwd: planted, env, encoding: 'utf8' });
      const refused = run({ ...agentCommandEnv({ PATH: process.env['PATH'] }, root), HOME: root });
      assert.notEqual(refused.status, 0);
      assert.match(refused.stderr, /cannot use bare repository/);
      assert.equal(existsSync(marker), false, 'the planted config was not read');
      // Control: plain git walks into it and uses it.
      const found = run({ PATH: process.env['PATH'] ?? '', HOME: root, GIT_CONFIG_NOSYSTEM: '1' });
      assert.match(found.stderr + found.stdout, /must be run in a work tree/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
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
