/**
 * The auto-merge mutations, executed against GitHub's schema with plain objects as the
 * resolvers: `enablePullRequestAutoMerge` / `disablePullRequestAutoMerge` (review threads are
 * `github-graphql-threads.ts`'s). Like GitHub, arming refuses a head other than the branch's
 * (`expectedHeadOid`) and a base branch with no required check (the pull request would merge at once).
 */
import { execute, type OperationDefinitionNode } from 'graphql';
import type { BareRepo } from './bare-repo.js';
import { gatesOf } from './github-gate-state.js';
import { GitHubGraphqlError } from './github-graphql-commit.js';
import { githubSchema } from './github-graphql-schema.js';
import { autoMergeOf } from './github-handlers-gates.js';
import { nodeId } from './github-json.js';
import { pullHeadSha } from './github-json-git.js';
import type { GitHubState, IssueRecord } from './github-state.js';

export interface GraphqlGatesContext {
  state: GitHubState;
  git: BareRepo;
  urls: { apiUrl: string; serverUrl: string };
}

/** Root fields this module answers. */
export const GATE_FIELDS = ['enablePullRequestAutoMerge', 'disablePullRequestAutoMerge'];

export async function executeGateOperation(
  ctx: GraphqlGatesContext,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): Promise<unknown> {
  const result = await execute({
    schema: githubSchema(),
    document: { kind: 'Document' as never, definitions: [operation] },
    variableValues: variables,
    rootValue: {
      enablePullRequestAutoMerge: ({ input }: { input: EnableInput }) => enable(ctx, input),
      disablePullRequestAutoMerge: ({ input }: { input: { pullRequestId: string } }) => disable(ctx, input),
    },
  });
  if (!result.errors) return { data: result.data };
  return {
    data: result.data,
    errors: result.errors.map((e) => ({
      type: (e.originalError as GitHubGraphqlError | undefined)?.type ?? 'INTERNAL',
      path: e.path,
      locations: e.locations,
      message: e.message,
    })),
  };
}

interface EnableInput {
  pullRequestId: string;
  expectedHeadOid?: string;
  mergeMethod?: string;
}

function pullByNodeId(ctx: GraphqlGatesContext, id: string): IssueRecord {
  const recordId = /^PullRequest:(\d+)$/.exec(Buffer.from(id, 'base64').toString('utf8'))?.[1];
  const pull = ctx.state.pulls().find((p) => String(p.id) === recordId);
  if (!pull)
    throw new GitHubGraphqlError(`Could not resolve to a node with the global id of '${id}'.`, 'NOT_FOUND');
  return pull;
}

async function pullRequestNode(ctx: GraphqlGatesContext, number: number) {
  const issue = ctx.state.issues.get(number);
  if (!issue?.pull) return null;
  const armed = await autoMergeOf(ctx, number);
  return {
    id: nodeId('PullRequest', issue.id),
    number,
    headRefOid: await pullHeadSha(ctx, number, issue.pull),
    autoMergeRequest: armed
      ? { mergeMethod: armed.mergeMethod, enabledBy: { __typename: 'Bot', login: armed.enabledBy } }
      : null,
  };
}

async function enable(ctx: GraphqlGatesContext, input: EnableInput) {
  const issue = pullByNodeId(ctx, input.pullRequestId);
  const pull = issue.pull!;
  const head = await pullHeadSha(ctx, issue.number, pull);
  if (input.expectedHeadOid && input.expectedHeadOid !== head) {
    throw new GitHubGraphqlError(
      'Head branch was modified. Review and try the merge again.',
      'UNPROCESSABLE',
    );
  }
  const gates = gatesOf(ctx.state);
  const required = [
    ...(gates.protection.get(pull.baseRef)?.contexts ?? []),
    ...(gates.rules.get(pull.baseRef)?.contexts ?? []),
  ];
  if (required.length === 0) throw new GitHubGraphqlError('Pull request is in clean status', 'UNPROCESSABLE');
  gates.autoMerge.set(issue.number, {
    expectedHeadOid: head,
    mergeMethod: input.mergeMethod ?? 'MERGE',
    enabledBy: ctx.state.tokenUser,
  });
  return { pullRequest: await pullRequestNode(ctx, issue.number) };
}

async function disable(ctx: GraphqlGatesContext, input: { pullRequestId: string }) {
  const issue = pullByNodeId(ctx, input.pullRequestId);
  gatesOf(ctx.state).autoMerge.delete(issue.number);
  return { pullRequest: await pullRequestNode(ctx, issue.number) };
}
