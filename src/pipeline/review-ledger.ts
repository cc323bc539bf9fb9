/**
 * What earlier reviews of this pull request left behind, read from GitHub each run: the marker of
 * the action's last review (posted by an app, so no person can forge it), and the threads its
 * inline comments opened. A thread a person resolved, or answered with "won't fix" (the pull
 * request's author or a maintainer), dismisses its finding for good; a thread the action resolved
 * closes it; the rest stay open. Pure.
 */

import { ruleKey } from '../findings/review-fingerprint.js';
import type { PriorReview } from '../github/pull-request-review-context.js';
import type { ReviewThread } from '../github/review-threads.js';
import { REVIEW_MARKER_DISMISSED } from '../limits.js';
import {
  type Dismissal,
  type MarkerFinding,
  readFindingMarker,
  readReviewMarker,
} from '../outputs/review-marker.js';

/** An open finding, with the thread its inline comment opened (none when it was in the body). */
export interface OpenFinding extends MarkerFinding {
  thread?: { id: string; firstCommentId: number } | undefined;
}

export interface ReviewLedger {
  /** The head the action's last review read; undefined before its first. */
  head: string | undefined;
  open: OpenFinding[];
  dismissed: Dismissal[];
}

/** Whether a new finding repeats one that is open or was dismissed. */
export type Known = 'open' | 'dismissed' | undefined;

/** What a person writes to turn a finding down. */
const DISMISSAL =
  /\b(?:won['’]?t|will not|wont|not going to|do not|don['’]?t)\s+fix\b|\bwontfix\b|\bby design\b|\b(?:works|working) as intended\b|\bfalse positive\b|\bnot an issue\b|\bdismiss(?:ed)?\b/i;

/** Those whose "won't fix" counts: the author, and people who maintain the repository. */
const DECIDERS = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);

function dismissedBy(thread: ReviewThread, prAuthor: string): string | undefined {
  if (thread.isResolved && thread.resolvedBy && !thread.resolvedBy.isBot) return thread.resolvedBy.login;
  const reply = thread.comments
    .slice(1)
    .find(
      (c) =>
        !c.authorIsBot && (c.author === prAuthor || DECIDERS.has(c.association)) && DISMISSAL.test(c.body),
    );
  return reply?.author;
}

/** Reads the ledger from the pull request's reviews and threads. */
export function readLedger(
  reviews: readonly PriorReview[],
  threads: readonly ReviewThread[],
  prAuthor: string,
): ReviewLedger {
  const marker = reviews
    .filter((r) => r.authorIsBot)
    .map((r) => readReviewMarker(r.body))
    .filter((m) => m !== undefined)
    .at(-1);
  if (!marker) return { head: undefined, open: [], dismissed: [] };
  const dismissed = new Map(marker.dismissed.map((d) => [d.fp, d]));
  const closed = new Set<string>();
  const threadOf = new Map<string, OpenFinding['thread']>();
  for (const thread of threads) {
    const first = thread.comments[0];
    const fp = first?.authorIsBot ? readFindingMarker(first.body) : undefined;
    if (!fp || !first) continue;
    if (dismissedBy(thread, prAuthor)) {
      const finding = marker.open.find((f) => f.fp === fp);
      dismissed.set(fp, { fp, path: finding?.path ?? '', title: finding?.title ?? '' });
    } else if (thread.isResolved) closed.add(fp);
    else threadOf.set(fp, { id: thread.id, firstCommentId: first.databaseId });
  }
  const open = marker.open
    .filter((f) => !dismissed.has(f.fp) && !closed.has(f.fp))
    .map((f) => ({ ...f, thread: threadOf.get(f.fp) }));
  return { head: marker.head, open, dismissed: [...dismissed.values()].slice(-REVIEW_MARKER_DISMISSED) };
}

/** Whether `finding` repeats an open finding (same fingerprint) or a dismissed one (same fingerprint, or same rule on the same file). */
export function knownAs(
  ledger: Pick<ReviewLedger, 'open' | 'dismissed'>,
  finding: { fp: string; path: string; title: string },
): Known {
  const rule = ruleKey(finding);
  if (ledger.dismissed.some((d) => d.fp === finding.fp || (d.path && ruleKey(d) === rule)))
    return 'dismissed';
  if (ledger.open.some((o) => o.fp === finding.fp || ruleKey(o) === rule)) return 'open';
  return undefined;
}
