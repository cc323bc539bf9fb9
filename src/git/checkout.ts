/**
 * Brings the ref a trigger needs into the workspace: an existing checkout is reused, otherwise
 * the repository is initialised and fetched shallowly. Remote URLs are passed on each command
 * instead of being stored as a remote, so the repository's config is left as it was found.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { GitCommandManager } from './git-command-manager.js';

/** Where the work starts: an existing remote branch, or an exact commit fetched through a ref. */
export type StartPoint = { branch: string } | { sha: string; via: string };

export interface CheckoutRequest {
  /** `${serverUrl}/${owner}/${repo}.git` */
  remoteUrl: string;
  /** Local branch the agent works on. */
  branch: string;
  /** Candidates in order: the first branch that exists (or the first commit) wins. */
  from: StartPoint[];
  /** Remote branch whose head the push leases against (default `branch`). */
  leaseBranch?: string;
}

export interface CheckoutResult {
  /** Commit checked out. */
  headSha: string;
  /** What the branch was started from: a branch name or a sha. */
  startedFrom: string;
  /** Remote head of the lease branch before the run; null when it does not exist. */
  remoteSha: string | null;
}

/** Remote heads by branch name, for the given names only. */
export async function listRemoteHeads(
  git: GitCommandManager,
  remoteUrl: string,
  names: string[],
): Promise<Map<string, string>> {
  const heads = new Map<string, string>();
  if (names.length === 0) return heads;
  const out = await git.exec(['ls-remote', '--heads', remoteUrl, ...names.map((n) => `refs/heads/${n}`)]);
  for (const line of out.stdout.split('\n')) {
    const [sha, ref] = line.split('\t');
    if (sha && ref?.startsWith('refs/heads/')) heads.set(ref.slice('refs/heads/'.length), sha);
  }
  return heads;
}

async function prepareRepository(git: GitCommandManager): Promise<{ shallow: boolean }> {
  await mkdir(git.cwd, { recursive: true });
  const top = await git.exec(['rev-parse', '--show-toplevel'], { allowAllExitCodes: true });
  if (top.exitCode === 0 && path.resolve(top.stdout.trim()) === path.resolve(git.cwd)) {
    const shallow = await git.exec(['rev-parse', '--is-shallow-repository']);
    return { shallow: shallow.stdout.trim() === 'true' };
  }
  await git.exec(['init', '-q', '.']);
  return { shallow: true };
}

/** Checks out the requested start point as `request.branch`, fetching what is needed. */
export async function checkoutRef(git: GitCommandManager, request: CheckoutRequest): Promise<CheckoutResult> {
  const { shallow } = await prepareRepository(git);
  const depth = shallow ? ['--depth=1'] : [];
  const leaseBranch = request.leaseBranch ?? request.branch;
  const branches = request.from.flatMap((p) => ('branch' in p ? [p.branch] : []));
  const heads = await listRemoteHeads(git, request.remoteUrl, [...new Set([leaseBranch, ...branches])]);
  const remoteSha = heads.get(leaseBranch) ?? null;
  const fetch = (refspec: string, shallowFetch = true) =>
    git.exec(
      [
        'fetch',
        '--no-tags',
        '--no-recurse-submodules',
        ...(shallowFetch ? depth : []),
        request.remoteUrl,
        refspec,
      ],
      { allowAllExitCodes: true },
    );

  const point = request.from.find((p) => 'sha' in p || heads.has(p.branch));
  if (!point) {
    const names = request.from.map((p) => ('sha' in p ? p.sha : p.branch)).join(', ');
    throw new Error(`None of ${names} exists in ${request.remoteUrl}`);
  }
  let startedFrom: string;
  let start: string;
  if ('sha' in point) {
    startedFrom = point.sha;
    start = point.sha;
    const direct = await fetch(point.sha);
    if (direct.exitCode !== 0) {
      // Servers that refuse a bare sha still serve a ref that contains it.
      const viaRef = await fetch(point.via, false);
      if (viaRef.exitCode !== 0)
        throw new Error(`Cannot fetch ${point.sha} or ${point.via}: ${viaRef.stderr.trim()}`);
    }
  } else {
    startedFrom = point.branch;
    start = `refs/remotes/origin/${point.branch}`;
    const result = await fetch(`+refs/heads/${point.branch}:${start}`);
    if (result.exitCode !== 0) throw new Error(`Cannot fetch ${point.branch}: ${result.stderr.trim()}`);
  }
  await git.exec(['checkout', '--force', '-B', request.branch, start]);
  const head = await git.exec(['rev-parse', 'HEAD']);
  return { headSha: head.stdout.trim(), startedFrom, remoteSha };
}
