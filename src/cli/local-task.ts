/**
 * The task of a local run, framed the way the action frames a dispatch (`--prompt`, trusted) or an
 * issue (`--issue-file`, given to the model as untrusted data like any issue body).
 */
import path from 'node:path';
import type { UntrustedPart } from '../prompt/task-prompt.js';
import { deliverLine, instructionTask, titledPart } from '../prompt/task-wording.js';
import type { IssueText } from './issue-file.js';

export interface LocalTask {
  task: string;
  context: UntrustedPart[];
  /** PR title when the model's summary gives none. */
  fallbackTitle: string;
}

/** From `--prompt`. */
export function promptTask(text: string): LocalTask {
  return {
    task: instructionTask(text.trim(), deliverLine(false)),
    context: [],
    fallbackTitle: 'Changes by agent-action',
  };
}

/** From `--issue-file`. */
export function issueTask(issue: IssueText, file: string): LocalTask {
  const name = path.basename(file);
  return {
    task: `Resolve the issue below (from the file ${name}) in this repository.\n${deliverLine(false)}`,
    context: [titledPart(`issue file ${name}`, issue.title, issue.body)],
    fallbackTitle: `Fix: ${issue.title}`.slice(0, 72),
  };
}
