/**
 * When GitHub refuses the change — a push a ruleset or branch protection declines, an API commit it
 * turns down, a pull request it will not open — the run says so: GitHub's words, the setting or
 * permission to change (by name), and the change itself as a patch, so nothing the agent did is lost.
 */
import { FAILURE_PATCH_INLINE_CHARS, FAILURE_QUOTE_LINES } from '../limits.js';
import { fenceBlock, quoteAnswer } from './quoted-text.js';

/** What was refused. */
export type RefusedStep = 'push' | 'api-commit' | 'pull-request';

/** The fix for a refusal, from GitHub's answer. Pure. */
export function fixFor(step: RefusedStep, answer: string, fallback?: string): string {
  const viaGit = fallback
    ? ` This change went through git because ${fallback}, which GitHub's API cannot commit; commit that part by hand, or`
    : ' Set `commit-signing: auto` (the default) or `api` so GitHub creates and signs the commit, or';
  if (/GH013/.test(answer) && /signature/i.test(answer))
    return `A repository ruleset requires signed commits, and a git push from the runner is not signed.${viaGit} add GitHub Actions to the ruleset's bypass list (Settings → Rules → Rulesets).`;
  if (/GH013|rule violations/i.test(answer))
    return "A repository ruleset refuses this change: adjust the rule, or add GitHub Actions to the ruleset's bypass list (Settings → Rules → Rulesets).";
  if (/GH006|protected branch/i.test(answer))
    return 'Branch protection refuses pushes to this branch (Settings → Branches): allow GitHub Actions to push to it, or let the action work on its own branches.';
  if (/cannot express|cannot commit this change/i.test(answer))
    return 'Set `commit-signing: auto` so such changes fall back to a git push (unsigned), or make the change by hand.';
  if (/not permitted to create or approve pull requests/i.test(answer))
    return 'Allow it under Settings → Actions → General → Workflow permissions: tick “Allow GitHub Actions to create and approve pull requests” (for an organisation, the same setting in its Actions settings).';
  if (step === 'pull-request' && /not accessible by integration|\b403\b/i.test(answer))
    return 'The token cannot open pull requests: grant `pull-requests: write` in the workflow’s `permissions:` block.';
  if (/not accessible by integration|Permission to .* denied|\b403\b/i.test(answer))
    return 'The token cannot write to the repository: grant `contents: write` in the workflow’s `permissions:` block.';
  if (/\b5\d\d\b|server error|unavailable|bad gateway/i.test(answer))
    return 'GitHub failed to answer even after retries; run the action again (it reuses the same branch).';
  return 'Resolve what GitHub reports above, then run the action again.';
}

export interface PublishFailureInput {
  /** One sentence: what did not happen. */
  headline: string;
  /** GitHub's words, already redacted. */
  answer?: string;
  fix: string;
  /** `git format-patch` output of the change, made against `baseSha`. */
  patch?: string;
  /** The commit the run started from, which the patch applies to. */
  baseSha?: string;
  /** Where `changes.patch` was saved on the runner. */
  patchPath?: string;
  /** When the branch is pushed but the pull request is not open: where to open it by hand. */
  compareUrl?: string;
  /** Longest patch shown inline; a longer one is only in the file. */
  maxInline?: number;
}

/**
 * Markdown for the tracking comment and the job summary. Pure. GitHub's answer is shown as text
 * in a code block: an error page (a 502 from a proxy) must not render as HTML or a heading.
 */
export function renderPublishFailure(input: PublishFailureInput): string {
  const parts = [input.headline];
  if (input.answer?.trim())
    parts.push(`GitHub answered:\n\n${quoteAnswer(input.answer, FAILURE_QUOTE_LINES)}`);
  parts.push(`**What to change:** ${input.fix}`);
  if (input.compareUrl)
    parts.push(
      `The branch is pushed; open the pull request by hand: [compare and open](${input.compareUrl}).`,
    );
  const patch = input.patch ?? '';
  const onto = input.baseSha ? ` on \`${input.baseSha.slice(0, 7)}\`` : '';
  if (patch.trim() && patch.length <= (input.maxInline ?? FAILURE_PATCH_INLINE_CHARS)) {
    parts.push(
      `<details><summary>The change as a patch: apply it${onto} with <code>git am</code> (or <code>git apply</code>)</summary>\n\n${fenceBlock(patch, 'diff')}\n\n</details>`,
    );
  } else if (patch.trim()) {
    parts.push('The patch is too large to show here.');
  }
  if (input.patchPath)
    parts.push(
      `The patch is saved as \`changes.patch\` next to the transcript: \`${input.patchPath}\`; \`git am changes.patch\`${onto} applies it.`,
    );
  return parts.join('\n\n');
}
