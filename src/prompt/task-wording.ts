/**
 * Wording shared by every task the model gets, from the action's triggers and the local runner
 * alike, so a change to it is made once.
 */
import type { UntrustedPart } from './task-prompt.js';

/** The task's last line: what becomes of the model's work. */
export function deliverLine(answerOnly: boolean): string {
  return answerOnly
    ? 'Answer the request; your final reply is posted as a comment (file changes are shown as a patch).'
    : 'Make the change in the checked-out working tree; the action commits it and publishes it for review.';
}

/** A trusted instruction (the `prompt` input, a dispatch, `--prompt`) followed by `deliver`. */
export function instructionTask(instruction: string, deliver: string): string {
  return `${instruction}\n\n${deliver}`;
}

/** Untrusted text with a title (an issue, a pull request description): the title as a heading. */
export function titledPart(source: string, title: string, body: string): UntrustedPart {
  return { source, text: `# ${title}\n\n${body}` };
}
