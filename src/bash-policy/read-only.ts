/**
 * The read-only part of the policy, for review runs: the same allowlist (tests, linters, read-only
 * git), minus every step whose checked writes are not empty, whatever the command is called and
 * however it is wrapped (`timeout 5 sort -o x`, `env git diff --output=x`, `uniq a b`, `> x`).
 * The writes are the ones the rules typed, so a new tool's outputs are refused by the same
 * mechanism. `allowed-commands` is not consulted in review runs (index.ts), and formatter
 * flags that rewrite files are refused by name first, for a clear message.
 */
import { type Denial, deny } from './denial.js';
import type { LineWrite } from './line-state.js';
import type { Step } from './syntax.js';

/** Long flags that turn a formatter or linter from checking into rewriting. */
const rewritingFlags = /^(--write|--fix|--fix=.*|--apply|--apply-unsafe|--in-place(=.*)?)$/;

const hint = 'Review runs are read-only: report what should change with add_review_comment instead.';

/** The denial for a step that asks a formatter to rewrite files. */
export function rewritingFlagDenial(step: Step): Denial | undefined {
  if (step.kind !== 'command') return undefined;
  const flag = step.words.find((w) => rewritingFlags.test(w.value));
  return flag
    ? deny('review-read-only', `\`${step.words[0]?.value} ${flag.value}\` rewrites files. ${hint}`)
    : undefined;
}

/** The denial for a step that writes any file but a stream (`/dev/null`, `/dev/stderr` …). */
export function readOnlyDenial(step: Step, writes: readonly LineWrite[]): Denial | undefined {
  const write = writes.find((w) => !w.path.startsWith('/dev/'));
  if (!write) return undefined;
  const what =
    step.kind === 'redirect'
      ? `Writing to \`${step.target?.value}\``
      : `\`${step.words[0]?.value}\` writes \`${write.path}\`, which`;
  return deny('review-read-only', `${what} is not allowed. ${hint}`);
}
