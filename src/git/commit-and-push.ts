/**
 * The one way the action commits and pushes — issue runs, pull-request follow-ups, review threads
 * and CI fix rounds all come here. It commits everything since the run's start with the trailers
 * (the run marker the loop guard looks for, and the requester's credit), refuses a change that
 * carries a secret, and puts the commit on the branch the way `commit-signing` says: through
 * GitHub's API so GitHub signs it (`api`, and `auto` wherever the API can express the change),
 * or with a plain, lease-protected git push (`git`, and `auto`'s fallback, with the reason logged).
 */

import type { Actor } from '../github/actor.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { createSecretDetector } from '../safety/redact.js';
import { pushThroughApi } from './api-push.js';
import { committedChangePatch } from './change-patch.js';
import { type ApiLimits, apiCannotExpress, changedPaths } from './change-set.js';
import { ACTIONS_BOT, commitAll } from './commit.js';
import type { GitCommandManager } from './git-command-manager.js';
import { pushBranch } from './push.js';
import { pushWithRebase } from './push-with-rebase.js';

/** The `commit-signing` input: through the API (GitHub signs), git, or the API where it can. */
export const COMMIT_SIGNING = ['auto', 'api', 'git'] as const;
export type CommitSigning = (typeof COMMIT_SIGNING)[number];

/** Where the commit ended up. A superset of what `pushWithRebase` reports. */
export type PushOutcome =
  | { kind: 'pushed'; sha: string; rebasedOnto: string | null; via: 'api' | 'git' }
  /** After rebasing, nothing of the agent's change was left: the branch already has it. */
  | { kind: 'up-to-date'; sha: string; rebasedOnto: string }
  /** The branch moved and the change conflicts with the new commits; nothing was pushed. */
  | { kind: 'conflict'; remoteSha: string; files: string[]; message: string }
  /**
   * Nothing was pushed. `message` is the action's sentence; `answer` is GitHub's own words when it
   * refused (a ruleset, branch protection, a missing permission, the API unable to take the change).
   */
  | {
      kind: 'rejected';
      reason: 'moved' | 'gone' | 'refused';
      message: string;
      answer?: string;
      via: 'api' | 'git';
    };

export type CommitAndPushResult =
  | { kind: 'no-changes'; refused: string[] }
  | (PushOutcome & {
      /** Paths committed. */
      files: string[];
      /** Changed workflow files left out of the commit. */
      refused: string[];
      /** Why `auto` used git instead of the API. */
      fallback?: string;
      /** The change as `git format-patch` output, when it did not reach the branch. */
      patch?: string;
    });

export interface CommitAndPushOptions {
  remoteUrl: string;
  signing: CommitSigning;
  /** Subject and body, already redacted; trailers are added here. */
  message: string;
  /** Value of the run trailer. */
  runUrl: string;
  /** Credited with `Co-authored-by` (see {@link coAuthorFor}). */
  coAuthor: Actor | undefined;
  /** Everything since this commit is the change (the agent's own commits are folded in). */
  startSha: string;
  branch: string;
  /** The branch head when the run fetched it; null when it must not exist yet. */
  expectedSha: string | null;
  /** Rebase once onto a branch that moved (pull-request heads) instead of giving up. */
  rebase: boolean;
  /** Values that must never be pushed (the token, the API key). */
  secrets: string[];
  log: (message: string) => void;
  limits?: ApiLimits;
}

/** The person to credit: the requester unless `co-author: none` or the requester is a bot. */
export function coAuthorFor(actor: Actor, setting: 'requester' | 'none'): Actor | undefined {
  if (setting === 'none') return undefined;
  return actor.type === 'Bot' || actor.login.endsWith('[bot]') ? undefined : actor;
}

/** A diff carrying a secret in any form the redactor knows is refused before anything leaves. */
async function refuseSecrets(git: GitCommandManager, since: string, secrets: string[]): Promise<void> {
  const diff = (await git.exec(['diff', since, 'HEAD'])).stdout;
  const containsSecret = createSecretDetector(secrets.filter((s) => s.length >= 8));
  if (containsSecret(diff)) {
    throw new Error(
      'The changes contain a secret value (the GitHub token or the API key); nothing was pushed.',
    );
  }
}

/** Commits and pushes; see the module comment. Throws only for a secret in the change or a git failure. */
export async function commitAndPush(
  octokit: Pick<GitHubClient, 'request' | 'graphql'>,
  repo: RepoRef,
  git: GitCommandManager,
  options: CommitAndPushOptions,
): Promise<CommitAndPushResult> {
  const commit = await commitAll(git, {
    message: options.message,
    author: ACTIONS_BOT,
    ...(options.coAuthor ? { coAuthor: options.coAuthor } : {}),
    runUrl: options.runUrl,
    startSha: options.startSha,
  });
  if (!commit.sha) return { kind: 'no-changes', refused: commit.refused };
  await refuseSecrets(git, options.startSha, options.secrets);
  const done = { files: commit.files, refused: commit.refused };

  let fallback: string | undefined;
  if (options.signing !== 'git') {
    const cannot = apiCannotExpress(await changedPaths(git, `${commit.sha}^`, commit.sha));
    const api = cannot
      ? ({ kind: 'inexpressible', reason: cannot } as const)
      : await pushThroughApi(octokit, repo, git, options);
    if (api.kind !== 'inexpressible')
      return withPatch(git, options.startSha, commit.sha, { ...api, ...done });
    if (options.signing === 'api') {
      return withPatch(git, options.startSha, commit.sha, {
        kind: 'rejected',
        reason: 'refused',
        via: 'api',
        message: `GitHub's API cannot commit this change (${api.reason}), and \`commit-signing\` is \`api\`.`,
        answer: `The API cannot express this change: ${api.reason}.`,
        ...done,
      });
    }
    fallback = api.reason;
    options.log(`Committing with git instead of GitHub's API (the commit is not signed): ${fallback}.`);
  }
  const pushed = await gitPush(git, options);
  return withPatch(git, options.startSha, commit.sha, {
    ...pushed,
    ...done,
    ...(fallback ? { fallback } : {}),
  });
}

async function gitPush(git: GitCommandManager, options: CommitAndPushOptions): Promise<PushOutcome> {
  const { remoteUrl, branch, expectedSha } = options;
  if (options.rebase && expectedSha !== null) {
    const result = await pushWithRebase(git, { remoteUrl, branch, expectedSha, baseSha: options.startSha });
    if (result.kind === 'pushed') return { ...result, via: 'git' };
    if (result.kind !== 'rejected') return result;
    return result.reason === 'refused'
      ? { ...result, via: 'git', message: `The push to \`${branch}\` was refused.`, answer: result.message }
      : { ...result, via: 'git' };
  }
  const pushed = await pushBranch(git, { remoteUrl, branch, expectedSha });
  if (pushed.kind === 'pushed') {
    const sha = (await git.exec(['rev-parse', 'HEAD'])).stdout.trim();
    return { kind: 'pushed', sha, rebasedOnto: null, via: 'git' };
  }
  if (pushed.kind === 'stale') {
    return {
      kind: 'rejected',
      reason: 'moved',
      via: 'git',
      message: `The branch \`${branch}\` moved while the agent worked; nothing was pushed. Run again.`,
    };
  }
  return {
    kind: 'rejected',
    reason: 'refused',
    via: 'git',
    message: `The push to \`${branch}\` was refused.`,
    answer: pushed.message,
  };
}

/**
 * Adds the change as a patch to a result that did not reach the branch: the run's own commit
 * (`commitSha`, before any rebase) against the commit the run started from, so it applies there.
 */
async function withPatch(
  git: GitCommandManager,
  startSha: string,
  commitSha: string,
  result: Exclude<CommitAndPushResult, { kind: 'no-changes' }>,
): Promise<CommitAndPushResult> {
  if (result.kind !== 'rejected' && result.kind !== 'conflict') return result;
  const patch = await committedChangePatch(git, startSha, commitSha).catch(() => undefined);
  return patch ? { ...result, patch } : result;
}
