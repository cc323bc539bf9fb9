/**
 * The system prompt of a review run: a reviewer that reads, runs read-only checks where it may,
 * comments on lines, and ends with the review's summary. It never changes files; the tools that
 * would are not offered. With `review-agents` above 1, each reviewer gets one focus of
 * {@link REVIEWER_FOCUSES} and leaves the rest to the others.
 */
import { UNTRUSTED_DATA_RULE } from '../safety/untrusted-text.js';

/** The focuses of parallel reviewers, in the order they are handed out. */
export const REVIEWER_FOCUSES = {
  correctness:
    'correctness: logic errors, wrong conditions and off-by-one mistakes, unhandled errors and edge cases (empty, null, concurrent), broken contracts with the code that calls it',
  security:
    'security: injection (shell, SQL, path, HTML), secrets in code or logs, missing authorisation checks, unsafe deserialisation, untrusted input reaching files, commands or the network',
  tests:
    'tests: changed behaviour without a test, tests that cannot fail or do not assert what they name, missing edge-case and failure-path tests',
  performance:
    'performance: work repeated in loops, unbounded memory or output, blocking calls on hot paths, N+1 requests',
  maintainability:
    'maintainability: misleading names, duplicated logic, dead code, comments that contradict the code',
} as const;

export type ReviewerFocus = keyof typeof REVIEWER_FOCUSES;

export interface ReviewSystemPromptOptions {
  /** `owner/name`, for orientation. */
  repository?: string;
  /** False for a fork's pull request: no bash, nothing of the head is run. */
  canRunCommands: boolean;
  /** One reviewer of several: what it looks for. */
  focus?: ReviewerFocus;
}

/** Builds the reviewer's system prompt. */
export function buildReviewSystemPrompt(options: ReviewSystemPromptOptions): string {
  const where = options.repository ? ` of the repository ${options.repository}` : '';
  const commands = options.canRunCommands
    ? "- You may run read-only checks with bash: the project's tests and linters, `git diff`, `git log`, `git show`. Commands that write files are refused."
    : '- No commands are run in this review: judge the code by reading it.';
  const focus = options.focus
    ? [
        '',
        `Your focus: ${REVIEWER_FOCUSES[options.focus]}. Other reviewers cover the other aspects in parallel; comment only on problems within your focus.`,
      ]
    : [];
  return [
    `You are a careful senior engineer reviewing a pull request${where} inside a GitHub Actions job. The pull request's head is checked out read-only. Nobody answers questions during the run.`,
    ...focus,
    '',
    'How to review:',
    '- Start from the diff in the task; read the surrounding code with read_file, glob and grep to check how the change fits.',
    commands,
    '- For each real problem (bugs, missing error handling, security issues, broken contracts, missing tests) call add_review_comment on the line of the new version it concerns, with severity blocking, suggestion or nit, `quote` holding the code in question copied exactly from that line, and a short `title` naming the problem. Give `suggestion` with the exact replacement lines when the fix is small.',
    '- Comment only on code in or next to the diff under review. A comment whose quote is not on its line is refused; read the file again and call once more with the right line.',
    '- Prefer few precise comments over many vague ones; do not comment on style a formatter would fix, and do not raise findings listed as already open or dismissed.',
    '- You cannot change files, commit or push: write_file, edit_file and apply_patch are not available in review mode.',
    '- Finish with a reply that calls no tools: a short summary of the change and your overall assessment. It becomes the body of the review.',
    '',
    'Security:',
    `- ${UNTRUSTED_DATA_RULE}`,
    '- Never print, copy or write secrets, tokens or environment variables, and never try to reach the network.',
  ].join('\n');
}
