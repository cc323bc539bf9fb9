/**
 * Works out what a parsed patch does to the files it names, without touching the disk: every hunk
 * is located (near-miss matching, exactly one place after the previous hunk) before anything is
 * written, so a patch applies completely or not at all. Context lines keep the file's bytes.
 */
import { findBlock } from './block-match.js';
import { closestRegionHint } from './closest-region.js';
import { type FileLines, fromFileLines, spliceLines, toFileLines } from './file-lines.js';
import { adaptationFor, type HunkLine, oldSide, replacementLines } from './hunk.js';
import { asciiKey, linePrefixOf } from './normalize.js';
import type { PatchHunk, PatchOp } from './patch-parser.js';
import { MATCH_LABELS, type MatchKind } from './plan-edit.js';

/** A file's content after the patch; `undefined` deletes it. */
export interface PlannedWrite {
  path: string;
  content: string | undefined;
}

export type PatchPlan =
  | { kind: 'planned'; writes: PlannedWrite[]; summary: string[] }
  | { kind: 'failed'; message: string };

type HunkResult =
  | { kind: 'applied'; file: FileLines; cursor: number; matched: MatchKind }
  | { kind: 'failed'; message: string };

function findAnchor(file: FileLines, anchor: string, from: number): number {
  const want = asciiKey(anchor);
  for (let i = from; i < file.lines.length; i++) if (file.lines[i]?.trim() === anchor.trim()) return i;
  for (let i = from; i < file.lines.length; i++) if (asciiKey(file.lines[i] ?? '') === want) return i;
  return -1;
}

/** The hunk without line-number prefixes, when every old-side line has one (copied from a listing). */
function withoutLinePrefixes(lines: HunkLine[]): HunkLine[] | undefined {
  const prefix = linePrefixOf(oldSide(lines));
  if (!prefix) return undefined;
  return lines.map((l) => ({ op: l.op, text: l.text.replace(prefix, '') }));
}

function applyHunk(file: FileLines, hunk: PatchHunk, cursor: number, where: string): HunkResult {
  let from = cursor;
  for (const anchor of hunk.anchors) {
    const found = findAnchor(file, anchor, from);
    if (found === -1) {
      return {
        kind: 'failed',
        message: `${where}: the "@@ ${anchor}" line was not found${from > 0 ? ` after line ${from}` : ''}. ${closestRegionHint(file.lines, [anchor])}`,
      };
    }
    from = found + 1;
  }
  let lines = hunk.lines;
  let old = oldSide(lines);
  if (old.length === 0) {
    // Only added lines: after the anchor if there is one, else at the end of the file.
    const at = hunk.anchors.length > 0 ? from : file.lines.length;
    const added = lines.map((l) => l.text);
    return {
      kind: 'applied',
      file: spliceLines(file, at, 0, added),
      cursor: at + added.length,
      matched: 'exact',
    };
  }
  const search = { from, atEnd: hunk.atEnd, firstExact: hunk.anchors.length > 0 };
  let found = findBlock(file.lines, old, search);
  // Models often end a hunk with an empty context line the file does not have there.
  while (
    found.kind === 'absent' &&
    lines.at(-1)?.op === ' ' &&
    lines.at(-1)?.text.trim() === '' &&
    old.length > 1
  ) {
    lines = lines.slice(0, -1);
    old = oldSide(lines);
    found = findBlock(file.lines, old, search);
  }
  let matchedVia: MatchKind | undefined;
  const unprefixed = found.kind === 'absent' ? withoutLinePrefixes(lines) : undefined;
  if (unprefixed) {
    const retry = findBlock(file.lines, oldSide(unprefixed), search);
    if (retry.kind !== 'absent')
      [lines, old, found, matchedVia] = [unprefixed, oldSide(unprefixed), retry, 'line-numbers'];
  }
  if (found.kind === 'ambiguous') {
    const at = found.starts.map((s) => s + 1).join(', ');
    return {
      kind: 'failed',
      message: `${where}: its context and removed lines match ${found.starts.length} places (lines ${at}); add more context lines or an "@@ <line above the change>" anchor to pick one.`,
    };
  }
  if (found.kind === 'absent') {
    return {
      kind: 'failed',
      message: `${where}: its context and removed lines were not found${from > 0 ? ` after line ${from}` : ''}. ${closestRegionHint(file.lines, old)}`,
    };
  }
  const adapt = adaptationFor(file, found.start, lines, { reindents: found.reindents, quotes: true });
  const replacement = replacementLines(file, found.start, lines, adapt);
  const updated = spliceLines(file, found.start, old.length, replacement);
  const matched: MatchKind = matchedVia ?? (adapt.reindent ? 'indentation' : found.matcher);
  return { kind: 'applied', file: updated, cursor: found.start + replacement.length, matched };
}

/** The planned writes of `ops`, given each named file's current content (`undefined`: absent). */
export function planPatch(ops: PatchOp[], current: ReadonlyMap<string, string | undefined>): PatchPlan {
  const writes: PlannedWrite[] = [];
  const summary: string[] = [];
  const fail = (message: string): PatchPlan => ({ kind: 'failed', message });
  const touched = new Set<string>();
  for (const path of ops.flatMap((op) =>
    op.kind === 'update' && op.moveTo ? [op.path, op.moveTo] : [op.path],
  )) {
    if (touched.has(path))
      return fail(`The patch touches ${path} twice; put all its changes in one section.`);
    touched.add(path);
  }
  for (const op of ops) {
    const content = current.get(op.path);
    if (op.kind === 'add') {
      writes.push({ path: op.path, content: op.lines.map((l) => `${l}\n`).join('') });
      summary.push(`${content === undefined ? 'Added' : 'Replaced'} ${op.path} (${op.lines.length} lines)`);
      continue;
    }
    if (content === undefined)
      return fail(
        `${op.path} does not exist${op.kind === 'update' ? '; to create it use "*** Add File:"' : ''}.`,
      );
    if (op.kind === 'delete') {
      writes.push({ path: op.path, content: undefined });
      summary.push(`Deleted ${op.path}`);
      continue;
    }
    let file = toFileLines(content);
    let cursor = 0;
    const notes: string[] = [];
    // A hunk of only added lines and no anchor goes at the end of the file as it was: applied
    // last, so it neither moves the search past later hunks nor offers its lines to their search.
    const appended = (hunk: PatchHunk) => hunk.anchors.length === 0 && oldSide(hunk.lines).length === 0;
    const ordered = [...op.hunks.entries()].sort(([, a], [, b]) => Number(appended(a)) - Number(appended(b)));
    for (const [index, hunk] of ordered) {
      const result = applyHunk(file, hunk, cursor, `${op.path}, hunk ${index + 1}`);
      if (result.kind === 'failed') return fail(result.message);
      ({ file, cursor } = result);
      if (result.matched !== 'exact') notes.push(`hunk ${index + 1} matched ${MATCH_LABELS[result.matched]}`);
    }
    const updated = fromFileLines(file);
    const target = op.moveTo ?? op.path;
    if (op.moveTo !== undefined && op.moveTo !== op.path) {
      if (current.get(op.moveTo) !== undefined)
        return fail(`Cannot move ${op.path} to ${op.moveTo}: it already exists.`);
      writes.push({ path: op.path, content: undefined });
    }
    writes.push({ path: target, content: updated });
    const hunks = `${op.hunks.length} hunk${op.hunks.length === 1 ? '' : 's'}`;
    const moved = target !== op.path ? `Moved ${op.path} to ${target}` : `Updated ${op.path}`;
    summary.push(`${moved} (${hunks}${notes.length > 0 ? `; ${notes.join('; ')}` : ''})`);
  }
  return { kind: 'planned', writes, summary };
}
