import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkoutRef } from '../../../src/git/checkout.js';
import { commitAll } from '../../../src/git/commit.js';
import type { GitCommandManager } from '../../../src/git/git-command-manager.js';
import { pushWithRebase } from '../../../src/git/push-with-rebase.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { gitWorkspace } from '../../helpers/git-workspace.js';

const CALC = 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n';
const { server } = await useFakeGitHub({ files: { 'src/calc.ts': CALC, 'README.md': '# r\n' } });

/** A PR branch on the fake, checked out shallowly as a run does, with the agent's commit on top. */
async function agentCommitOn(branch: string, change: Record<string, string>) {
  const main = (await server.git.resolve('main'))!;
  await server.git.commit(branch, { 'feature.txt': 'feature\n' }, 'feature work', main);
  const { dir, git } = await gitWorkspace('push-rebase-', server);
  const checkout = await checkoutRef(git, { remoteUrl: server.cloneUrl, branch, from: [{ branch }] });
  for (const [file, text] of Object.entries(change)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const commit = await commitAll(git, {
    message: 'Make b a named constant',
    author: { name: 'Agent', email: 'agent@example.com' },
    runUrl: 'http://x/runs/1',
    startSha: checkout.headSha,
  });
  assert.ok(commit.sha);
  return { dir, git, expectedSha: checkout.remoteSha!, agentSha: commit.sha };
}

/** The same manager, but `onPush` runs right before each `git push`: a push racing the run's. */
function racing(git: GitCommandManager, onPush: (n: number) => Promise<void>): GitCommandManager {
  let pushes = 0;
  return {
    cwd: git.cwd,
    exec: async (args, options) => {
      if (args[0] === 'push') await onPush(++pushes);
      return git.exec(args, options);
    },
  };
}

const NAMED_B = CALC.replace('export const b = 2;', 'const TWO = 2;\nexport const b = TWO;');

describe('pushWithRebase', () => {
  it('pushes with the lease when the branch did not move', async () => {
    const { git, expectedSha, agentSha } = await agentCommitOn('pr-still', { 'src/calc.ts': NAMED_B });
    const result = await pushWithRebase(git, { remoteUrl: server.cloneUrl, branch: 'pr-still', expectedSha });
    assert.deepEqual(result, { kind: 'pushed', sha: agentSha, rebasedOnto: null });
    assert.equal(await server.git.resolve('pr-still'), agentSha);
    assert.equal(await server.git.readFile('pr-still', 'src/calc.ts'), NAMED_B);
  });

  it('rebases once onto a branch that moved, keeping the author and leftover files', async () => {
    const { dir, git, expectedSha } = await agentCommitOn('pr-moved', {
      'src/calc.ts': NAMED_B,
      '.github/workflows/ci.yml': 'on: push\n',
    });
    const moved = await server.git.commit(
      'pr-moved',
      { 'README.md': '# r\n\nMore docs.\n' },
      'docs by a human',
    );
    const result = await pushWithRebase(git, { remoteUrl: server.cloneUrl, branch: 'pr-moved', expectedSha });
    assert.equal(result.kind, 'pushed');
    assert.equal(result.kind === 'pushed' && result.rebasedOnto, moved);
    const [ours, theirs] = await server.git.log('pr-moved', 2);
    assert.equal(ours?.sha, result.kind === 'pushed' ? result.sha : '');
    assert.deepEqual(ours?.parents, [moved]);
    assert.equal(theirs?.subject, 'docs by a human');
    assert.equal(ours?.subject, 'Make b a named constant');
    assert.equal(ours?.author.name, 'Agent');
    assert.equal(await server.git.readFile('pr-moved', 'src/calc.ts'), NAMED_B);
    assert.equal(await server.git.readFile('pr-moved', 'README.md'), '# r\n\nMore docs.\n');
    assert.equal(await server.git.readFile('pr-moved', '.github/workflows/ci.yml'), undefined);
    // The refused workflow file is still in the work tree, untouched by the rebase.
    assert.equal(await readFile(path.join(dir, '.github/workflows/ci.yml'), 'utf8'), 'on: push\n');
  });

  it('stops on a conflicting move: rebase aborted, nothing pushed, a clear message', async () => {
    const { dir, git, expectedSha, agentSha } = await agentCommitOn('pr-conflict', {
      'src/calc.ts': NAMED_B,
    });
    const moved = await server.git.commit(
      'pr-conflict',
      { 'src/calc.ts': CALC.replace('b = 2', 'b = 22') },
      'human edit',
    );
    const result = await pushWithRebase(git, {
      remoteUrl: server.cloneUrl,
      branch: 'pr-conflict',
      expectedSha,
    });
    assert.equal(result.kind, 'conflict');
    if (result.kind !== 'conflict') return;
    assert.equal(result.remoteSha, moved);
    assert.deepEqual(result.files, ['src/calc.ts']);
    assert.match(
      result.message,
      /^The branch `pr-conflict` moved while the agent worked \(it is now at [0-9a-f]{7}\), and the agent's change conflicts with the new commits in `src\/calc\.ts`\. Nothing was pushed\./,
    );
    assert.equal(await server.git.resolve('pr-conflict'), moved);
    // The checkout is back where it was: the agent's commit, no rebase in progress, clean tree.
    assert.equal((await git.exec(['rev-parse', 'HEAD'])).stdout.trim(), agentSha);
    assert.equal(existsSync(path.join(dir, '.git/rebase-merge')), false);
    assert.equal((await git.exec(['status', '--porcelain'])).stdout, '');
  });

  it('re-checks at the push: a branch moved between the check and the push is rebased', async () => {
    const { git, expectedSha } = await agentCommitOn('pr-race', { 'src/calc.ts': NAMED_B });
    let raced = '';
    const git2 = racing(git, async (n) => {
      if (n === 1) raced = await server.git.commit('pr-race', { 'other.txt': 'racing run\n' }, 'racing run');
    });
    const result = await pushWithRebase(git2, { remoteUrl: server.cloneUrl, branch: 'pr-race', expectedSha });
    assert.equal(result.kind, 'pushed');
    assert.equal(result.kind === 'pushed' && result.rebasedOnto, raced);
    assert.deepEqual((await server.git.log('pr-race', 1))[0]?.parents, [raced]);
    assert.equal(await server.git.readFile('pr-race', 'other.txt'), 'racing run\n');
  });

  it('rebases only once: a branch that keeps moving is left alone', async () => {
    const { git, expectedSha } = await agentCommitOn('pr-busy', { 'src/calc.ts': NAMED_B });
    const git2 = racing(git, async (n) => {
      await server.git.commit('pr-busy', { [`busy-${n}.txt`]: 'x\n' }, `busy ${n}`);
    });
    const result = await pushWithRebase(git2, { remoteUrl: server.cloneUrl, branch: 'pr-busy', expectedSha });
    assert.equal(result.kind, 'rejected');
    assert.match(result.kind === 'rejected' ? result.message : '', /moved again .* nothing was pushed/);
    assert.equal((await server.git.log('pr-busy', 1))[0]?.subject, 'busy 2');
  });

  it('reports a deleted branch, and a change the branch already has', async () => {
    const gone = await agentCommitOn('pr-gone', { 'src/calc.ts': NAMED_B });
    await server.git.git(['update-ref', '-d', 'refs/heads/pr-gone']);
    const result = await pushWithRebase(gone.git, {
      remoteUrl: server.cloneUrl,
      branch: 'pr-gone',
      expectedSha: gone.expectedSha,
    });
    assert.equal(result.kind, 'rejected');
    assert.match(result.kind === 'rejected' ? result.message : '', /no longer exists/);

    const same = await agentCommitOn('pr-same', { 'src/calc.ts': NAMED_B });
    const theirs = await server.git.commit(
      'pr-same',
      { 'src/calc.ts': NAMED_B },
      'a human made the same change',
    );
    const upToDate = await pushWithRebase(same.git, {
      remoteUrl: server.cloneUrl,
      branch: 'pr-same',
      expectedSha: same.expectedSha,
    });
    assert.deepEqual(upToDate, { kind: 'up-to-date', sha: theirs, rebasedOnto: theirs });
    assert.equal(await server.git.resolve('pr-same'), theirs);
  });
});
