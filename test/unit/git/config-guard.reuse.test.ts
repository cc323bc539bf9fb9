/**
 * When the guard reuses its listing of the attribute files (a walk of the whole tree at 100k
 * files) and when it must list again: every writer the ledger hears of, one still running, one
 * that came and went during the walk, the action's own commands that write the work tree, and
 * levels whose commands may leave processes behind. The same ledger lets the guard skip reading
 * `.git` before a command when nothing else ran since its last read.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { guardRepositoryConfig, NewAttributeDriverError } from '../../../src/git/config-guard.js';
import { createGitCommandManager, type GitCommandManager } from '../../../src/git/git-command-manager.js';
import { createWriterLedger, type WriterLedger } from '../../../src/git/work-tree-writers.js';

const root = mkdtempSync(path.join(tmpdir(), 'config-guard-reuse-'));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    encoding: 'utf8',
  });

/** A repository with one harmless attribute line and a branch `other` that adds a driver line. */
function repo(): string {
  const dir = path.join(root, `r${++counter}`);
  mkdirSync(dir);
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(dir, '.gitattributes'), '*.bin -text\n');
  writeFileSync(path.join(dir, 'a.txt'), 'a\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'a');
  git(dir, 'checkout', '-qb', 'other');
  mkdirSync(path.join(dir, 'lib'));
  writeFileSync(path.join(dir, 'lib', '.gitattributes'), '*.lfs filter=lfs\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'lfs');
  git(dir, 'checkout', '-q', 'main');
  return dir;
}

/** The guard over a manager that counts its attribute listings; `during` runs inside each one. */
function guarded(dir: string, writers: WriterLedger, during: () => void = () => {}) {
  const inner = createGitCommandManager({
    cwd: dir,
    token: '',
    serverUrl: 'http://git.invalid',
    env: { PATH: process.env['PATH'] },
  });
  let listings = 0;
  const counting: GitCommandManager = {
    cwd: dir,
    async exec(args, options) {
      const listing = args.includes('ls-files') && args.some((a) => a.includes('.gitattributes'));
      if (listing) listings++;
      const result = await inner.exec(args, options);
      if (listing) during();
      return result;
    },
  };
  const guard = guardRepositoryConfig(counting, () => {}, writers);
  return { guard, listings: () => listings };
}

const plantDriver = (dir: string) => writeFileSync(path.join(dir, '.gitattributes'), '*.txt filter=evil\n');

describe('the guard reuses its attribute listing only while nothing else can have written', () => {
  it('lists once for a run of action commands with no writer in between', async () => {
    const dir = repo();
    const { guard, listings } = guarded(dir, createWriterLedger());
    await guard.snapshot();
    await guard.git.exec(['status', '--porcelain']);
    writeFileSync(path.join(dir, 'a.txt'), 'b\n');
    await guard.git.exec(['add', '--all']);
    await guard.git.exec(['diff', '--cached', '--name-only']);
    await guard.git.exec(['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'b']);
    await guard.git.exec(['reset', '--soft', 'HEAD~1']);
    await guard.git.exec(['log', '-1']);
    assert.equal(listings(), 1);
  });

  it('lists again after a writer, and refuses the driver it added', async () => {
    const dir = repo();
    const writers = createWriterLedger();
    const { guard, listings } = guarded(dir, writers);
    await guard.snapshot();
    await guard.git.exec(['status']);
    const ended = writers.begin();
    plantDriver(dir);
    ended();
    await assert.rejects(guard.git.exec(['add', '--all']), NewAttributeDriverError);
    assert.equal(listings(), 2);
  });

  it('reuses nothing while a writer is still running (a server, a tool call)', async () => {
    const dir = repo();
    const writers = createWriterLedger();
    const { guard, listings } = guarded(dir, writers);
    await guard.snapshot();
    const ended = writers.begin();
    await guard.git.exec(['status']);
    plantDriver(dir);
    await assert.rejects(guard.git.exec(['diff']), NewAttributeDriverError);
    ended();
    assert.equal(listings(), 3);
  });

  it('does not miss a writer that came and went while the tree was being listed', async () => {
    const dir = repo();
    const writers = createWriterLedger();
    let walks = 0;
    // The second walk has listed the files when a writer adds one in a new folder: too late for it.
    const { guard } = guarded(dir, writers, () => {
      if (++walks !== 2) return;
      const ended = writers.begin();
      mkdirSync(path.join(dir, 'late'));
      writeFileSync(path.join(dir, 'late', '.gitattributes'), '* filter=evil\n');
      ended();
    });
    await guard.snapshot();
    writers.begin()();
    await guard.git.exec(['status']);
    await assert.rejects(guard.git.exec(['diff']), /late\/\.gitattributes/);
  });

  it("lists again after the action's own command that writes the work tree, and takes its attribute files as the new start", async () => {
    const dir = repo();
    const { guard, listings } = guarded(dir, createWriterLedger());
    await guard.snapshot();
    await guard.git.exec(['checkout', '-q', 'other']);
    const afterCheckout = listings();
    assert.equal(afterCheckout, 2, 'the snapshot, then after the checkout');
    await guard.git.exec(['diff']);
    await guard.git.exec(['status']);
    assert.equal(listings(), afterCheckout);
  });

  it('treats a subcommand it does not know as one that writes the work tree', async () => {
    const dir = repo();
    const { guard, listings } = guarded(dir, createWriterLedger());
    await guard.snapshot();
    await guard.git.exec(['status']);
    await guard.git.exec(['clean', '-n']);
    // A driver line now on disk (the action's unknown command could have written it) is seen.
    plantDriver(dir);
    await assert.rejects(guard.git.exec(['status']), NewAttributeDriverError);
    assert.equal(listings(), 2);
  });

  it('never reuses where commands may leave processes behind', async () => {
    const dir = repo();
    const writers = createWriterLedger();
    writers.outlivable();
    const { guard, listings } = guarded(dir, writers);
    await guard.snapshot();
    await guard.git.exec(['status']);
    plantDriver(dir);
    await assert.rejects(guard.git.exec(['diff']), NewAttributeDriverError);
    assert.equal(listings(), 3);
  });

  it('puts back what a writer changed in .git, and what changed while one was running', async () => {
    const dir = repo();
    const writers = createWriterLedger();
    const { guard } = guarded(dir, writers);
    await guard.snapshot();
    const config = path.join(dir, '.git', 'config');
    const before = readFileSync(config, 'utf8');
    await guard.git.exec(['status']);
    writers.begin()();
    appendFileSync(config, '[core]\n\tpager = evil\n');
    await guard.git.exec(['status']);
    assert.equal(readFileSync(config, 'utf8'), before, 'after a writer');
    const ended = writers.begin();
    await guard.git.exec(['status']);
    appendFileSync(config, '[core]\n\tpager = evil\n');
    await guard.git.exec(['status']);
    ended();
    assert.equal(readFileSync(config, 'utf8'), before, 'while one ran');
  });
});
