import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createWriterLedger } from '../../../src/git/work-tree-writers.js';
import type { CommandHost } from '../../../src/pipeline/command-host.js';
import { refreshIndex, touchedEveryFile } from '../../../src/pipeline/refresh-index.js';

describe('the index refresh after a sandbox set-up that touched every file', () => {
  let workspace: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@x', ...args], {
      cwd: workspace,
      encoding: 'utf8',
    });
  const host = (): CommandHost => ({
    workspace,
    tempDir: os.tmpdir(),
    env: { PATH: process.env['PATH'] },
    platform: process.platform,
    log: { info: () => {}, warning: () => {} },
    redact: (t) => t,
    signal: new AbortController().signal,
    writers: createWriterLedger(),
  });

  before(async () => {
    workspace = await mkdtemp(path.join(os.tmpdir(), 'refresh-index-'));
    git('init', '-q');
    for (let i = 0; i < 20; i++) await writeFile(path.join(workspace, `f${i}.txt`), `${i}\n`);
    git('add', '-A');
    git('commit', '-q', '-m', 'first');
  });
  after(() => rm(workspace, { recursive: true, force: true }));

  it('only ACL and group set-ups need it', () => {
    assert.equal(touchedEveryFile({ workspaceAccess: { kind: 'acl' } }), true);
    assert.equal(touchedEveryFile({ workspaceAccess: { kind: 'group' } }), true);
    assert.equal(touchedEveryFile({ workspaceAccess: { kind: 'idmap' } }), false);
    assert.equal(touchedEveryFile({}), false);
  });

  it('makes the index match files whose ctime changed, as setfacl leaves them', async () => {
    // A ctime a second later than the index's stat data, as an ACL walk after checkout leaves it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (let i = 0; i < 20; i++) await chmod(path.join(workspace, `f${i}.txt`), 0o644);
    assert.equal(git('diff-files', '--name-only').trim().split('\n').length, 20, 'control: all stale');
    await refreshIndex(host());
    assert.equal(git('diff-files', '--name-only'), '');
  });

  it('goes through the action git when given one, so its guard takes the index as its own', async () => {
    const seen: string[][] = [];
    await refreshIndex({
      ...host(),
      git: {
        cwd: workspace,
        exec: async (args) => {
          seen.push([...args]);
          return { exitCode: 0, stdout: '', stderr: '' };
        },
      },
    });
    assert.deepEqual(seen, [['update-index', '-q', '--refresh']]);
  });
});
