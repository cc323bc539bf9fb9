/**
 * Review threads over GraphQL, as GitHub serves them, for the fake server: the
 * `repository { pullRequest { reviewThreads } }` query (each thread's first comment and its
 * replies, whether and by whom it was resolved) and the `resolveReviewThread` /
 * `unresolveReviewThread` mutations. Documents are validated against GitHub's schema before they
 * get here and executed by graphql-js over plain objects, so only fields the schema knows can be
 * selected, and a non-null field the fake leaves out fails the request instead of passing quietly.
 * Bots show as `Bot` with their login without `[bot]`, as in GitHub's GraphQL API; `resolvedBy`
 * is a `User`, so a thread an app resolved shows none.
 */
import { execute, GraphQLError, type OperationDefinitionNode } from 'graphql';
import { githubSchema } from './github-graphql-schema.js';
import { nodeId } from './github-json.js';
import type { GitHubState, ReviewCommentRecord } from './github-state.js';

export interface GraphqlThreadsContext {
  state: GitHubState;
  serverUrl: string;
}

/** Root fields this module answers. */
export const THREAD_FIELDS = ['repository', 'resolveReviewThread', 'unresolveReviewThread'];

interface Page {
  first?: number | null;
  after?: string | null;
}

/** A GraphQL connection over `items` with base64 index cursors. */
function connection<T>(items: T[], page: Page) {
  const start = page.after ? Number(Buffer.from(page.after, 'base64').toString('utf8')) + 1 : 0;
  const end = Math.min(items.length, start + (page.first ?? 100));
  const nodes = items.slice(start, end);
  const cursor = (i: number) => Buffer.from(String(i)).toString('base64');
  return {
    nodes,
    edges: nodes.map((node, i) => ({ node, cursor: cursor(start + i) })),
    totalCount: items.length,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: nodes.length > 0 ? cursor(start) : null,
      endCursor: nodes.length > 0 ? cursor(end - 1) : null,
    },
  };
}

function actor(ctx: GraphqlThreadsContext, login: string) {
  const user = ctx.state.user(login);
  const bot = user.type === 'Bot';
  const shown = bot ? login.replace(/\[bot\]$/, '') : login;
  return {
    __typename: bot ? 'Bot' : 'User',
    login: shown,
    id: nodeId(bot ? 'Bot' : 'User', user.id),
    url: `${ctx.serverUrl}/${bot ? 'apps/' : ''}${shown}`,
    avatarUrl: `${ctx.serverUrl}/avatars/u/${user.id}`,
    resourcePath: `/${shown}`,
  };
}

function association(ctx: GraphqlThreadsContext, login: string): string {
  if (login === ctx.state.owner) return 'OWNER';
  const { permission, type } = ctx.state.user(login);
  if (type === 'Bot') return 'NONE';
  return ['admin', 'maintain', 'write', 'triage'].includes(permission) ? 'COLLABORATOR' : 'NONE';
}

function commentNode(ctx: GraphqlThreadsContext, comment: ReviewCommentRecord) {
  return {
    id: nodeId('PullRequestReviewComment', comment.id),
    databaseId: comment.id,
    body: comment.body,
    author: actor(ctx, comment.user),
    authorAssociation: association(ctx, comment.user),
    path: comment.path,
    line: comment.line,
    originalLine: comment.line,
    startLine: comment.startLine,
    createdAt: comment.createdAt,
    url: `${ctx.serverUrl}/${ctx.state.fullName}/pull/${comment.pullNumber}#discussion_r${comment.id}`,
  };
}

function threadNode(ctx: GraphqlThreadsContext, root: ReviewCommentRecord) {
  const comments = ctx.state.thread(root.id);
  const resolver = ctx.state.resolvedThreads.get(root.id);
  return {
    id: nodeId('PullRequestReviewThread', root.id),
    isResolved: resolver !== undefined,
    isOutdated: false,
    isCollapsed: resolver !== undefined,
    path: root.path,
    line: root.line,
    startLine: root.startLine,
    diffSide: root.side,
    viewerCanResolve: true,
    viewerCanUnresolve: true,
    // The schema types `resolvedBy` as a User: a thread an app resolved has none.
    resolvedBy:
      resolver === undefined || ctx.state.user(resolver).type === 'Bot' ? null : actor(ctx, resolver),
    comments: (page: Page) =>
      connection(
        comments.map((c) => commentNode(ctx, c)),
        page,
      ),
  };
}

function threadsOf(ctx: GraphqlThreadsContext, pullNumber: number) {
  return [...ctx.state.reviewComments.values()]
    .filter((c) => c.pullNumber === pullNumber && c.inReplyToId === undefined)
    .map((root) => threadNode(ctx, root));
}

class NotFound extends GraphQLError {
  readonly type = 'NOT_FOUND';
}

function rootOfThread(ctx: GraphqlThreadsContext, threadId: string): ReviewCommentRecord {
  const decoded = /^PullRequestReviewThread:(\d+)$/.exec(Buffer.from(threadId, 'base64').toString('utf8'));
  const root = decoded ? ctx.state.reviewComments.get(Number(decoded[1])) : undefined;
  if (!root || root.inReplyToId !== undefined)
    throw new NotFound(`Could not resolve to a PullRequestReviewThread with the id of '${threadId}'.`);
  return root;
}

/** Executes the (already validated) operation over the fake's records. */
export async function executeReviewThreads(
  ctx: GraphqlThreadsContext,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): Promise<unknown> {
  const { state } = ctx;
  const setResolved =
    (resolved: boolean) =>
    ({ input }: { input: { threadId: string } }) => {
      const root = rootOfThread(ctx, input.threadId);
      if (resolved) state.resolvedThreads.set(root.id, state.tokenUser);
      else state.resolvedThreads.delete(root.id);
      return { clientMutationId: null, thread: threadNode(ctx, root) };
    };
  const rootValue = {
    repository: ({ owner, name }: { owner: string; name: string }) => {
      if (`${owner}/${name}`.toLowerCase() !== state.fullName.toLowerCase())
        throw new NotFound(`Could not resolve to a Repository with the name '${owner}/${name}'.`);
      return {
        nameWithOwner: state.fullName,
        pullRequest: ({ number }: { number: number }) => {
          const issue = state.issues.get(number);
          if (!issue?.pull) return null;
          return {
            number,
            id: nodeId('PullRequest', issue.id),
            reviewThreads: (page: Page) => connection(threadsOf(ctx, number), page),
          };
        },
      };
    },
    resolveReviewThread: setResolved(true),
    unresolveReviewThread: setResolved(false),
  };
  const result = await execute({
    schema: githubSchema(),
    document: { kind: 'Document' as never, definitions: [operation] },
    variableValues: variables,
    rootValue,
  });
  if (!result.errors) return { data: result.data };
  return {
    data: result.data,
    errors: result.errors.map((e) => ({
      type: (e.originalError as NotFound | undefined)?.type ?? 'INTERNAL',
      path: e.path,
      locations: e.locations,
      message: e.message,
    })),
  };
}
