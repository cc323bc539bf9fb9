import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { guardRepositoryConfig } from '../../../src/git/config-guard.js';
import { createGitCommandManager } from '../../../src/git/git-command-manager.js';
import { createWriterLedger } from '../../../src/git/work-tree-writers.js';

/** Writers as at levels `none` and `landlock`: nothing the guard listed is reused. */
function unknownWriters() {
  const ledger = createWriterLedger();
  ledger.outlivable();
  return ledger;
}

const root = mkdtempSync(path.join(tmpdir(), 'config-guard-'));
after(() => rmSync(root, { recursive: true, force: true }));

function repo(name: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir);
  execFileSync('git', ['init', '-q', dir]);
  writeFileSync(path.join(dir, 'a.txt'), 'a\n');
  execFileSync('git', ['-C', dir, 'add', '.']);
  execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'a']);
  writeFileSync(path.join(dir, 'a.txt'), 'b\n');
  return dir;
}

const manager = (cwd: string) =>
  createGitCommandManager({
    cwd,
    token: '',
    serverUrl: 'http://git.invalid',
    env: { PATH: process.env['PATH'] },
  });

describe('git configuration guard', () => {
  it('puts back .git/config and .git/info/ before the next action git command, with a warning', async () => {
    const dir = repo('restore');
    const marker = path.join(root, 'restore-ran');
    const warnings: string[] = [];
    const guard = guardRepositoryConfig(manager(dir), (m) => warnings.push(m), unknownWriters());
    await guard.snapshot();
    const before = readFileSync(path.join(dir, '.git', 'config'), 'utf8');
    appendFileSync(path.join(dir, '.git', 'config'), `[diff]\n\texternal = "touch ${marker}"\n`);
    mkdirSync(path.join(dir, '.git', 'info'), { recursive: true });
    writeFileSync(path.join(dir, '.git', 'info', 'attributes'), '* diff=x\n');
    await guard.git.exec(['diff']);
    assert.equal(existsSync(marker), false, 'diff.external ran');
    assert.equal(readFileSync(path.join(dir, '.git', 'config'), 'utf8'), before);
    assert.equal(existsSync(path.join(dir, '.git', 'info', 'attributes')), false);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /\.git\/config, \.git\/info\/attributes/);
    assert.deepEqual(guard.warnings, warnings);
  });

  it("keeps the action's own changes: they become the snapshot", async () => {
    const dir = repo('own');
    const warnings: string[] = [];
    const guard = guardRepositoryConfig(manager(dir), (m) => warnings.push(m), unknownWriters());
    await guard.snapshot();
    await guard.git.exec(['config', 'branch.main.remote', 'origin']);
    await guard.git.exec(['status']);
    assert.match(readFileSync(path.join(dir, '.git', 'config'), 'utf8'), /remote = origin/);
    assert.deepEqual(warnings, []);
  });

  it('overrides the execution settings on every command, as a second line', async () => {
    const dir = repo('override');
    const marker = path.join(root, 'override-ran');
    execFileSync('git', ['-C', dir, 'config', 'core.fsmonitor', `touch ${marker}; false`]);
    execFileSync('git', ['-C', dir, 'config', 'core.pager', `touch ${marker}`]);
    // Without the guard's snapshot (the config was like this before the run), the -c overrides hold.
    await manager(dir).exec(['status']);
    await manager(dir).exec(['log', '-1']);
    assert.equal(existsSync(marker), false);
    execFileSync('git', ['-C', dir, 'status'], { stdio: 'ignore' });
    assert.equal(existsSync(marker), true, 'the same config does run the program in plain git');
  });
});
