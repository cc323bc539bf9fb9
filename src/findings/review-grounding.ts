/**
 * A finding is checked against the reviewed head before it is posted: its file exists there, its
 * lines exist, the code it quotes is on those lines (whitespace aside), the lines lie in or next
 * to the diff under review, and a suggestion replaces them cleanly (it changes something and does
 * not repeat the line just before or after the range, the usual sign of a misplaced range). A
 * finding that fails is dropped with its reason; one that passes carries its fingerprint (made of
 * its lines' text, so any change to them is a change to the finding) and the one-line record of
 * each check, shown under "how checked". Pure.
 */

import type { DiffLines } from '../github/diff-lines.js';
import { REVIEW_NEAR_DIFF_LINES } from '../limits.js';
import type { ReviewCommentDraft } from './review-comment-draft.js';
import { findingTitle, fingerprint, normaliseCode } from './review-fingerprint.js';

export const DROP_REASONS = {
  'no-file': 'the file is not in the reviewed head',
  'no-line': 'the line is past the end of the file',
  'quote-not-there': 'the quoted code was not there',
  'off-diff': 'the lines are not in or next to the reviewed diff',
  'suggestion-does-not-apply': 'the suggestion did not apply cleanly',
  'suggestion-fails-verify': 'the suggestion made verify-command fail',
} as const;

export type DropReason = keyof typeof DROP_REASONS;

/** A finding that passed, ready to place. */
export interface GroundedFinding {
  draft: ReviewCommentDraft;
  fp: string;
  title: string;
  /** The anchored code: the text of the finding's lines. */
  code: string;
  /** What was checked, one line each. */
  checks: string[];
  /** The file's text with the suggestion applied, for a verify-command run. */
  suggested?: string;
}

export type Grounding =
  | { kind: 'grounded'; finding: GroundedFinding }
  | { kind: 'dropped'; reason: DropReason };

/** The file as lines, without the empty piece after a final newline. */
export function fileLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** `text` shortened for a one-line mention. */
function short(text: string, max = 60): string {
  const one = normaliseCode(text);
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** Where a finding is anchored: its lines' text (what its fingerprint is made of) and its rule. */
export interface Anchor {
  fp: string;
  title: string;
  /** The text of the finding's lines. */
  code: string;
  /** The first check's record. */
  check: string;
}

/** Checks that the draft's file and lines exist and hold its quote; gives its anchor. */
export function anchorFinding(
  draft: ReviewCommentDraft,
  file: string | undefined,
  head: string,
): { kind: 'anchored'; anchor: Anchor } | { kind: 'dropped'; reason: DropReason } {
  if (file === undefined) return { kind: 'dropped', reason: 'no-file' };
  const lines = fileLines(file);
  const first = draft.startLine ?? draft.line;
  if (draft.line > lines.length) return { kind: 'dropped', reason: 'no-line' };
  const code = lines.slice(first - 1, draft.line).join('\n');
  const where = `\`${draft.path}:${first === draft.line ? first : `${first}-${draft.line}`}\``;
  const quote = draft.quote && normaliseCode(draft.quote) ? draft.quote : undefined;
  if (quote && !normaliseCode(code).includes(normaliseCode(quote)))
    return { kind: 'dropped', reason: 'quote-not-there' };
  const title = findingTitle(draft);
  return {
    kind: 'anchored',
    anchor: {
      fp: fingerprint({ path: draft.path, code, title }),
      title,
      code,
      check: quote
        ? `the quoted code \`${short(quote)}\` is at ${where} in ${head.slice(0, 7)}`
        : `${where} exists in ${head.slice(0, 7)} (no quote given: the lines are the anchor)`,
    },
  };
}

/** Checks one draft against the head's `file` text and the diff under review. */
export function groundFinding(
  draft: ReviewCommentDraft,
  file: string | undefined,
  reviewed: DiffLines,
  head: string,
): Grounding {
  const anchored = anchorFinding(draft, file, head);
  if (anchored.kind === 'dropped') return anchored;
  const { anchor } = anchored;
  const text = file ?? '';
  const lines = fileLines(text);
  const first = draft.startLine ?? draft.line;
  const checks = [anchor.check];
  const slack = REVIEW_NEAR_DIFF_LINES;
  if (!reviewed.near(draft.path, first, draft.line, slack)) return { kind: 'dropped', reason: 'off-diff' };
  checks.push(
    reviewed.near(draft.path, first, draft.line, 0)
      ? 'the lines are in the reviewed diff'
      : `the lines are within ${slack} lines of the reviewed diff`,
  );
  let suggested: string | undefined;
  if (draft.suggestion !== undefined) {
    const replacement = draft.suggestion.replace(/\n$/, '');
    if (!appliesCleanly(replacement, anchor.code, lines, first, draft.line))
      return { kind: 'dropped', reason: 'suggestion-does-not-apply' };
    const after = [...lines.slice(0, first - 1), ...replacement.split('\n'), ...lines.slice(draft.line)];
    suggested = `${after.join('\n')}${text.endsWith('\n') ? '\n' : ''}`;
    const where = `\`${draft.path}:${first === draft.line ? first : `${first}-${draft.line}`}\``;
    checks.push(`the suggestion replaces ${where} cleanly`);
  }
  return {
    kind: 'grounded',
    finding: {
      draft,
      fp: anchor.fp,
      title: anchor.title,
      code: anchor.code,
      checks,
      ...(suggested !== undefined ? { suggested } : {}),
    },
  };
}

/** A change to the lines that neither does nothing nor repeats the line just outside the range. */
function appliesCleanly(
  replacement: string,
  region: string,
  lines: readonly string[],
  first: number,
  last: number,
): boolean {
  if (replacement === region) return false;
  const added = replacement.split('\n');
  const before = lines[first - 2]?.trim();
  const after = lines[last]?.trim();
  const repeats = (line: string | undefined, outside: string | undefined, inside: string | undefined) =>
    !!outside && line?.trim() === outside && inside?.trim() !== outside;
  const old = region.split('\n');
  return !(repeats(added[0], before, old[0]) || repeats(added.at(-1), after, old.at(-1)));
}
