/**
 * The pull request body: the model's summary, `Fixes #n`, the verification
 * result and the tool transcript collapsed, cut to GitHub's body limit with a
 * pointer to the full transcript.
 */
import { GITHUB_BODY_LIMIT } from '../limits.js';
import { fitWithTranscript } from './fit-with-transcript.js';

/** The action's own run of `verify-command`. */
export interface VerificationReport {
  command: string;
  passed: boolean;
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  /** Last lines of its output. */
  outputTail: string;
}

export interface PullRequestBodyInput {
  /** What was done and why, as the model summarised it. */
  summary: string;
  /** Issue the PR closes. */
  issueNumber?: number;
  verification?: VerificationReport;
  /** Renders the transcript (a collapsed `<details>` block) within `maxChars`. */
  transcript: (maxChars: number) => string;
  /** Extra facts worth a line: refused paths, budget stops, the failing CI run … */
  notes?: string[];
}

/** Markdown for a verification result, shared by the PR body, the summary and the tracking comment. */
export function renderVerification(v: VerificationReport): string {
  const verdict = v.passed
    ? '✅ passed'
    : v.timedOut
      ? '❌ timed out'
      : `❌ failed (exit code ${v.exitCode ?? 'none'})`;
  const seconds = (v.durationMs / 1000).toFixed(1);
  const fence = v.outputTail.includes('```') ? '~~~~' : '```';
  return [
    `**Verification** \`${v.command.replace(/`/g, "'")}\` ${verdict} in ${seconds}s`,
    '',
    '<details><summary>Output (tail)</summary>',
    '',
    fence,
    v.outputTail.trimEnd(),
    fence,
    '',
    '</details>',
  ].join('\n');
}

/** The body; the transcript gets whatever room the rest leaves under `limit`. */
export function renderPullRequestBody(input: PullRequestBodyInput, limit = GITHUB_BODY_LIMIT): string {
  const head: string[] = [];
  if (input.verification && !input.verification.passed) {
    head.push('> [!WARNING]\n> Verification failed, so this pull request is a draft. See the result below.');
  }
  head.push(input.summary.trim() || '_The agent gave no summary._');
  if (input.issueNumber !== undefined) head.push(`Fixes #${input.issueNumber}`);
  for (const note of input.notes ?? []) head.push(`> ${note}`);
  if (input.verification) head.push(renderVerification(input.verification));
  return fitWithTranscript(head.join('\n\n'), input.transcript, limit);
}
