/**
 * `createCommitOnBranch` as GitHub implements it, for the fake server: a real commit in the served
 * bare repository whose parent is the branch head, refused with GitHub's STALE_DATA error when
 * `expectedHeadOid` is not that head; authored by the token's user, committed by GitHub, and
 * recorded as verified (GitHub signs such commits). File additions keep an existing file's mode and
 * create new files as 100644, the way the web editor does.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execute, GraphQLError, type OperationDefinitionNode } from 'graphql';
import type { BareRepo } from './bare-repo.js';
import { githubSchema } from './github-graphql-schema.js';
import type { GitHubState } from './github-state.js';

export interface GraphqlCommitContext {
  state: GitHubState;
  git: BareRepo;
  serverUrl: string;
}

/** GitHub's committer for commits it creates (and signs) through the API or the web. */
export const GITHUB_COMMITTER = { name: 'GitHub', email: 'noreply@github.com' };

const refusals = new WeakMap<GitHubState, { type: string; message: string }>();

/** Makes every `createCommitOnBranch` fail with `error` (undefined to stop), e.g. a missing permission. */
export function refuseApiCommits(
  state: GitHubState,
  error: { type: string; message: string } | undefined,
): void {
  if (error) refusals.set(state, error);
  else refusals.delete(state);
}

interface CommitInput {
  branch: { repositoryNameWithOwner?: string; branchName?: string; id?: string };
  expectedHeadOid: string;
  message: { headline: string; body?: string | null };
  fileChanges?: {
    additions?: { path: string; contents: string }[] | null;
    deletions?: { path: string }[] | null;
  } | null;
}

export class GitHubGraphqlError extends GraphQLError {
  constructor(
    message: string,
    readonly type: string,
  ) {
    super(message);
  }
}

/** Executes the (already validated) operation; GitHub-shaped `errors` carry a `type`. */
export async function executeCreateCommit(
  ctx: GraphqlCommitContext,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): Promise<unknown> {
  const result = await execute({
    schema: githubSchema(),
    document: { kind: 'Document' as never, definitions: [operation] },
    variableValues: variables,
    rootValue: { createCommitOnBranch: ({ input }: { input: CommitInput }) => createCommit(ctx, input) },
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

async function createCommit(ctx: GraphqlCommitContext, input: CommitInput) {
  const { state, git } = ctx;
  const refused = refusals.get(state);
  if (refused) throw new GitHubGraphqlError(refused.message, refused.type);
  const { repositoryNameWithOwner, branchName } = input.branch;
  if (!branchName || repositoryNameWithOwner?.toLowerCase() !== state.fullName.toLowerCase())
    throw new GitHubGraphqlError(
      `Could not resolve to a Repository with the name '${repositoryNameWithOwner}'.`,
      'NOT_FOUND',
    );
  const ref = `refs/heads/${branchName.replace(/^refs\/heads\//, '')}`;
  const head = await git.resolve(ref);
  if (!head) throw new GitHubGraphqlError(`A ref named "${ref}" does not exist.`, 'NOT_FOUND');
  if (head !== input.expectedHeadOid)
    throw new GitHubGraphqlError(
      `Expected branch to point to "${input.expectedHeadOid}" but it did not. Pull and try again.`,
      'STALE_DATA',
    );
  const scratch = await mkdtemp(path.join(tmpdir(), 'fake-api-commit-'));
  const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
  try {
    await git.git(['read-tree', head], { env });
    for (const { path: file } of input.fileChanges?.deletions ?? []) {
      if (!(await git.git(['ls-tree', head, '--', file])))
        throw new GitHubGraphqlError(
          `A path was requested for deletion which does not exist as of commit oid \`${head}\``,
          'UNPROCESSABLE',
        );
      await git.git(['update-index', '--force-remove', '--', file], { env });
    }
    for (const { path: file, contents } of input.fileChanges?.additions ?? []) {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(contents))
        throw new GitHubGraphqlError(`contents of ${file} is not valid Base64`, 'UNPROCESSABLE');
      const blobFile = path.join(scratch, 'blob');
      await writeFile(blobFile, Buffer.from(contents, 'base64'));
      const blob = await git.git(['hash-object', '-w', blobFile]);
      const existing = (await git.git(['ls-tree', head, '--', file])).split(' ')[0];
      const mode = existing && existing !== '040000' ? existing : '100644';
      await git.git(['update-index', '--add', '--cacheinfo', `${mode},${blob},${file}`], { env });
    }
    const tree = await git.git(['write-tree'], { env });
    const { headline, body } = input.message;
    const message = body ? `${headline}\n\n${body}` : headline;
    const author = authorOf(state.tokenUser);
    const sha = await git.git(['commit-tree', tree, '-p', head], {
      input: message.endsWith('\n') ? message : `${message}\n`,
      env: {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_COMMITTER_NAME: GITHUB_COMMITTER.name,
        GIT_COMMITTER_EMAIL: GITHUB_COMMITTER.email,
      },
    });
    // The old value makes the update atomic, as GitHub's compare-and-swap is.
    await git.git(['update-ref', ref, sha, head]);
    state.verifiedCommits.add(sha);
    return {
      commit: {
        oid: sha,
        abbreviatedOid: sha.slice(0, 7),
        url: `${ctx.serverUrl}/${state.fullName}/commit/${sha}`,
      },
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function authorOf(login: string): { name: string; email: string } {
  if (login === 'github-actions[bot]')
    return { name: login, email: '41898282+github-actions[bot]@users.noreply.github.com' };
  return { name: login, email: `${login}@users.noreply.github.com` };
}
