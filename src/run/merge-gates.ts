/**
 * The hard gates in front of `auto-merge: on-green`, in the order the `auto-merge` output names
 * them. Pure: the facts come from GitHub (`readMergeFacts`) and from the run (the head it pushed
 * and verified, CI in the loop). Every gate must hold on the head the action verified; the first
 * that does not is the answer, with a sentence saying why.
 */
import type { MergeFacts } from '../github/merge-facts.js';

export const MERGE_GATES = [
  'verification',
  'ci',
  'threads',
  'changes-requested',
  'unprotected-base',
  'fork',
] as const;
export type MergeGate = (typeof MERGE_GATES)[number];

export type GateVerdict = { kind: 'hold' } | { kind: 'unmet'; gate: MergeGate; reason: string };

export interface RunFacts {
  /** The head the run pushed last, and whether `verify-command` passed on it (unset without one). */
  head: { sha: string; verified?: boolean };
  /** `ci-workflow`, when set. */
  ciWorkflow: string | undefined;
  /** `ci-rounds`: 0 dispatches CI without waiting for it. */
  ciRounds: number;
  /** Conclusion of the last CI run the action waited for. */
  ciConclusion: string | undefined;
}

const unmet = (gate: MergeGate, reason: string): GateVerdict => ({ kind: 'unmet', gate, reason });

/** The first gate that does not hold, or `hold` when every one does. */
export function firstUnmetGate(run: RunFacts, github: MergeFacts): GateVerdict {
  const short = (sha: string) => sha.slice(0, 7);
  if (run.head.verified === undefined)
    return unmet('verification', 'no `verify-command` is set, so the action verified nothing; set one');
  if (!run.head.verified) return unmet('verification', `\`verify-command\` failed on ${short(run.head.sha)}`);
  if (github.headSha !== run.head.sha) {
    return unmet(
      'verification',
      `the pull request's head moved to ${short(github.headSha)} after the action verified ${short(run.head.sha)}; a head the action did not verify is never armed`,
    );
  }
  if (run.ciWorkflow !== undefined) {
    if (run.ciRounds === 0)
      return unmet('ci', '`ci-rounds` is 0, so the action did not wait for CI; set `ci-rounds: 1` or more');
    if (run.ciConclusion !== 'success')
      return unmet(
        'ci',
        `the last CI run of \`${run.ciWorkflow}\` concluded ${run.ciConclusion || 'without a result'}`,
      );
  }
  if (github.unresolvedThreads.length > 0 || github.threadsTruncated) {
    const who = [...new Set(github.unresolvedThreads)].map((l) => `@${l}`).join(', ');
    return unmet(
      'threads',
      `${github.unresolvedThreads.length} review thread(s) are unresolved (opened by ${who || 'someone'})`,
    );
  }
  if (github.changesRequestedBy.length > 0) {
    const who = github.changesRequestedBy.map((l) => `@${l}`).join(', ');
    return unmet('changes-requested', `${who} requested changes`);
  }
  if (github.requiredChecks.length === 0) {
    return unmet(
      'unprotected-base',
      `\`${github.baseRef}\` requires no status check (branch protection or a ruleset), so GitHub would merge at once; auto-merge is never armed onto an unprotected base`,
    );
  }
  if (!github.sameRepo) return unmet('fork', 'the pull request comes from a fork');
  return { kind: 'hold' };
}
