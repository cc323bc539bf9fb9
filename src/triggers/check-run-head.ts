/**
 * Is a failed check about a branch of this repository? A check run's payload names the branch its
 * suite ran for (`check_suite.head_branch`), but for a pull request from a fork that is the fork's
 * branch name, which may well also exist here (`main`, `patch-1`). So the name alone proves
 * nothing: the branch of that name in this repository must have the check's head SHA as its head.
 * Only someone who may push here can put a commit at the head of one of its branches, so a fork's
 * commit never passes, and a check on a branch that has moved on since (a newer push will get its
 * own check) is skipped as stale rather than fixed on an old commit.
 *
 * One `GET /branches/{branch}` answers both this and the loop guard's question (the head commit's
 * message carries the action's trailer when the action pushed it). It is used rather than
 * `GET /commits/{sha}/branches-where-head` because it names the one branch the PR must target and
 * has been in every GitHub Enterprise Server release.
 */
import { isNotFound } from '../github/api-error.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import type { CheckRunTrigger, Trigger } from './trigger.js';

type Octokit = Pick<GitHubClient, 'request'>;

/** The check-run trigger with its head confirmed (message and author filled in), or a skip saying why not. */
export async function confirmCheckRunHead(
  octokit: Octokit,
  repo: RepoRef,
  trigger: CheckRunTrigger,
): Promise<Trigger> {
  const skip = (reason: string): Trigger => ({ kind: 'skip', reason });
  let branch: Awaited<ReturnType<typeof getBranch>>;
  try {
    branch = await getBranch(octokit, repo, trigger.headBranch);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return skip(
      `check "${trigger.name}" ran for branch ${trigger.headBranch}, which is not a branch of ${repo.owner}/${repo.repo} (a fork's pull request); fork checks are skipped`,
    );
  }
  if (branch.commit.sha !== trigger.headSha) {
    return skip(
      `check "${trigger.name}" ran on ${trigger.headSha.slice(0, 7)}, which is not the head of ${trigger.headBranch} in ${repo.owner}/${repo.repo} (head ${branch.commit.sha.slice(0, 7)}): a fork's commit or a stale check`,
    );
  }
  const author = branch.commit.author;
  // The person behind the commit is who asked for this work; the sender is often the CI app's bot.
  const actor =
    author && 'login' in author && author.login
      ? { login: author.login, type: author.type ?? 'User', id: Number(author.id) }
      : trigger.actor;
  return { ...trigger, headCommitMessage: branch.commit.commit.message, actor };
}

async function getBranch(octokit: Octokit, repo: RepoRef, branch: string) {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/branches/{branch}', { ...repo, branch });
  return data;
}
