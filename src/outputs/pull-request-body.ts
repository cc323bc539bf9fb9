/**
 * The pull request body, in the order a reviewer reads it: the outcome's first line, the model's
 * summary, `Fixes #n`, notes, what the policies refused, the files changed, the verification and
 * CI results, the tool transcript collapsed, and the footer. Cut to GitHub's body limit with a
 * pointer to the full transcript; the transcript gives way first, the footer never.
 */
import { GITHUB_BODY_LIMIT } from '../limits.js';
import { fitWithTranscript } from './fit-with-transcript.js';
import { fenceBlock, inlineCode } from './quoted-text.js';

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
  /** The outcome's first line (`headlineMarkdown(…, 'pull-request')`); none for the local runner. */
  headline?: string;
  /** What was done and why, as the model summarised it. */
  summary: string;
  /** Issue the PR closes. */
  issueNumber?: number;
  verification?: VerificationReport;
  /** Renders the transcript (a collapsed `<details>` block) within `maxChars`. */
  transcript: (maxChars: number) => string;
  /** Extra facts worth a line: a degraded sandbox, refused workflow files, a budget stop … */
  notes?: string[];
  /** Sections a reviewer must see outside the transcript: refused commands, blocked hosts. */
  problems?: string[];
  /** The files changed, from the final diff (`renderChangeList`). */
  changes?: string;
  /** The CI section (`renderCiReport`), above the transcript. */
  ci?: string;
  /** The last line (`renderFooter`). */
  footer?: string;
}

// A failure line in a test runner's or compiler's output; a count of zero failures is not one.
const FAILURE = /\b(?:error|errors|fail(?:ed|ing|ure|s)?|not ok|assert(?:ion)?\w*|exception|panic)\b|[✖✗×]/i;
const NO_FAILURE = /\b(?:0|no) (?:error|fail)|\b(?:fail|failed|errors?)\s*[:=]?\s*0\b/i;

/** The line of the output that says what failed, or undefined when verification passed. */
export function failingLine(v: VerificationReport): string | undefined {
  if (v.passed) return undefined;
  const lines = v.outputTail.split('\n').map((l) => l.trim());
  return lines.find((l) => FAILURE.test(l) && !NO_FAILURE.test(l)) ?? lines.filter((l) => l !== '').at(-1);
}

function verdict(v: VerificationReport): string {
  const seconds = (v.durationMs / 1000).toFixed(1);
  if (v.passed) return `✅ passed in ${seconds}s`;
  return v.timedOut
    ? `❌ timed out after ${seconds}s`
    : `❌ failed (exit code ${v.exitCode ?? 'none'}) in ${seconds}s`;
}

/** `**Verification** \`npm test\` ❌ failed (exit code 1) in 2.3s: \`AssertionError …\`` — one line. */
export function verificationLine(v: VerificationReport): string {
  const line = failingLine(v);
  return `**Verification** ${inlineCode(v.command, 80)} ${verdict(v)}${line ? `: ${inlineCode(line, 160)}` : ''}`;
}

/** The verification with its output's tail folded: posted once, where the change is (the PR, else the comment). */
export function renderVerification(v: VerificationReport): string {
  return [
    verificationLine(v),
    '',
    '<details><summary>Output (last lines)</summary>',
    '',
    fenceBlock(v.outputTail || '(no output)'),
    '',
    '</details>',
  ].join('\n');
}

/** One blockquote per note, every line of it quoted, so a multi-line note cannot break out. */
export function quoteNote(note: string): string {
  return note
    .trim()
    .split('\n')
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** The body; the transcript gets whatever room the rest leaves under `limit`. */
export function renderPullRequestBody(input: PullRequestBodyInput, limit = GITHUB_BODY_LIMIT): string {
  const head: string[] = [];
  if (input.headline) head.push(input.headline);
  head.push(input.summary.trim() || '_The agent gave no summary._');
  if (input.issueNumber !== undefined) head.push(`Fixes #${input.issueNumber}`);
  for (const note of input.notes ?? []) head.push(quoteNote(note));
  head.push(...(input.problems ?? []));
  if (input.changes) head.push(input.changes);
  if (input.verification) head.push(renderVerification(input.verification));
  if (input.ci) head.push(input.ci);
  return fitWithTranscript(head.join('\n\n'), input.transcript, limit, input.footer);
}
