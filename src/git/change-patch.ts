/**
 * The run's change as one `git format-patch` mail that `git am` (and `git apply`) take on the
 * commit the run started from, however the change was committed. `format-patch` on HEAD is not
 * enough: after a commit through GitHub's API, HEAD is GitHub's commit fetched back shallow, its
 * parent cut off, so the patch would add every file of the repository as new. Here the patch is
 * made from a commit written for it, with the change's tree, message and author, whose parent is
 * the start commit; it lives only in the object store and no ref points at it.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ACTIONS_BOT, type Identity, PROTECTED_DIR } from './commit.js';
import type { GitCommandManager } from './git-command-manager.js';

/** `rev`'s tree (HEAD by default) against `base`, with `rev`'s message and author. Empty when nothing differs. */
export async function committedChangePatch(
  git: GitCommandManager,
  base: string,
  rev = 'HEAD',
): Promise<string> {
  const tree = (await git.exec(['rev-parse', `${rev}^{tree}`])).stdout.trim();
  const [authorName = '', authorEmail = '', authorDate = '', ...message] = (
    await git.exec(['log', '-1', '--format=%an%n%ae%n%aD%n%B', rev])
  ).stdout.split('\n');
  return patchOfTree(git, base, tree, {
    message: message.join('\n'),
    author: { name: authorName, email: authorEmail },
    date: authorDate,
  });
}

/**
 * The work tree's change since `base`, uncommitted (a fork's pull request, where nothing is
 * pushed), as a patch by the Actions bot with `message`. Workflow files are left out as a commit
 * leaves them out; the real index is not touched (a throw-away index file is used).
 */
export async function workTreeChangePatch(
  git: GitCommandManager,
  base: string,
  message: string,
): Promise<string> {
  const index = (await git.exec(['rev-parse', '--git-path', 'agent-action-patch.index'])).stdout.trim();
  const env = { GIT_INDEX_FILE: index };
  try {
    await git.exec(['read-tree', base], { env });
    await git.exec(['add', '--all', '--', '.', `:(exclude)${PROTECTED_DIR}`], { env });
    const tree = (await git.exec(['write-tree'], { env })).stdout.trim();
    return await patchOfTree(git, base, tree, { message, author: ACTIONS_BOT });
  } finally {
    await rm(path.resolve(git.cwd, index), { force: true });
  }
}

async function patchOfTree(
  git: GitCommandManager,
  base: string,
  tree: string,
  commit: { message: string; author: Identity; date?: string },
): Promise<string> {
  const baseTree = (await git.exec(['rev-parse', `${base}^{tree}`])).stdout.trim();
  if (tree === baseTree) return '';
  const { name, email } = commit.author;
  const sha = (
    await git.exec(['commit-tree', tree, '-p', base, '-F', '-'], {
      input: commit.message.trim() ? `${commit.message.trim()}\n` : 'Changes by agent-action\n',
      env: {
        GIT_AUTHOR_NAME: name,
        GIT_AUTHOR_EMAIL: email,
        ...(commit.date ? { GIT_AUTHOR_DATE: commit.date } : {}),
        // Committed by the Actions bot, never by the change's author: with the author as committer,
        // the same second and GitHub's own committer identity, this commit could be GitHub's commit
        // itself, byte for byte, which the shallow fetch marked as having no parent.
        GIT_COMMITTER_NAME: ACTIONS_BOT.name,
        GIT_COMMITTER_EMAIL: ACTIONS_BOT.email,
      },
    })
  ).stdout.trim();
  return (await git.exec(['format-patch', '--stdout', '--binary', '-1', sha])).stdout;
}

/** One changed file: lines added and removed (`binary` when git cannot count lines). */
export interface FileChange {
  path: string;
  added: number;
  removed: number;
  binary: boolean;
}

/** Files changed between `base` and `rev` (renames under their new name), from the diff itself. */
export async function changedFiles(
  git: GitCommandManager,
  base: string,
  rev = 'HEAD',
): Promise<FileChange[]> {
  const out = await git.exec(['diff', '--numstat', '-z', '--no-renames', base, rev], {
    allowAllExitCodes: true,
  });
  if (out.exitCode !== 0) return [];
  return out.stdout
    .split('\0')
    .filter((entry) => entry !== '')
    .flatMap((entry) => {
      const match = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(entry);
      if (!match) return [];
      const [, added = '0', removed = '0', file = ''] = match;
      const binary = added === '-';
      return [
        { path: file, added: binary ? 0 : Number(added), removed: binary ? 0 : Number(removed), binary },
      ];
    });
}
