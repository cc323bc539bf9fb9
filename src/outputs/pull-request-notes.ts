/**
 * What a pull request says about how the run went (the notes above its verification result) and
 * whether those facts make it a draft. Pure and shared by the action's publishers and the local
 * runner, so both word a stopped agent or a refused workflow file the same way.
 */
import type { StopReason } from '../agent/budget.js';
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
  stopReason: StopReason;
  /** Workflow files the commit refused. */
  refused?: readonly string[];
}

/** The leading notes, then one for an agent that stopped early, then one for refused workflow files. */
export function composeNotes(input: NotesInput): string[] {
  const notes = [...(input.leading ?? [])];
  if (input.stopReason !== 'done')
    notes.push(`The agent stopped early (${input.stopReason}); this is the work it had done.`);
  const refused = refusedWorkflowsNote(input.refused ?? []);
  if (refused) notes.push(refused);
  return notes;
}

export interface DraftInput {
  /** The last CI run failed (CI in the loop). */
  ciFailed?: boolean;
  verification?: VerificationReport;
  stopReason: StopReason;
  /** The `draft` input asks for drafts. */
  draftInput?: boolean;
}

/** Why the PR should be a draft, the weightiest reason first, or undefined when it is ready for review. */
export function draftReason(input: DraftInput): string | undefined {
  if (input.ciFailed) return 'its last CI run failed';
  if (input.verification && !input.verification.passed) return 'verification failed';
  if (input.stopReason !== 'done') return `the agent stopped early (${input.stopReason})`;
  if (input.draftInput) return 'the `draft` input asks for drafts';
  return undefined;
}
