/**
 * Who may start a run. The trigger says who acted; the gate asks the permission API whether that
 * person has at least `min-permission`, turns bots away unless allowed by name, and breaks loops:
 * a CI failure on a commit this action pushed is not a new task, and neither is an endless series
 * of failures on one of the action's branches.
 */

import type { Actor } from '../github/actor.js';
import { isNotFound } from '../github/api-error.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import type { Trigger } from './trigger.js';

/** The `min-permission` input's values, weakest first. */
export const PERMISSIONS = ['read', 'triage', 'write', 'maintain', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export type GateDecision = { kind: 'allowed'; permission?: Permission } | { kind: 'denied'; reason: string };

export interface GateOptions {
  minPermission: Permission;
  /** Bot logins allowed to trigger (e.g. `renovate[bot]`); every other bot is denied. */
  allowedBots?: string[];
  /** Branch prefix of the action's own branches (`agent/`). */
  branchPrefix: string;
  /** Trailer key on the action's commits; a failing run on such a commit is the action's own. */
  runTrailer: string;
  /** How many commits the action may already have on a branch before CI failures there stop it. */
  maxAttempts?: number;
}

type Octokit = Pick<GitHubClient, 'request'>;

/** Bots have `type: Bot`; GitHub App logins end in `[bot]` even where the type is missing. */
export function isBot(actor: Actor): boolean {
  return actor.type === 'Bot' || actor.login.endsWith('[bot]');
}

/** True when `have` is at least `need` in GitHub's order read < triage < write < maintain < admin. */
export function permissionAtLeast(have: Permission, need: Permission): boolean {
  return PERMISSIONS.indexOf(have) >= PERMISSIONS.indexOf(need);
}

/** The user's role on the repository: `role_name` where the API gives it (it knows triage/maintain). */
export async function fetchPermission(
  octokit: Octokit,
  repo: RepoRef,
  username: string,
): Promise<Permission | 'none'> {
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/collaborators/{username}/permission', {
      ...repo,
      username,
    });
    const role = (data as { role_name?: string }).role_name;
    if (role && (PERMISSIONS as readonly string[]).includes(role)) return role as Permission;
    if ((PERMISSIONS as readonly string[]).includes(data.permission)) return data.permission as Permission;
    return 'none';
  } catch (error) {
    // 404: not a collaborator (and not an org member with access); anything else is a real failure.
    if (isNotFound(error)) return 'none';
    throw error;
  }
}

function hasTrailer(message: string, key: string): boolean {
  return new RegExp(`^${key}:`, 'mi').test(message);
}

/** Counts the action's commits at the tip of `branch` (a CI failure loop on its own branch). */
async function countOwnCommits(
  octokit: Octokit,
  repo: RepoRef,
  branch: string,
  runTrailer: string,
): Promise<number> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/commits', {
    ...repo,
    sha: branch,
    per_page: 30,
  });
  return data.filter((c) => hasTrailer(c.commit.message, runTrailer)).length;
}

/** Decides whether `trigger` may run. Skips never reach the gate. */
export async function checkGate(
  octokit: Octokit,
  repo: RepoRef,
  trigger: Exclude<Trigger, { kind: 'skip' }>,
  options: GateOptions,
): Promise<GateDecision> {
  const actor = trigger.actor;
  if (isBot(actor) && !(options.allowedBots ?? []).includes(actor.login)) {
    return {
      kind: 'denied',
      reason: `@${actor.login} is a bot; bots may not trigger runs (loop protection)`,
    };
  }
  if (trigger.kind === 'ci-failure' || trigger.kind === 'check-run') {
    if (hasTrailer(trigger.headCommitMessage, options.runTrailer)) {
      return {
        kind: 'denied',
        reason: `the failing commit ${trigger.headSha.slice(0, 7)} was pushed by this action (loop guard)`,
      };
    }
    if (trigger.headBranch.startsWith(options.branchPrefix)) {
      const attempts = await countOwnCommits(octokit, repo, trigger.headBranch, options.runTrailer);
      const max = options.maxAttempts ?? 3;
      if (attempts >= max) {
        return {
          kind: 'denied',
          reason: `branch ${trigger.headBranch} already has ${attempts} commits by this action (at most ${max}; loop guard)`,
        };
      }
    }
  }
  if (trigger.kind === 'pull-request') {
    // Only someone with write access can push a branch here; a fork's code answers to its author.
    if (trigger.sameRepo) return { kind: 'allowed' };
    return requirePermission(
      octokit,
      repo,
      options,
      trigger.author.login,
      'the author of this fork pull request',
    );
  }
  return requirePermission(octokit, repo, options, actor.login);
}

async function requirePermission(
  octokit: Octokit,
  repo: RepoRef,
  options: GateOptions,
  login: string,
  who?: string,
): Promise<GateDecision> {
  const permission = await fetchPermission(octokit, repo, login);
  if (permission === 'none' || !permissionAtLeast(permission, options.minPermission)) {
    return {
      kind: 'denied',
      reason: `@${login}${who ? ` (${who})` : ''} has ${permission === 'none' ? 'no' : `"${permission}"`} permission on ${repo.owner}/${repo.repo}; "${options.minPermission}" or more is needed`,
    };
  }
  return { kind: 'allowed', permission };
}
