/**
 * Renders what comes from the bare repository: commits, refs, branches, changed files and pull
 * requests (whose head and base SHAs and diff stats are read from git).
 */

import type { CommitInfo } from './bare-repo.js';
import { gatesOf } from './github-gate-state.js';
import {
  authorAssociation,
  type JsonContext,
  labelJson,
  nodeId,
  repoApiUrl,
  repoHtmlUrl,
  repositoryJson,
  userJson,
} from './github-json.js';
import type { IssueRecord, PullFields } from './github-state.js';

type Json = Record<string, any>;

/** The ref holding a pull request's head commit (`refs/pull/<n>/head`, as GitHub keeps it). */
export function pullHeadRef(number: number): string {
  return `refs/pull/${number}/head`;
}

/** The head SHA of a pull request: its branch in this repository, else `refs/pull/<n>/head`. */
export async function pullHeadSha(ctx: JsonContext, number: number, pull: PullFields): Promise<string> {
  const own =
    pull.headRepo === ctx.state.fullName ? await ctx.git.resolve(`refs/heads/${pull.headRef}`) : undefined;
  const sha = own ?? (await ctx.git.resolve(pullHeadRef(number)));
  if (!sha) throw new Error(`pull request #${number} has no head commit in the bare repository`);
  return sha;
}

/** A `commit` (with `stats` and `files` when `withFiles`). */
export async function commitJson(ctx: JsonContext, sha: string, withFiles = true): Promise<Json> {
  const info = await commitInfo(ctx, sha);
  const { tree } = info;
  const api = repoApiUrl(ctx);
  const files = withFiles ? await diffEntries(ctx, info.parents[0], sha) : [];
  const sum = (key: string) => files.reduce((total, f) => total + f[key], 0);
  return {
    sha,
    node_id: nodeId('Commit', sha),
    url: `${api}/commits/${sha}`,
    html_url: `${repoHtmlUrl(ctx)}/commit/${sha}`,
    comments_url: `${api}/commits/${sha}/comments`,
    commit: {
      url: `${api}/git/commits/${sha}`,
      author: info.author,
      committer: info.committer,
      message: info.message,
      comment_count: 0,
      tree: { sha: tree, url: `${api}/git/trees/${tree}` },
      verification: ctx.state.verifiedCommits.has(sha)
        ? {
            verified: true,
            reason: 'valid',
            signature: null,
            payload: null,
            verified_at: info.committer.date,
          }
        : { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    },
    author: null,
    committer: null,
    parents: info.parents.map((p) => ({
      sha: p,
      url: `${api}/commits/${p}`,
      html_url: `${repoHtmlUrl(ctx)}/commit/${p}`,
    })),
    ...(withFiles
      ? { stats: { additions: sum('additions'), deletions: sum('deletions'), total: sum('changes') }, files }
      : {}),
  };
}

/** `diff-entry` items for the changes from `base` (empty tree when undefined) to `head`. */
export async function diffEntries(ctx: JsonContext, base: string | undefined, head: string): Promise<Json[]> {
  const from = base ?? EMPTY_TREE;
  // Two git calls whatever the number of files: raw + numstat lines, then one patch split per file.
  const summary = await ctx.git.gitCached([
    'diff',
    '--raw',
    '--numstat',
    '--no-abbrev',
    '--no-renames',
    from,
    head,
  ]);
  const patches = await ctx.git.gitCached(['diff', '--no-renames', '--no-color', from, head]);
  const patchOf = new Map<string, string>();
  for (const chunk of patches.split(/^(?=diff --git )/m)) {
    const name = /^\+\+\+ b\/(.+)$/m.exec(chunk)?.[1] ?? /^--- a\/(.+)$/m.exec(chunk)?.[1];
    const hunks = chunk.indexOf('\n@@');
    if (name) patchOf.set(name, hunks >= 0 ? chunk.slice(hunks + 1).replace(/\n$/, '') : '');
  }
  const raw = new Map<string, { blob: string; code: string }>();
  const entries: Json[] = [];
  for (const line of summary.split('\n').filter(Boolean)) {
    if (line.startsWith(':')) {
      const [meta, filename] = line.split('\t') as [string, string];
      const [, , , blob, code] = meta.split(' ') as [string, string, string, string, string];
      raw.set(filename, { blob, code });
      continue;
    }
    const [added, deleted, filename] = line.split('\t') as [string, string, string];
    const { blob, code } = raw.get(filename) ?? { blob: ZERO_SHA, code: 'M' };
    const additions = Number(added) || 0;
    const deletions = Number(deleted) || 0;
    entries.push({
      sha: blob,
      filename,
      status: code === 'A' ? 'added' : code === 'D' ? 'removed' : 'modified',
      additions,
      deletions,
      changes: additions + deletions,
      blob_url: `${repoHtmlUrl(ctx)}/blob/${head}/${filename}`,
      raw_url: `${repoHtmlUrl(ctx)}/raw/${head}/${filename}`,
      contents_url: `${repoApiUrl(ctx)}/contents/${filename}?ref=${head}`,
      patch: patchOf.get(filename) ?? '',
    });
  }
  return entries;
}

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const ZERO_SHA = '0000000000000000000000000000000000000000';

/** A `git-ref` for a full ref name. */
export function gitRefJson(ctx: JsonContext, ref: string, sha: string): Json {
  const api = repoApiUrl(ctx);
  return {
    ref,
    node_id: nodeId('Ref', ref),
    url: `${api}/git/${ref}`,
    object: { type: 'commit', sha, url: `${api}/git/commits/${sha}` },
  };
}

/** A `branch-with-protection` (never protected). */
export async function branchJson(ctx: JsonContext, name: string, sha: string): Promise<Json> {
  const api = repoApiUrl(ctx);
  const protection = gatesOf(ctx.state).protection.get(name);
  return {
    name,
    commit: await commitJson(ctx, sha, false),
    _links: { self: `${api}/branches/${name}`, html: `${repoHtmlUrl(ctx)}/tree/${name}` },
    protected: protection !== undefined,
    protection: {
      enabled: protection !== undefined,
      required_status_checks: {
        enforcement_level: protection ? 'non_admins' : 'off',
        contexts: protection?.contexts ?? [],
        checks: (protection?.contexts ?? []).map((context) => ({ context, app_id: null })),
      },
    },
    protection_url: `${api}/branches/${name}/protection`,
  };
}

/** A `pull-request` (or, with `simple`, a `pull-request-simple` as lists return). */
export async function pullJson(ctx: JsonContext, issue: IssueRecord, simple = false): Promise<Json> {
  const pull = issue.pull!;
  const api = repoApiUrl(ctx);
  const url = `${api}/pulls/${issue.number}`;
  const html = `${repoHtmlUrl(ctx)}/pull/${issue.number}`;
  const headSha = await pullHeadSha(ctx, issue.number, pull);
  const baseSha = (await ctx.git.resolve(`refs/heads/${pull.baseRef}`)) ?? headSha;
  const side = (repo: string, ref: string, sha: string) => ({
    label: `${repo.split('/')[0]}:${ref}`,
    ref,
    sha,
    user: userJson(ctx, repo.split('/')[0]!),
    repo: repositoryJson(ctx, repo),
  });
  const common = {
    url,
    id: issue.id,
    node_id: nodeId('PullRequest', issue.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${issue.number}`,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${issue.number}/comments`,
    statuses_url: `${api}/statuses/${headSha}`,
    number: issue.number,
    state: issue.state,
    locked: false,
    title: issue.title,
    user: userJson(ctx, issue.user),
    body: issue.body,
    labels: issue.labels.map((name) => labelJson(ctx, name)),
    milestone: null,
    active_lock_reason: null,
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    closed_at: issue.state === 'closed' ? issue.updatedAt : null,
    merged_at: null,
    merge_commit_sha: null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: side(pull.headRepo, pull.headRef, headSha),
    base: side(ctx.state.fullName, pull.baseRef, baseSha),
    _links: {
      self: { href: url },
      html: { href: html },
      issue: { href: `${api}/issues/${issue.number}` },
      comments: { href: `${api}/issues/${issue.number}/comments` },
      review_comments: { href: `${url}/comments` },
      review_comment: { href: `${api}/pulls/comments{/number}` },
      commits: { href: `${url}/commits` },
      statuses: { href: `${api}/statuses/${headSha}` },
    },
    author_association: authorAssociation(ctx, issue.user),
    auto_merge: null,
    draft: pull.draft,
  };
  if (simple) return common;
  const files = await diffEntries(ctx, await mergeBase(ctx, baseSha, headSha), headSha);
  const commitCount = await ctx.git.gitCached(['rev-list', '--count', `${baseSha}..${headSha}`]);
  return {
    ...common,
    merged: pull.merged,
    mergeable: null,
    rebaseable: null,
    mergeable_state: 'unknown',
    merged_by: null,
    comments: ctx.state.commentsOn(issue.number).length,
    review_comments: [...ctx.state.reviewComments.values()].filter((c) => c.pullNumber === issue.number)
      .length,
    maintainer_can_modify: pull.maintainerCanModify,
    commits: Number(commitCount),
    additions: files.reduce((n, f) => n + f['additions'], 0),
    deletions: files.reduce((n, f) => n + f['deletions'], 0),
    changed_files: files.length,
  };
}

/** Files changed by a pull request, as `pulls/list-files` returns them. */
export async function pullFilesJson(ctx: JsonContext, issue: IssueRecord): Promise<Json[]> {
  const headSha = await pullHeadSha(ctx, issue.number, issue.pull!);
  const baseSha = (await ctx.git.resolve(`refs/heads/${issue.pull!.baseRef}`)) ?? headSha;
  return diffEntries(ctx, await mergeBase(ctx, baseSha, headSha), headSha);
}

async function mergeBase(ctx: JsonContext, a: string, b: string): Promise<string> {
  return (await ctx.git.gitCached(['merge-base', a, b]).catch(() => a)) || a;
}

const commits = new WeakMap<object, Map<string, Promise<CommitInfo>>>();

/** One commit's metadata, memoised per repository (a SHA's commit never changes). */
export function commitInfo(ctx: JsonContext, sha: string): Promise<CommitInfo> {
  const byRepo = commits.get(ctx.git) ?? new Map<string, Promise<CommitInfo>>();
  commits.set(ctx.git, byRepo);
  let info = byRepo.get(sha);
  if (!info) {
    info = ctx.git.log(sha, 1).then(([first]) => {
      if (!first) throw new Error(`no commit ${sha}`);
      return first;
    });
    byRepo.set(sha, info);
  }
  return info;
}
