/**
 * Whether `/agent approve` may run the issue's latest plan. The plan is void when its comment was
 * edited after the action posted it, when the issue's title or body changed since, or when the
 * base branch moved and the commits since touch a file the plan names. The approver's permission
 * is the gate's (`min-permission`), checked before this.
 */
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { issueHash, type PlanMarker, readPlanComment } from '../outputs/plan-comment.js';

type Octokit = Pick<GitHubClient, 'request' | 'paginate'>;

export type ApprovalVerdict =
  | {
      kind: 'approved';
      /** The plan as posted, the model's task. */
      plan: string;
      planUrl: string;
      marker: PlanMarker;
    }
  | { kind: 'void'; reason: string; planUrl?: string };

export interface ApprovalOptions {
  issueNumber: number;
  /** Login the action posts as; only its comments can carry a plan. */
  author: string;
}

/** Reads the latest plan on the issue and checks it against the issue and the base branch now. */
export async function checkApproval(
  octokit: Octokit,
  repo: RepoRef,
  options: ApprovalOptions,
): Promise<ApprovalVerdict> {
  const comments = await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    ...repo,
    issue_number: options.issueNumber,
    per_page: 100,
  });
  const latest = comments
    .filter((c) => c.user?.login === options.author)
    .map((c) => ({ url: c.html_url, read: readPlanComment(c.body ?? '') }))
    .filter((c) => c.read.kind !== 'none')
    .at(-1);
  if (!latest) {
    return { kind: 'void', reason: `there is no plan on issue #${options.issueNumber} to approve` };
  }
  if (latest.read.kind !== 'plan') {
    return { kind: 'void', reason: 'the plan comment was edited after it was posted', planUrl: latest.url };
  }
  const { marker, text } = latest.read;
  const { data: issue } = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', {
    ...repo,
    issue_number: options.issueNumber,
  });
  if (issueHash({ title: issue.title, body: issue.body }) !== marker.issue) {
    return {
      kind: 'void',
      reason: `issue #${options.issueNumber} was edited after the plan was made`,
      planUrl: latest.url,
    };
  }
  const moved = await baseMoves(octokit, repo, marker);
  if (moved) return { kind: 'void', reason: moved, planUrl: latest.url };
  return { kind: 'approved', plan: text, planUrl: latest.url, marker };
}

/** Why the base's commits since the plan void it, or undefined when they touch no planned file. */
async function baseMoves(octokit: Octokit, repo: RepoRef, marker: PlanMarker): Promise<string | undefined> {
  const { data: branch } = await octokit.request('GET /repos/{owner}/{repo}/branches/{branch}', {
    ...repo,
    branch: marker.branch,
  });
  const head = branch.commit.sha;
  if (head === marker.base) return undefined;
  const { data: compare } = await octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
    ...repo,
    basehead: `${marker.base}...${head}`,
  });
  const moved = `\`${marker.branch}\` moved from ${marker.base.slice(0, 7)} to ${head.slice(0, 7)}`;
  if (compare.status !== 'ahead') return `${moved} and no longer contains the planned commit`;
  const changed = (compare.files ?? []).flatMap((f) => [f.filename, f.previous_filename ?? '']);
  // Compare lists at most 300 files; past that nothing can be ruled out.
  if (marker.files.length === 0 || (compare.files ?? []).length >= 300) {
    return `${moved} and the plan names no files that could be checked against it`;
  }
  const touched = marker.files.filter((f) => changed.includes(f));
  return touched.length > 0
    ? `${moved}, changing planned ${touched.length === 1 ? 'file' : 'files'} ${touched.map((f) => `\`${f}\``).join(', ')}`
    : undefined;
}
