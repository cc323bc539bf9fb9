/**
 * Commits everything the agent changed as one commit by the action, with the triggering user as
 * co-author and a trailer that marks it as ours (the loop guard recognises it). Hooks never run
 * (the manager sets `core.hooksPath=/dev/null` per command), and nothing under
 * `.github/workflows/` is committed.
 */
import type { GitCommandManager } from './git-command-manager.js';

/** Trailer key on every commit the action makes; `gate.ts` looks for it. */
export const RUN_TRAILER = 'Agent-Action-Run';

/** Changes under this folder are never committed: the action does not edit workflows. */
export const PROTECTED_DIR = '.github/workflows/';

export interface Identity {
  name: string;
  email: string;
}

/** The default author: the Actions bot, as GitHub itself attributes `GITHUB_TOKEN` pushes. */
export const ACTIONS_BOT: Identity = {
  name: 'github-actions[bot]',
  email: '41898282+github-actions[bot]@users.noreply.github.com',
};

export interface CommitOptions {
  /** Commit message: subject line, then an optional body. Already redacted. */
  message: string;
  author: Identity;
  /** The triggering user, credited with a `Co-authored-by` trailer. */
  coAuthor?: { login: string; id?: number };
  /** Value of the {@link RUN_TRAILER} trailer, e.g. the run's URL. */
  runUrl: string;
  /** The commit the run started from; commits the agent made itself are folded into ours. */
  startSha: string;
}

export interface CommitResult {
  /** The new commit, or null when there was nothing to commit. */
  sha: string | null;
  /** Paths committed. */
  files: string[];
  /** Changed paths under `.github/workflows/` that were left out. */
  refused: string[];
}

/** `login <id+login@users.noreply.github.com>`, the address GitHub links to the account. */
export function coAuthorTrailer(user: { login: string; id?: number }): string {
  const email = user.id
    ? `${user.id}+${user.login}@users.noreply.github.com`
    : `${user.login}@users.noreply.github.com`;
  return `Co-authored-by: ${user.login} <${email}>`;
}

/** Subject cut to 72 characters, body kept, trailers appended after a blank line. */
export function composeMessage(message: string, trailers: string[]): string {
  const lines = message.trim().split('\n');
  let subject = (lines[0] ?? '').trim() || 'Agent changes';
  if (subject.length > 72) subject = `${subject.slice(0, 71)}…`;
  const body = lines.slice(1).join('\n').trim();
  return [subject, body, trailers.join('\n')].filter((part) => part !== '').join('\n\n') + '\n';
}

async function changedPaths(git: GitCommandManager, args: string[]): Promise<string[]> {
  const out = await git.exec([...args, '--name-only', '-z']);
  return out.stdout.split('\0').filter((p) => p !== '');
}

/** Stages all changes since `startSha` and commits them; see {@link CommitResult}. */
export async function commitAll(git: GitCommandManager, options: CommitOptions): Promise<CommitResult> {
  const head = (await git.exec(['rev-parse', 'HEAD'])).stdout.trim();
  if (head !== options.startSha) await git.exec(['reset', '--soft', options.startSha]);
  await git.exec(['add', '--all', '--', '.']);
  const staged = await changedPaths(git, ['diff', '--cached']);
  const refused = staged.filter((p) => p.startsWith(PROTECTED_DIR));
  if (refused.length > 0) await git.exec(['reset', '-q', '--', PROTECTED_DIR]);
  const files = staged.filter((p) => !p.startsWith(PROTECTED_DIR));
  if (files.length === 0) return { sha: null, files, refused };

  const trailers = [`${RUN_TRAILER}: ${options.runUrl}`];
  if (options.coAuthor) trailers.push(coAuthorTrailer(options.coAuthor));
  const { name, email } = options.author;
  await git.exec(['commit', '--quiet', '--no-verify', '--file=-'], {
    input: composeMessage(options.message, trailers),
    env: {
      GIT_AUTHOR_NAME: name,
      GIT_AUTHOR_EMAIL: email,
      GIT_COMMITTER_NAME: name,
      GIT_COMMITTER_EMAIL: email,
    },
  });
  const sha = (await git.exec(['rev-parse', 'HEAD'])).stdout.trim();
  return { sha, files, refused };
}

/** The patch of the working tree against `startSha`, for runs that answer with a comment instead of pushing. */
export async function diffSince(git: GitCommandManager, startSha: string): Promise<string> {
  await git.exec(['add', '--all', '--intent-to-add', '--', '.'], { allowAllExitCodes: true });
  const out = await git.exec(['diff', startSha, '--', '.', `:(exclude)${PROTECTED_DIR}`]);
  return out.stdout;
}
