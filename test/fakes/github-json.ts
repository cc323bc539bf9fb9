/**
 * Renders the fake's records as GitHub's REST API does: users, the repository, issues, comments,
 * review comments, reactions and labels, with URLs pointing at the fake server. The shapes follow
 * the response schemas of the OpenAPI description (the fake's tests check them).
 */
import { readFileSync } from 'node:fs';
import type { BareRepo } from './bare-repo.js';
import type {
  GitHubState,
  IssueCommentRecord,
  IssueRecord,
  ReactionSubject,
  ReviewCommentRecord,
} from './github-state.js';
import { OPENAPI_FIXTURE } from './openapi-validator.js';

/** What every renderer needs: the records, the bare repository and the server's URLs. */
export interface JsonContext {
  state: GitHubState;
  git: BareRepo;
  urls: { apiUrl: string; serverUrl: string };
}

type Json = Record<string, any>;

let examples: Json | undefined;

/** A deep copy of one example of the description, with its URLs moved to the fake server. */
export function example(ctx: JsonContext, name: string): Json {
  examples ??= JSON.parse(readFileSync(OPENAPI_FIXTURE, 'utf8')).components.examples as Json;
  const value = examples[name]?.value;
  if (value === undefined) throw new Error(`no example ${name} in the OpenAPI fixture`);
  const text = JSON.stringify(value)
    .replaceAll('https://api.github.com', ctx.urls.apiUrl)
    .replaceAll('https://github.com', ctx.urls.serverUrl)
    .replaceAll('octocat/Hello-World', ctx.state.fullName);
  return JSON.parse(text);
}

/** A stable base64 `node_id` for a record. */
export function nodeId(kind: string, id: number | string): string {
  return Buffer.from(`${kind}:${id}`).toString('base64');
}

export function repoApiUrl(ctx: JsonContext, fullName = ctx.state.fullName): string {
  return `${ctx.urls.apiUrl}/repos/${fullName}`;
}

export function repoHtmlUrl(ctx: JsonContext, fullName = ctx.state.fullName): string {
  return `${ctx.urls.serverUrl}/${fullName}`;
}

/** A `simple-user`. */
export function userJson(ctx: JsonContext, login: string): Json {
  const user = ctx.state.user(login);
  const api = `${ctx.urls.apiUrl}/users/${encodeURIComponent(login)}`;
  return {
    login,
    id: user.id,
    node_id: nodeId('User', user.id),
    avatar_url: `${ctx.urls.serverUrl}/avatars/u/${user.id}`,
    gravatar_id: '',
    url: api,
    html_url: `${ctx.urls.serverUrl}/${encodeURIComponent(login)}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: user.type,
    user_view_type: 'public',
    site_admin: false,
  };
}

/** A `full-repository` (also valid where a `repository` or `minimal-repository` is expected). */
export function repositoryJson(ctx: JsonContext, fullName = ctx.state.fullName): Json {
  const [owner, name] = fullName.split('/') as [string, string];
  const template = example(ctx, 'full-repository-default-response');
  const text = JSON.stringify(template).replaceAll(ctx.state.fullName, fullName);
  const repo = JSON.parse(text) as Json;
  for (const key of ['organization', 'parent', 'source', 'template_repository', 'security_and_analysis']) {
    delete repo[key];
  }
  const isFork = fullName !== ctx.state.fullName;
  const permission = ctx.state.user(ctx.state.tokenUser).permission;
  return {
    ...repo,
    id: isFork ? 2_000_000 + ctx.state.user(owner).id : 1_296_269,
    node_id: nodeId('Repository', fullName),
    name,
    full_name: fullName,
    owner: userJson(ctx, owner),
    private: false,
    fork: isFork,
    html_url: repoHtmlUrl(ctx, fullName),
    clone_url: `${repoHtmlUrl(ctx, fullName)}.git`,
    git_url: `${repoHtmlUrl(ctx, fullName).replace(/^http/, 'git')}.git`,
    ssh_url: `git@127.0.0.1:${fullName}.git`,
    svn_url: repoHtmlUrl(ctx, fullName),
    mirror_url: null,
    homepage: null,
    language: null,
    default_branch: ctx.git.defaultBranch,
    open_issues_count: [...ctx.state.issues.values()].filter((i) => i.state === 'open').length,
    permissions: {
      admin: permission === 'admin',
      maintain: ['admin', 'maintain'].includes(permission),
      push: ['admin', 'maintain', 'write'].includes(permission),
      triage: permission !== 'read' && permission !== 'none',
      pull: permission !== 'none',
    },
  };
}

/** How GitHub describes the author's relation to the repository. */
export function authorAssociation(ctx: JsonContext, login: string): string {
  if (login === ctx.state.owner) return 'OWNER';
  const { permission, type } = ctx.state.user(login);
  if (type === 'Bot') return 'NONE';
  return ['admin', 'maintain', 'write', 'triage'].includes(permission) ? 'COLLABORATOR' : 'NONE';
}

export function labelJson(ctx: JsonContext, name: string): Json {
  const id = [...name].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) % 1_000_000_007, 7);
  return {
    id,
    node_id: nodeId('Label', id),
    url: `${repoApiUrl(ctx)}/labels/${encodeURIComponent(name)}`,
    name,
    // A string, not null: the pull-request schemas (unlike the issue ones) require one.
    description: '',
    color: 'ededed',
    default: false,
  };
}

/** The `reactions` roll-up GitHub embeds in issues and comments. */
export function reactionRollup(ctx: JsonContext, subject: ReactionSubject, url: string): Json {
  const reactions = ctx.state.reactionsOn(subject);
  const count = (content: string) => reactions.filter((r) => r.content === content).length;
  const contents = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'eyes', 'rocket'];
  return {
    url: `${url}/reactions`,
    total_count: reactions.length,
    ...Object.fromEntries(contents.map((c) => [c, count(c)])),
  };
}

/** An `issue`; pull requests carry the `pull_request` links. */
export function issueJson(ctx: JsonContext, issue: IssueRecord): Json {
  const url = `${repoApiUrl(ctx)}/issues/${issue.number}`;
  const htmlPath = issue.pull ? 'pull' : 'issues';
  return {
    id: issue.id,
    node_id: nodeId(issue.pull ? 'PullRequest' : 'Issue', issue.id),
    url,
    repository_url: repoApiUrl(ctx),
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${repoHtmlUrl(ctx)}/${htmlPath}/${issue.number}`,
    number: issue.number,
    state: issue.state,
    state_reason: null,
    title: issue.title,
    body: issue.body,
    user: userJson(ctx, issue.user),
    labels: issue.labels.map((name) => labelJson(ctx, name)),
    assignee: null,
    assignees: [],
    milestone: null,
    locked: false,
    active_lock_reason: null,
    comments: ctx.state.commentsOn(issue.number).length,
    ...(issue.pull
      ? {
          pull_request: {
            url: `${repoApiUrl(ctx)}/pulls/${issue.number}`,
            html_url: `${repoHtmlUrl(ctx)}/pull/${issue.number}`,
            diff_url: `${repoHtmlUrl(ctx)}/pull/${issue.number}.diff`,
            patch_url: `${repoHtmlUrl(ctx)}/pull/${issue.number}.patch`,
            merged_at: null,
          },
          draft: issue.pull.draft,
        }
      : {}),
    closed_at: issue.state === 'closed' ? issue.updatedAt : null,
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    author_association: authorAssociation(ctx, issue.user),
    reactions: reactionRollup(ctx, { kind: 'issue', number: issue.number }, url),
  };
}

/** An `issue-comment`. */
export function issueCommentJson(ctx: JsonContext, comment: IssueCommentRecord): Json {
  const url = `${repoApiUrl(ctx)}/issues/comments/${comment.id}`;
  const issue = ctx.state.issues.get(comment.issueNumber);
  const htmlPath = issue?.pull ? 'pull' : 'issues';
  return {
    id: comment.id,
    node_id: nodeId('IssueComment', comment.id),
    url,
    html_url: `${repoHtmlUrl(ctx)}/${htmlPath}/${comment.issueNumber}#issuecomment-${comment.id}`,
    body: comment.body,
    user: userJson(ctx, comment.user),
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    issue_url: `${repoApiUrl(ctx)}/issues/${comment.issueNumber}`,
    author_association: authorAssociation(ctx, comment.user),
    reactions: reactionRollup(ctx, { kind: 'issue-comment', id: comment.id }, url),
  };
}

/** A `pull-request-review-comment`. */
export function reviewCommentJson(ctx: JsonContext, comment: ReviewCommentRecord): Json {
  const url = `${repoApiUrl(ctx)}/pulls/comments/${comment.id}`;
  const html = `${repoHtmlUrl(ctx)}/pull/${comment.pullNumber}#discussion_r${comment.id}`;
  const pullUrl = `${repoApiUrl(ctx)}/pulls/${comment.pullNumber}`;
  return {
    url,
    pull_request_review_id: comment.id + 500_000,
    id: comment.id,
    node_id: nodeId('PullRequestReviewComment', comment.id),
    diff_hunk: comment.diffHunk,
    path: comment.path,
    commit_id: comment.commitId,
    original_commit_id: comment.commitId,
    ...(comment.inReplyToId ? { in_reply_to_id: comment.inReplyToId } : {}),
    user: userJson(ctx, comment.user),
    body: comment.body,
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    html_url: html,
    pull_request_url: pullUrl,
    author_association: authorAssociation(ctx, comment.user),
    _links: { self: { href: url }, html: { href: html }, pull_request: { href: pullUrl } },
    start_line: comment.startLine,
    original_start_line: comment.startLine,
    start_side: comment.startLine === null ? null : comment.side,
    line: comment.line,
    original_line: comment.line,
    side: comment.side,
    subject_type: 'line',
    reactions: reactionRollup(ctx, { kind: 'review-comment', id: comment.id }, url),
  };
}
