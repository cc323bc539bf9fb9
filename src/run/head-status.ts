/**
 * The `agent-action` commit status on the heads a run pushes: `pending` while CI in the loop runs
 * on a head, then `success` when verification and CI passed on the last head, `failure` otherwise
 * (an earlier head a CI fix round replaced failed its CI). Branch protection can require it.
 */
import { type CommitStatusState, setCommitStatus } from '../github/commit-status.js';
import type { RunContext } from './context.js';
import type { Publication } from './publish.js';

/** The final state of the publication's head and the reason, within a status's 140 characters. */
export function headVerdict(publication: Publication): { state: CommitStatusState; description: string } {
  const { head, outcome } = publication;
  if (outcome.conclusion === 'failed') return { state: 'failure', description: 'The run failed' };
  if (head?.verified === false) return { state: 'failure', description: 'verify-command failed' };
  const ci = outcome.ciConclusion;
  if (ci && ci !== 'success') return { state: 'failure', description: `CI concluded ${ci}` };
  const checked = [head?.verified ? 'verify-command' : '', ci === 'success' ? 'CI' : ''].filter(Boolean);
  return {
    state: 'success',
    description: checked.length > 0 ? `${checked.join(' and ')} passed` : 'Pushed; nothing to verify',
  };
}

/** Sets the status on `sha`; a refusal is logged as a warning. */
export async function markHead(
  ctx: RunContext,
  sha: string,
  status: { state: CommitStatusState; description: string },
): Promise<void> {
  const warning = await setCommitStatus(ctx.octokit, ctx.repo, sha, { ...status, targetUrl: ctx.runUrl });
  if (warning) ctx.log.warning(warning);
}
