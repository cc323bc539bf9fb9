/** Pull requests and review-comment threads of the fake GitHub server. */

import { reviewCommentJson } from './github-json.js';
import { pullFilesJson, pullHeadRef, pullHeadSha, pullJson } from './github-json-git.js';
import { renderedBody } from './github-rendered-body.js';
import { type Handler, type HandlerInput, notFound, ok, paginate, unprocessable } from './github-reply.js';
import { type IssueRecord, timestamp } from './github-state.js';

function pullOf(input: HandlerInput): IssueRecord | undefined {
  const issue = input.state.issues.get(input.params['pull_number']);
  return issue?.pull ? issue : undefined;
}

/** `owner:branch` or `branch` → the head's repository and branch. */
function parseHead(input: HandlerInput, head: string): { repo: string; ref: string } {
  const colon = head.indexOf(':');
  if (colon < 0) return { repo: input.state.fullName, ref: head };
  const owner = head.slice(0, colon);
  const repo = owner === input.state.owner ? input.state.fullName : `${owner}/${input.state.repo}`;
  return { repo, ref: head.slice(colon + 1) };
}

const createPull: Handler = async (input) => {
  const { state, git } = input;
  const { title, body, base, draft, maintainer_can_modify: canModify } = input.body;
  const head = parseHead(input, input.body.head);
  const baseSha = await git.resolve(`refs/heads/${base}`);
  if (!baseSha)
    return unprocessable('Validation Failed', [{ resource: 'PullRequest', field: 'base', code: 'invalid' }]);
  const headSha = head.repo === state.fullName ? await git.resolve(`refs/heads/${head.ref}`) : undefined;
  if (!headSha)
    return unprocessable('Validation Failed', [{ resource: 'PullRequest', field: 'head', code: 'invalid' }]);
  const existing = state
    .pulls()
    .find(
      (p) =>
        p.state === 'open' &&
        p.pull!.headRef === head.ref &&
        p.pull!.headRepo === head.repo &&
        p.pull!.baseRef === base,
    );
  if (existing) {
    const message = `A pull request already exists for ${head.repo.split('/')[0]}:${head.ref}.`;
    return unprocessable('Validation Failed', [{ resource: 'PullRequest', code: 'custom', message }]);
  }
  if ((await git.git(['rev-list', '--count', `${baseSha}..${headSha}`])) === '0') {
    const message = `No commits between ${base} and ${head.ref}`;
    return unprocessable('Validation Failed', [{ resource: 'PullRequest', code: 'custom', message }]);
  }
  const issue = state.addPullRequest({
    title,
    body: body ?? null,
    user: state.tokenUser,
    headRef: head.ref,
    headRepo: head.repo,
    baseRef: base,
    draft: draft ?? false,
    maintainerCanModify: canModify ?? true,
  });
  await git.setRef(pullHeadRef(issue.number), headSha);
  return ok(await pullJson(input, issue), 201);
};

export const pullHandlers: Record<string, Handler> = {
  'pulls/list': async (input) => {
    const { state: wanted = 'open', head, base } = input.query;
    const headFilter = head ? parseHead(input, head) : undefined;
    const matches = input.state
      .pulls()
      .filter((p) => wanted === 'all' || p.state === wanted)
      .filter(
        (p) => !headFilter || (p.pull!.headRef === headFilter.ref && p.pull!.headRepo === headFilter.repo),
      )
      .filter((p) => !base || p.pull!.baseRef === base)
      .reverse();
    const { page, headers } = paginate(input, matches);
    return { status: 200, body: await Promise.all(page.map((p) => pullJson(input, p, true))), headers };
  },
  'pulls/create': createPull,
  'pulls/get': async (input) => {
    const issue = pullOf(input);
    return issue ? ok(await pullJson(input, issue)) : notFound();
  },
  'pulls/update': async (input) => {
    const issue = pullOf(input);
    if (!issue) return notFound();
    const { title, body, state, base, maintainer_can_modify: canModify } = input.body ?? {};
    if (typeof title === 'string') issue.title = title;
    if (body !== undefined) issue.body = body;
    if (state === 'open' || state === 'closed') issue.state = state;
    if (typeof base === 'string') issue.pull!.baseRef = base;
    if (typeof canModify === 'boolean') issue.pull!.maintainerCanModify = canModify;
    issue.updatedAt = timestamp();
    return ok(await pullJson(input, issue));
  },
  'pulls/list-files': async (input) => {
    const issue = pullOf(input);
    if (!issue) return notFound();
    const { page, headers } = paginate(input, await pullFilesJson(input, issue));
    return { status: 200, body: page, headers };
  },
  'pulls/list-review-comments': (input) => {
    if (!pullOf(input)) return notFound();
    const comments = [...input.state.reviewComments.values()]
      .filter((c) => c.pullNumber === input.params['pull_number'])
      .map((c) => reviewCommentJson(input, c));
    const { page, headers } = paginate(input, comments);
    return { status: 200, body: page, headers };
  },
  'pulls/create-review-comment': async (input) => {
    const issue = pullOf(input);
    if (!issue) return notFound();
    const {
      body,
      commit_id: commitId,
      path,
      line,
      side,
      start_line: startLine,
      in_reply_to: inReplyTo,
    } = input.body;
    if (inReplyTo !== undefined) return reply(input, issue, inReplyTo, body);
    if (!path || !line)
      return unprocessable('Validation Failed', [
        { resource: 'PullRequestReviewComment', code: 'missing_field' },
      ]);
    const comment = input.state.addReviewComment({
      pullNumber: issue.number,
      body,
      user: input.state.tokenUser,
      path,
      line,
      startLine: startLine ?? null,
      side: side ?? 'RIGHT',
      diffHunk: `@@ -${line},1 +${line},1 @@`,
      commitId: commitId ?? (await pullHeadSha(input, issue.number, issue.pull!)),
    });
    return ok(reviewCommentJson(input, comment), 201);
  },
  'pulls/create-reply-for-review-comment': (input) => {
    const issue = pullOf(input);
    return issue ? reply(input, issue, input.params['comment_id'], input.body.body) : notFound();
  },
  'pulls/get-review-comment': (input) => {
    const comment = input.state.reviewComments.get(input.params['comment_id']);
    return comment
      ? ok({ ...reviewCommentJson(input, comment), ...renderedBody(input.headers, comment) })
      : notFound();
  },
};

/** Replies in the thread of `commentId`; GitHub threads a reply to a reply under the first comment. */
function reply(input: HandlerInput, issue: IssueRecord, commentId: number, body: string) {
  const target = input.state.reviewComments.get(commentId);
  if (!target || target.pullNumber !== issue.number) return notFound();
  const root = input.state.reviewComments.get(target.inReplyToId ?? target.id)!;
  const comment = input.state.addReviewComment({
    pullNumber: issue.number,
    body,
    user: input.state.tokenUser,
    path: root.path,
    line: root.line,
    startLine: root.startLine,
    side: root.side,
    diffHunk: root.diffHunk,
    commitId: root.commitId,
    inReplyToId: root.id,
  });
  return ok(reviewCommentJson(input, comment), 201);
}
