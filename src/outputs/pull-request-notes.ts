/**
 * What a pull request says about how the run went (the notes above its verification result) and
 * whether those facts make it a draft. Pure and shared by the action's publishers and the local
 * runner, so both word a stopped agent or a refused workflow file the same way.
 */
import type { StopReason } from '../agent/budget.js';
import type { CiVerdict } from './action-outputs.js';
import type { VerificationReport } from './pull-request-body.js';

/** The note naming the workflow files the commit left out, or undefined when there were none. */
export function refusedWorkflowsNote(refused: readonly string[]): string | undefined {
  return refused.length > 0
    ? `Changes to workflow files were not committed (the action never edits \`.github/workflows/\`): ${refused.join(', ')}`
    : undefined;
}

export interface NotesInput {
  /** Notes that come first: the plan's, a degraded sandbox. */
  leading?: readonly string[];
  /** How the agent stopped, for a surface without a headline to say it (the local runner). */
  stopReason?: StopReason;
  /** Workflow files the commit refused. */
  refused?: readonly string[];
}

/** The leading notes, then one for an agent that stopped early, then one for refused workflow files. */
export function composeNotes(input: NotesInput): string[] {
  const notes = [...(input.leading ?? [])];
  if (input.stopReason !== undefined && input.stopReason !== 'done')
    notes.push(`The agent stopped early (${input.stopReason}); this is the work it had done.`);
  const refused = refusedWorkflowsNote(input.refused ?? []);
  if (refused) notes.push(refused);
  return notes;
}

export interface DraftInput {
  /** Where CI in the loop stands: a draft until it passed. */
  ci?: CiVerdict;
  verification?: VerificationReport;
  stopReason: StopReason;
  /** The `draft` input asks for drafts. */
  draftInput?: boolean;
}

const CI_DRAFT: Record<CiVerdict['state'], string | undefined> = {
  passed: undefined,
  dispatched: undefined,
  failed: 'its last CI run failed',
  'not-dispatched': 'CI could not be dispatched',
  unfinished: 'CI did not finish',
  pending: 'CI has not run yet',
};

/** Why the PR should be a draft, the weightiest reason first, or undefined when it is ready for review. */
export function draftReason(input: DraftInput): string | undefined {
  const ci = input.ci ? CI_DRAFT[input.ci.state] : undefined;
  if (ci) return ci;
  if (input.verification && !input.verification.passed) return 'verification failed';
  if (input.stopReason !== 'done') return `the agent stopped early (${input.stopReason})`;
  if (input.draftInput) return 'the `draft` input asks for drafts';
  return undefined;
}
