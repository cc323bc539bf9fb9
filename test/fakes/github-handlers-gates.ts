/**
 * What the merge gates read and write on the fake GitHub server: commit statuses, rulesets with
 * required checks (classic protection shows on `repos/get-branch`), and auto-merge armed for one
 * head. Like GitHub, an armed auto-merge whose branch moved past the head it was armed for is
 * disarmed (`autoMergeOf`).
 */

import { type ArmedAutoMerge, gatesOf, type StatusRecord } from './github-gate-state.js';
import { nodeId, repoApiUrl, userJson } from './github-json.js';
import { pullHeadSha } from './github-json-git.js';
import { type Handler, type HandlerInput, ok } from './github-reply.js';
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

export const gateHandlers: Record<string, Handler> = {
  'repos/create-commit-status': createStatus,
  'repos/get-branch-rules': getBranchRules,
};
