/**
 * Pull-request reviews of the fake GitHub server. Like GitHub, a review whose comment sits on a
 * line that is not part of the diff (the new side's added and context lines of a hunk) is refused
 * as a whole with 422, and a multi-line comment must start and end in one hunk. Each accepted
 * comment becomes a review comment whose `diff_hunk` ends at its line, as GitHub's do.
 */
import { authorAssociation, nodeId, repoApiUrl, repoHtmlUrl, userJson } from './github-json.js';
import { diffEntries } from './github-json-git.js';
import { type Handler, type HandlerInput, notFound, ok, paginate, unprocessable } from './github-reply.js';
import { type GitHubState, timestamp } from './github-state.js';

/** A review as the fake keeps it. */
export interface ReviewRecord {
  id: number;
  pullNumber: number;
  user: string;
  body: string;
  event: string;
  commitId: string;
  commentIds: number[];
  submittedAt: string;
}

const reviewsByState = new WeakMap<GitHubState, ReviewRecord[]>();

/** The reviews posted on this state's pull requests, oldest first. */
export function reviewsOf(state: GitHubState): ReviewRecord[] {
  const list = reviewsByState.get(state) ?? [];
  reviewsByState.set(state, list);
  return list;
}

interface HunkLine {
  hunk: number;
  /** The hunk from its header down to this line: what GitHub stores as `diff_hunk`. */
  diffHunk: string;
}

/** New-side line number → hunk, per file, from unified-diff patches. */
function rightSideLines(patch: string): Map<number, HunkLine> {
  const lines = new Map<number, HunkLine>();
  let hunk = -1;
  let next = 0;
  let hunkText: string[] = [];
  for (const text of patch.split('\n')) {
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (header) {
      hunk++;
      next = Number(header[1]);
      hunkText = [text];
      continue;
    }
    if (hunk < 0) continue;
    hunkText.push(text);
    if (text.startsWith('+') || text.startsWith(' ')) {
      lines.set(next, { hunk, diffHunk: hunkText.join('\n') });
      next++;
    }
  }
  return lines;
}

const createReview: Handler = async (input) => {
  const { state, git } = input;
  const issue = state.issues.get(input.params['pull_number']);
  if (!issue?.pull) return notFound();
  const pull = issue.pull;
  const { body = '', event, commit_id: requested, comments = [] } = input.body ?? {};
  if ((event === 'COMMENT' || event === 'REQUEST_CHANGES') && !body.trim()) {
    return unprocessable('Unprocessable Entity', [{ message: 'Body is required for this event' }]);
  }
  const head =
    pull.headRepo === state.fullName
      ? await git.resolve(`refs/heads/${pull.headRef}`)
      : await git.resolve(`refs/pull/${issue.number}/head`);
  const commitId = requested ?? head;
  if (!commitId || !(await git.resolve(commitId))) {
    return unprocessable('Unprocessable Entity', ['commit_id is not part of the pull request']);
  }
  const baseSha = await git.resolve(`refs/heads/${pull.baseRef}`);
  const base = baseSha ? (await git.git(['merge-base', baseSha, commitId])).trim() : undefined;
  const files = await diffEntries(input, base, commitId);
  const byPath = new Map(
    files.map((f) => [f['filename'] as string, rightSideLines(String(f['patch'] ?? ''))]),
  );
  const placed: { path: string; line: number; startLine: number | null; body: string; diffHunk: string }[] =
    [];
  for (const comment of comments as Record<string, any>[]) {
    const lines = byPath.get(comment['path']);
    const line = comment['line'] as number | undefined;
    const end = line !== undefined ? lines?.get(line) : undefined;
    const startLine = comment['start_line'] as number | undefined;
    const start = startLine !== undefined ? lines?.get(startLine) : end;
    if (comment['position'] !== undefined || comment['side'] === 'LEFT') {
      return unprocessable('Unprocessable Entity', ['this fake only takes RIGHT-side line comments']);
    }
    if (!end || !start || start.hunk !== end.hunk || (startLine !== undefined && startLine > line!)) {
      // GitHub's answer for a line outside the diff, for the whole review.
      return unprocessable('Unprocessable Entity', [
        'Pull request review thread line must be part of the diff',
      ]);
    }
    placed.push({
      path: comment['path'],
      line: line!,
      startLine: startLine ?? null,
      body: comment['body'],
      diffHunk: end.diffHunk,
    });
  }
  const review: ReviewRecord = {
    id: state.id(),
    pullNumber: issue.number,
    user: state.tokenUser,
    body,
    event: event ?? 'PENDING',
    commitId,
    commentIds: placed.map(
      (c) =>
        state.addReviewComment({
          pullNumber: issue.number,
          body: c.body,
          user: state.tokenUser,
          path: c.path,
          line: c.line,
          startLine: c.startLine,
          diffHunk: c.diffHunk,
          commitId,
        }).id,
    ),
    submittedAt: timestamp(),
  };
  reviewsOf(state).push(review);
  return ok(reviewJson(input, review));
};

function reviewJson(input: HandlerInput, review: ReviewRecord) {
  const html = `${repoHtmlUrl(input)}/pull/${review.pullNumber}#pullrequestreview-${review.id}`;
  const pullUrl = `${repoApiUrl(input)}/pulls/${review.pullNumber}`;
  const states: Record<string, string> = {
    COMMENT: 'COMMENTED',
    APPROVE: 'APPROVED',
    REQUEST_CHANGES: 'CHANGES_REQUESTED',
  };
  return {
    id: review.id,
    node_id: nodeId('PullRequestReview', review.id),
    user: userJson(input, review.user),
    body: review.body,
    state: states[review.event] ?? 'PENDING',
    html_url: html,
    pull_request_url: pullUrl,
    _links: { html: { href: html }, pull_request: { href: pullUrl } },
    submitted_at: review.submittedAt,
    commit_id: review.commitId,
    author_association: authorAssociation(input, review.user),
  };
}

const listReviews: Handler = (input) => {
  const number = input.params['pull_number'];
  if (!input.state.issues.get(number)?.pull) return notFound();
  const reviews = reviewsOf(input.state).filter((r) => r.pullNumber === number);
  const { page, headers } = paginate(input, reviews);
  return { status: 200, body: page.map((r) => reviewJson(input, r)), headers };
};

export const reviewHandlers: Record<string, Handler> = {
  'pulls/create-review': createReview,
  'pulls/list-reviews': listReviews,
};
