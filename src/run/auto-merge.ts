/**
 * `auto-merge: on-green` after the action's pull request was opened or updated: the gates read on
 * the head the run verified, and GitHub's auto-merge armed for exactly that head with the
 * `merge-method` input. The model has no say in it and no tool for it. What happened is one line
 * for the tracking comment and the `auto-merge` output (`armed`, the first unmet gate, or
 * `refused` when GitHub would not arm it).
 */
import { apiError } from '../github/api-error.js';
import { enableAutoMerge, readMergeFacts } from '../github/merge-facts.js';
import type { RunContext } from './context.js';
import { firstUnmetGate } from './merge-gates.js';
import type { Publication } from './publish.js';

export interface AutoMergeResult {
  output: string;
  line: string;
}

/** Arms auto-merge when every gate holds; undefined when the run has no pull request of its own to merge. */
export async function autoMergeOnGreen(
  ctx: RunContext,
  publication: Publication,
): Promise<AutoMergeResult | undefined> {
  const { config } = ctx;
  const pr = publication.pullRequest;
  const head = publication.head;
  if (config.gates.autoMerge !== 'on-green' || !pr || !head) return undefined;
  const facts = await readMergeFacts(ctx.octokit, ctx.repo, pr.number);
  const verdict = firstUnmetGate(
    {
      head,
      ciWorkflow: config.ci.workflow,
      ciRounds: config.ci.rounds,
      ciConclusion: publication.outcome.ciConclusion,
    },
    facts,
  );
  if (verdict.kind === 'unmet') {
    return {
      output: verdict.gate,
      line: `Auto-merge not armed (gate \`${verdict.gate}\`): ${verdict.reason}.`,
    };
  }
  try {
    await enableAutoMerge(ctx.octokit, { nodeId: facts.nodeId, headSha: head.sha }, config.gates.mergeMethod);
  } catch (error) {
    const { message } = apiError(error);
    return { output: 'refused', line: `Auto-merge not armed: GitHub refused it: ${ctx.redact(message)}.` };
  }
  return {
    output: 'armed',
    line: `Auto-merge armed for ${head.sha.slice(0, 7)} (${config.gates.mergeMethod}): GitHub merges when \`${facts.baseRef}\`'s required checks (${facts.requiredChecks.map((c) => `\`${c}\``).join(', ')}) pass; any new push disarms it.`,
  };
}
