/**
 * The reviewers' comments turned into the findings one review posts: each is grounded in the
 * reviewed head again (its fingerprint comes from there), findings several reviewers raised are
 * merged into one (the most severe wording kept, every reviewer named), and those an earlier
 * review raised and left open, or people dismissed, are left out and counted. Comments the tool
 * refused are counted as dropped, unless the same reviewer made the comment again correctly.
 */

import { normaliseCode, normaliseTitle } from '../findings/review-fingerprint.js';
import { type DropReason, type GroundedFinding, groundFinding } from '../findings/review-grounding.js';
import { SEVERITY_RANK } from '../findings/review-severity.js';
import type { DiffLines } from '../github/diff-lines.js';
import type { RejectedComment } from '../tools/add-review-comment.js';
import type { ReviewerResult } from './review-agents.js';
import { knownAs, type ReviewLedger } from './review-ledger.js';

export interface FindingChecks {
  readFile: (path: string) => Promise<string | undefined>;
  /** The diff under review. */
  reviewed: DiffLines;
  head: string;
  /** Open findings (after the re-check) and dismissed ones. */
  ledger: Pick<ReviewLedger, 'open' | 'dismissed'>;
}

export interface CheckedFindings {
  findings: GroundedFinding[];
  dropped: Partial<Record<DropReason, number>>;
  /** Left out: raised before and still open. */
  repeated: number;
  /** Left out: dismissed by a person. */
  dismissed: number;
}

/** True when the reviewer made the refused comment again and it was accepted: same file, same rule or quote. */
function madeAgain(rejected: RejectedComment, result: ReviewerResult): boolean {
  const { draft } = rejected;
  const same = (a: string | undefined, b: string | undefined, norm: (s: string) => string) =>
    !!a && !!b && norm(a) === norm(b);
  return result.comments.some(
    (c) =>
      c.path === draft.path &&
      (same(c.title, draft.title, normaliseTitle) ||
        same(c.quote, draft.quote, normaliseCode) ||
        (!c.title && !draft.title && c.body === draft.body)),
  );
}

/** Merges `next` into `kept`, which raised the same finding. */
function merge(kept: GroundedFinding, next: GroundedFinding): GroundedFinding {
  const first = SEVERITY_RANK[next.draft.severity] > SEVERITY_RANK[kept.draft.severity] ? next : kept;
  const names = [
    ...new Set([kept.draft.reviewer, next.draft.reviewer].flatMap((r) => r?.split(/, | and /) ?? [])),
  ];
  const reviewer = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return { ...first, draft: { ...first.draft, ...(reviewer ? { reviewer } : {}) } };
}

/** Grounds, merges and filters the reviewers' comments. */
export async function checkFindings(
  results: readonly ReviewerResult[],
  checks: FindingChecks,
): Promise<CheckedFindings> {
  const dropped: Partial<Record<DropReason, number>> = {};
  const drop = (reason: DropReason) => {
    dropped[reason] = (dropped[reason] ?? 0) + 1;
  };
  const byFingerprint = new Map<string, GroundedFinding>();
  let repeated = 0;
  let dismissed = 0;
  for (const result of results) {
    for (const rejected of result.rejected) {
      if (rejected.reason === 'open') repeated++;
      else if (rejected.reason === 'dismissed') dismissed++;
      else if (!madeAgain(rejected, result)) drop(rejected.reason);
    }
    for (const draft of result.comments) {
      const grounded = groundFinding(draft, await checks.readFile(draft.path), checks.reviewed, checks.head);
      if (grounded.kind === 'dropped') {
        drop(grounded.reason);
        continue;
      }
      const { finding } = grounded;
      const kept = byFingerprint.get(finding.fp);
      byFingerprint.set(finding.fp, kept ? merge(kept, finding) : finding);
    }
  }
  const findings: GroundedFinding[] = [];
  for (const finding of byFingerprint.values()) {
    const known = knownAs(checks.ledger, { fp: finding.fp, path: finding.draft.path, title: finding.title });
    if (known === 'open') repeated++;
    else if (known === 'dismissed') dismissed++;
    else findings.push(finding);
  }
  return { findings, dropped, repeated, dismissed };
}
