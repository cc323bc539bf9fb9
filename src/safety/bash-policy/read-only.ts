/**
 * The read-only part of the policy, for review runs: the same allowlist (tests, linters, read-only
 * git), minus every step that writes a file the model chose. A review never changes the checkout,
 * so a command that would is refused with a pointer to `add_review_comment`.
 */
import { type Denial, deny } from './denial.js';
import type { Step } from './syntax.js';

/** Commands whose purpose is to change files. */
const writingCommands = new Set([
  'cp',
  'mv',
  'rm',
  'rmdir',
  'mkdir',
  'touch',
  'tee',
  'chmod',
  'chown',
  'ln',
  'truncate',
  'dd',
  'patch',
]);

/** Long flags that turn a formatter or linter from checking into rewriting (short ones like `-w` mean other things elsewhere). */
const rewritingFlags = /^(--write|--fix|--fix=.*|--apply|--apply-unsafe|--in-place(=.*)?)$/;

const writeRedirects = new Set(['>', '>>', '>|', '&>', '&>>', '>&']);

const hint = 'Review runs are read-only: report what should change with add_review_comment instead.';

/** The denial for a step that would write, or undefined when the step only reads. */
export function readOnlyDenial(step: Step): Denial | undefined {
  if (step.kind === 'redirect') {
    if (!writeRedirects.has(step.op)) return undefined;
    const target = step.target?.value;
    if (target === undefined || target === '/dev/null' || /^[0-2-]$/.test(target)) return undefined;
    return deny('review-read-only', `Writing to \`${target}\` is not allowed. ${hint}`);
  }
  const [name, ...args] = step.words.map((w) => w.value);
  if (name && writingCommands.has(name)) {
    return deny('review-read-only', `\`${name}\` changes files. ${hint}`);
  }
  const flag = args.find((a) => rewritingFlags.test(a));
  if (name && flag) return deny('review-read-only', `\`${name} ${flag}\` rewrites files. ${hint}`);
  return undefined;
}
