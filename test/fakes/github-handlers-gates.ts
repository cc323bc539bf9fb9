/**
 * What the human gates read and write on the fake GitHub server: commit statuses, rulesets with
 * required checks (classic protection shows on `repos/get-branch`), the reviews listed on a pull request, a compare of
 * two commits, review threads resolved or not, and auto-merge armed for one head. Like GitHub, an
 * armed auto-merge whose branch moved past the head it was armed for is disarmed (`autoMergeOf`).
 */

import { type ArmedAutoMerge, gatesOf, type StatusRecord } from './github-gate-state.js';
import { reviewsOf } from './github-handlers-reviews.js';
import { nodeId, repoApiUrl, repoHtmlUrl, userJson } from './github-json.js';
import { commitJson, diffEntries, pullHeadSha } from './github-json-git.js';
import { type Handler, type HandlerInput, notFound, ok, paginate, unprocessable } from './github-reply.js';
import { timestamp } from './github-state.js';

/** The pull request's armed auto-merge, dropped (as GitHub does) once its head moved past the armed one. */
export async function autoMergeOf(
  ctx: Pick<HandlerInput, 'state' | 'git' | 'urls'>,
  number: number,
): Promise<ArmedAutoMerge | undefined> {
  const gates = gatesOf(ctx.state);
  const armed = gates.autoMerge.get(number);
  const pull = ctx.state.issues.get(number)?.pull;
  if (!armed || !pull) return undefined;
  if ((await pullHeadSha(ctx, number, pull)) !== armed.expectedHeadOid) {
    gates.autoMerge.delete(number);
    return undefined;
  }
  return armed;
}

const createStatus: Handler = (input) => {
  const body = input.body as {
    state: StatusRecord['state'];
    target_url?: string | null;
    description?: string | null;
    context?: string;
  };
  const record: StatusRecord = {
    id: input.state.id(),
    sha: input.params['sha']!,
    state: body.state,
    context: body.context ?? 'default',
    description: body.description ?? null,
    targetUrl: body.target_url ?? null,
    createdAt: timestamp(),
  };
  gatesOf(input.state).statuses.push(record);
  return ok(
    {
      url: `${repoApiUrl(input)}/statuses/${record.sha}`,
      avatar_url: null,
      id: record.id,
      node_id: nodeId('StatusContext', record.id),
      state: record.state,
      description: record.description,
      target_url: record.targetUrl,
      context: record.context,
      created_at: record.createdAt,
      updated_at: record.createdAt,
      creator: userJson(input, input.state.tokenUser),
    },
    201,
  );
};

const getBranchRules: Handler = (input) => {
  const rule = gatesOf(input.state).rules.get(input.params['branch']!);
  const body = rule
    ? [
        {
          type: 'required_status_checks',
          parameters: {
            strict_required_status_checks_policy: true,
            required_status_checks: rule.contexts.map((context) => ({ context })),
          },
          ruleset_source_type: 'Repository',
          ruleset_source: input.state.fullName,
          ruleset_id: 42,
        },
      ]
    : [];
  return ok(body);
};

const listReviews: Handler = (input) => {
  const number = Number(input.params['pull_number']);
  if (!input.state.issues.get(number)?.pull) return notFound();
  const states: Record<string, string> = {
    COMMENT: 'COMMENTED',
    APPROVE: 'APPROVED',
    REQUEST_CHANGES: 'CHANGES_REQUESTED',
  };
  const reviews = reviewsOf(input.state)
    .filter((r) => r.pullNumber === number)
    .map((review) => {
      const html = `${repoHtmlUrl(input)}/pull/${number}#pullrequestreview-${review.id}`;
      const pullUrl = `${repoApiUrl(input)}/pulls/${number}`;
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
        author_association: 'COLLABORATOR',
      };
    });
  const { page, headers } = paginate(input, reviews);
  return { status: 200, body: page, headers };
};

const compare: Handler = async (input) => {
  const [baseRef, headRef] = (input.params['basehead'] ?? '').split('...');
  const base = baseRef ? await input.git.resolve(baseRef) : undefined;
  const head = headRef ? await input.git.resolve(headRef) : undefined;
  if (!base || !head) return notFound();
  const mergeBase = (await input.git.gitCached(['merge-base', base, head]).catch(() => '')).trim();
  if (!mergeBase) return unprocessable(`No common ancestor between ${baseRef} and ${headRef}.`);
  const count = async (range: string) => Number(await input.git.gitCached(['rev-list', '--count', range]));
  const ahead = await count(`${base}..${head}`);
  const behind = await count(`${head}..${base}`);
  const shas = (await input.git.gitCached(['rev-list', '--reverse', `${base}..${head}`]))
    .split('\n')
    .filter(Boolean);
  const html = repoHtmlUrl(input);
  return ok({
    url: `${repoApiUrl(input)}/compare/${input.params['basehead']}`,
    html_url: `${html}/compare/${input.params['basehead']}`,
    permalink_url: `${html}/compare/${base}...${head}`,
    diff_url: `${html}/compare/${input.params['basehead']}.diff`,
    patch_url: `${html}/compare/${input.params['basehead']}.patch`,
    base_commit: await commitJson(input, base, false),
    merge_base_commit: await commitJson(input, mergeBase, false),
    status: ahead > 0 && behind > 0 ? 'diverged' : ahead > 0 ? 'ahead' : behind > 0 ? 'behind' : 'identical',
    ahead_by: ahead,
    behind_by: behind,
    total_commits: ahead,
    commits: await Promise.all(shas.map((sha) => commitJson(input, sha, false))),
    files: await diffEntries(input, mergeBase, head),
  });
};

export const gateHandlers: Record<string, Handler> = {
  'repos/create-commit-status': createStatus,
  'repos/get-branch-rules': getBranchRules,
  'pulls/list-reviews': listReviews,
  'repos/compare-commits-with-basehead': compare,
};
