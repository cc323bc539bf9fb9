/**
 * The fake GitHub server's GraphQL endpoint (`/api/graphql`, where `@octokit/graphql` sends
 * requests for a `…/api/v3` base URL, as on GitHub Enterprise). It knows only the two mutations
 * the action sends: `convertPullRequestToDraft` and `markPullRequestReadyForReview`. A query of any
 * other shape is answered with a GraphQL error and reported as a violation.
 */
import type { GitHubState } from './github-state.js';

export const GRAPHQL_PATH = '/api/graphql';

export interface GraphqlAnswer {
  status: number;
  body: unknown;
  /** Why the request does not conform; empty when it does. */
  violations: string[];
}

const MUTATION =
  /^mutation\s*\w*\s*\(\s*\$(\w+)\s*:\s*ID!\s*\)\s*\{\s*(convertPullRequestToDraft|markPullRequestReadyForReview)\s*\(\s*input\s*:\s*\{\s*pullRequestId\s*:\s*\$(\w+)\s*\}\s*\)\s*\{\s*pullRequest\s*\{([^{}]*)\}\s*\}\s*\}\s*$/;
const FIELDS = new Set(['id', 'number', 'isDraft', 'url', 'state']);

const graphqlError = (message: string, extra: Record<string, unknown> = {}) => ({
  errors: [{ message, locations: [{ line: 1, column: 1 }], ...extra }],
});

/** Answers one POST to the GraphQL endpoint (already authenticated) from `state`. */
export function answerGraphql(state: GitHubState, body: unknown, serverUrl: string): GraphqlAnswer {
  const request = body as { query?: unknown; variables?: Record<string, unknown> } | undefined;
  const extraKeys = Object.keys(request ?? {}).filter(
    (k) => !['query', 'variables', 'operationName'].includes(k),
  );
  if (typeof request?.query !== 'string' || extraKeys.length > 0) {
    const why = 'a GraphQL request is a JSON object with a string `query` and optional `variables`';
    return { status: 400, body: { message: 'Problems parsing JSON' }, violations: [why] };
  }
  const match = MUTATION.exec(request.query.trim());
  if (!match) {
    const why =
      'the fake serves only convertPullRequestToDraft / markPullRequestReadyForReview with $id: ID!';
    return { status: 200, body: graphqlError('Unsupported query for the fake'), violations: [why] };
  }
  const [, declared, mutation, used, selection] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const fields = selection.split(/[\s,]+/).filter(Boolean);
  const unknown = fields.filter((f) => !FIELDS.has(f));
  const id = request.variables?.[declared];
  const problems = [
    ...(declared !== used ? [`variable $${used} is not declared`] : []),
    ...(fields.length === 0 ? ['empty selection on pullRequest'] : []),
    ...unknown.map((f) => `unknown field PullRequest.${f}`),
    ...(typeof id !== 'string' ? [`variable $${declared} must be a string ID`] : []),
  ];
  if (problems.length > 0)
    return { status: 200, body: graphqlError(problems.join('; ')), violations: problems };

  const decoded = Buffer.from(id as string, 'base64').toString('utf8');
  const recordId = /^PullRequest:(\d+)$/.exec(decoded)?.[1];
  const pull = state.pulls().find((p) => String(p.id) === recordId);
  if (!pull?.pull) {
    const message = `Could not resolve to a node with the global id of '${id}'.`;
    return {
      status: 200,
      body: { data: { [mutation]: null }, ...graphqlError(message, { type: 'NOT_FOUND', path: [mutation] }) },
      violations: [],
    };
  }
  pull.pull.draft = mutation === 'convertPullRequestToDraft';
  pull.updatedAt = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const values: Record<string, unknown> = {
    id,
    number: pull.number,
    isDraft: pull.pull.draft,
    url: `${serverUrl}/${state.fullName}/pull/${pull.number}`,
    state: pull.state.toUpperCase(),
  };
  const pullRequest = Object.fromEntries(fields.map((f) => [f, values[f]]));
  return { status: 200, body: { data: { [mutation]: { pullRequest } } }, violations: [] };
}
