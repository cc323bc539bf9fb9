/** Issues, issue comments, labels and reactions of the fake GitHub server. */
import { issueCommentJson, issueJson, labelJson, userJson } from './github-json.js';
import { renderedBody } from './github-rendered-body.js';
import { type Handler, type HandlerInput, notFound, ok, paginate } from './github-reply.js';
import { type ReactionSubject, timestamp } from './github-state.js';

function reactTo(input: HandlerInput, subject: ReactionSubject): ReturnType<Handler> {
  const { state } = input;
  const existing = state
    .reactionsOn(subject)
    .find((r) => r.user === state.tokenUser && r.content === input.body.content);
  const reaction = existing ?? {
    id: state.id(),
    content: input.body.content,
    user: state.tokenUser,
    subject,
  };
  if (!existing) state.reactions.push(reaction);
  return ok(
    {
      id: reaction.id,
      node_id: Buffer.from(`Reaction:${reaction.id}`).toString('base64'),
      user: userJson(input, reaction.user),
      content: reaction.content,
      created_at: timestamp(),
    },
    existing ? 200 : 201,
  );
}

export const issueHandlers: Record<string, Handler> = {
  'issues/get': (input) => {
    const issue = input.state.issues.get(input.params['issue_number']);
    return issue ? ok({ ...issueJson(input, issue), ...renderedBody(input.headers, issue) }) : notFound();
  },
  'issues/update': (input) => {
    const issue = input.state.issues.get(input.params['issue_number']);
    if (!issue) return notFound();
    const { title, body, state, labels } = input.body ?? {};
    if (typeof title === 'string') issue.title = title;
    if (body !== undefined) issue.body = body;
    if (state === 'open' || state === 'closed') issue.state = state;
    if (Array.isArray(labels)) issue.labels = labels.map((l: any) => (typeof l === 'string' ? l : l.name));
    issue.updatedAt = timestamp();
    return ok(issueJson(input, issue));
  },
  'issues/list-comments': (input) => {
    if (!input.state.issues.has(input.params['issue_number'])) return notFound();
    const since = input.query['since'] as string | undefined;
    const comments = input.state
      .commentsOn(input.params['issue_number'])
      .filter((c) => !since || c.updatedAt >= since)
      .map((c) => issueCommentJson(input, c));
    const { page, headers } = paginate(input, comments);
    return { status: 200, body: page, headers };
  },
  'issues/create-comment': (input) => {
    if (!input.state.issues.has(input.params['issue_number'])) return notFound();
    const comment = input.state.addIssueComment({
      issueNumber: input.params['issue_number'],
      body: input.body.body,
      user: input.state.tokenUser,
    });
    return ok(issueCommentJson(input, comment), 201);
  },
  'issues/get-comment': (input) => {
    const comment = input.state.issueComments.get(input.params['comment_id']);
    return comment
      ? ok({ ...issueCommentJson(input, comment), ...renderedBody(input.headers, comment) })
      : notFound();
  },
  'issues/update-comment': (input) => {
    const comment = input.state.issueComments.get(input.params['comment_id']);
    if (!comment) return notFound();
    comment.body = input.body.body;
    comment.updatedAt = timestamp();
    return ok(issueCommentJson(input, comment));
  },
  'issues/add-labels': (input) => {
    const issue = input.state.issues.get(input.params['issue_number']);
    if (!issue) return notFound();
    const given = Array.isArray(input.body) ? input.body : (input.body?.labels ?? []);
    for (const label of given.map((l: any) => (typeof l === 'string' ? l : l.name))) {
      if (!issue.labels.includes(label)) issue.labels.push(label);
    }
    return ok(issue.labels.map((name) => labelJson(input, name)));
  },
  'issues/remove-label': (input) => {
    const issue = input.state.issues.get(input.params['issue_number']);
    if (!issue) return notFound();
    if (!issue.labels.includes(input.params['name']))
      return { ...notFound(), body: { message: 'Label does not exist' } };
    issue.labels = issue.labels.filter((l) => l !== input.params['name']);
    return ok(issue.labels.map((name) => labelJson(input, name)));
  },
  'reactions/create-for-issue': (input) => {
    const number = input.params['issue_number'];
    return input.state.issues.has(number) ? reactTo(input, { kind: 'issue', number }) : notFound();
  },
  'reactions/create-for-issue-comment': (input) => {
    const id = input.params['comment_id'];
    return input.state.issueComments.has(id) ? reactTo(input, { kind: 'issue-comment', id }) : notFound();
  },
  'reactions/create-for-pull-request-review-comment': (input) => {
    const id = input.params['comment_id'];
    return input.state.reviewComments.has(id) ? reactTo(input, { kind: 'review-comment', id }) : notFound();
  },
};
