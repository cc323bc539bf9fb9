/**
 * Keeps the action's open findings current before the new review is posted. A finding whose
 * anchored code is still in its file (moved or not) stays open where the code now is. One whose
 * file was deleted is resolved at once. One whose code changed is re-checked: one small model
 * call each (no tools; at most {@link REVIEW_RECHECK_MAX} a run, concurrently), and when the answer
 * is that it no longer holds, its thread gets a one-line reply saying why and is resolved
 * (GraphQL `resolveReviewThread`). Anything unclear, or a thread GitHub would not resolve, leaves
 * the finding open.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AgentResult } from '../agent/loop.js';
import { normaliseCode } from '../findings/review-fingerprint.js';
import { fileLines } from '../findings/review-grounding.js';
import { resolveReviewThread } from '../github/review-threads.js';
import { REVIEW_RECHECK_CONTEXT_LINES, REVIEW_RECHECK_MAX } from '../limits.js';
import type { ResolvedFinding } from '../outputs/review-body.js';
import type { ReviewScope } from '../outputs/review-scope.js';
import type { OpenFinding } from '../pipeline/review-ledger.js';
import { buildRecheckMessages, parseRecheckVerdict } from '../prompt/review-recheck-prompt.js';
import type { RunContext } from './context.js';

export interface RecheckDeps {
  prNumber: number;
  head: string;
  scope: ReviewScope;
  readFile: (path: string) => Promise<string | undefined>;
  /** One tool-less model call (its usage is the caller's to add up). */
  ask: (messages: ChatCompletionMessageParam[]) => Promise<AgentResult>;
}

export interface RecheckResult {
  open: OpenFinding[];
  resolved: ResolvedFinding[];
}

/** Where `code` (whitespace aside) now sits in `lines`, as a range as long as the finding's. */
export function locateCode(
  lines: readonly string[],
  code: string,
  span: number,
): { start: number; line: number } | undefined {
  const wanted = normaliseCode(code);
  if (!wanted) return undefined;
  for (let i = 0; i + span <= lines.length; i++) {
    if (normaliseCode(lines.slice(i, i + span).join('\n')).includes(wanted))
      return { start: i + 1, line: i + span };
  }
  return undefined;
}

function numbered(lines: readonly string[], around: number): string {
  const from = Math.max(0, around - 1 - REVIEW_RECHECK_CONTEXT_LINES);
  const to = Math.min(lines.length, around + REVIEW_RECHECK_CONTEXT_LINES);
  return lines
    .slice(from, to)
    .map((text, i) => `${from + i + 1}: ${text}`)
    .join('\n');
}

/** Whether this run's scope may have touched the finding's file. */
function mayHaveChanged(finding: OpenFinding, scope: ReviewScope): boolean {
  if (scope.kind === 'incremental') return scope.files.some((f) => f.filename === finding.path);
  return scope.reason === 'force-push';
}

/** Re-checks the open findings against the head; resolves the threads of those that no longer hold. */
export async function recheckOpenFindings(
  ctx: RunContext,
  findings: readonly OpenFinding[],
  deps: RecheckDeps,
): Promise<RecheckResult> {
  const open: OpenFinding[] = [];
  const resolved: ResolvedFinding[] = [];
  const asks: Promise<void>[] = [];
  for (const finding of findings) {
    if (!mayHaveChanged(finding, deps.scope)) {
      open.push(finding);
      continue;
    }
    const text = await deps.readFile(finding.path);
    if (text === undefined) {
      if (await close(ctx, finding, 'the file was deleted', deps))
        resolved.push(done(finding, 'the file was deleted'));
      else open.push(finding);
      continue;
    }
    const lines = fileLines(text);
    const span = finding.line - (finding.start ?? finding.line) + 1;
    const moved = locateCode(lines, finding.code, span);
    if (moved) {
      open.push({ ...finding, line: moved.line, ...(span > 1 ? { start: moved.start } : {}) });
      continue;
    }
    if (asks.length >= REVIEW_RECHECK_MAX) {
      open.push(finding);
      continue;
    }
    const patch = deps.scope.files.find((f) => f.filename === finding.path)?.patch;
    const messages = buildRecheckMessages({
      path: finding.path,
      line: finding.line,
      title: finding.title,
      severity: finding.severity,
      code: finding.code,
      change: patch ?? 'The branch was force-pushed, so only the file as it is now can be shown.',
      around: numbered(lines, finding.line),
    });
    asks.push(
      deps.ask(messages).then(async (answer) => {
        const verdict =
          answer.stopReason === 'done'
            ? parseRecheckVerdict(answer.summary)
            : { kind: 'holds' as const, why: '' };
        ctx.log.info(`Re-check of "${finding.title}" on ${finding.path}: ${verdict.kind} (${verdict.why})`);
        if (verdict.kind === 'fixed' && (await close(ctx, finding, verdict.why, deps)))
          resolved.push(done(finding, verdict.why));
        else open.push(finding);
      }),
    );
  }
  await Promise.all(asks);
  return { open, resolved };
}

function done(finding: OpenFinding, why: string): ResolvedFinding {
  return { path: finding.path, line: finding.line, title: finding.title, why };
}

/** Replies in the finding's thread with why, then resolves it; false when GitHub refused. */
async function close(
  ctx: RunContext,
  finding: OpenFinding,
  why: string,
  deps: RecheckDeps,
): Promise<boolean> {
  if (!finding.thread) return true;
  try {
    await ctx.octokit.request(
      'POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies',
      {
        ...ctx.repo,
        pull_number: deps.prNumber,
        comment_id: finding.thread.firstCommentId,
        body: ctx.publish(`Resolved at ${deps.head.slice(0, 7)}: ${why}`, 1_000),
      },
    );
    await resolveReviewThread(ctx.octokit, finding.thread.id);
    return true;
  } catch (error) {
    ctx.log.warning(
      `Could not resolve the thread of "${finding.title}" on ${finding.path}: ${(error as Error).message}`,
    );
    return false;
  }
}
