/**
 * Parses the `*** Begin Patch` … `*** End Patch` format OpenAI's models are trained on: file
 * sections `*** Add File:`, `*** Delete File:` and `*** Update File:` (optionally `*** Move to:`),
 * update hunks introduced by `@@` with an optional anchor line, and `*** End of File`. Lenient only
 * where models commonly slip (a heredoc or code-fence wrapper, a blank line for an empty context
 * line, unified-diff `@@ -1,3 +1,4 @@` headers); anything else is a clear error naming the line.
 */
import type { HunkLine } from './hunk.js';

/** One hunk of an update: anchor lines to move past first, then its lines. */
export interface PatchHunk {
  anchors: string[];
  lines: HunkLine[];
  /** `*** End of File`: the hunk's old side must end the file. */
  atEnd: boolean;
}

/** One file operation of a patch. */
export type PatchOp =
  | { kind: 'add'; path: string; lines: string[] }
  | { kind: 'delete'; path: string }
  | { kind: 'update'; path: string; moveTo?: string; hunks: PatchHunk[] };

export type ParsedPatch = { kind: 'parsed'; ops: PatchOp[] } | { kind: 'invalid'; message: string };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File:';
const DELETE = '*** Delete File:';
const UPDATE = '*** Update File:';
const MOVE = '*** Move to:';
const END_OF_FILE = '*** End of File';
/** A unified-diff range header carries no anchor text. */
const UNIFIED_RANGE = /^-\d+(,\d+)? \+\d+(,\d+)? @@/;

const FORMAT_HINT =
  'apply_patch takes "*** Begin Patch", then sections "*** Add File: <path>" (lines prefixed +), ' +
  '"*** Delete File: <path>" or "*** Update File: <path>" (hunks starting "@@", lines prefixed " ", - or +), then "*** End Patch".';

/** The first line of a heredoc wrapper: `apply_patch <<'EOF'`, `<<"EOF"`, `<<EOF`, `<<-EOF`. */
const HEREDOC_START = /<<-?\s*['"]?\w+['"]?\s*$/;

/**
 * Drops what models wrap the patch in: a `%%bash` cell line, a heredoc (`apply_patch <<'EOF'` …
 * `EOF`) or a code fence.
 */
function unwrap(lines: string[]): string[] {
  let out = lines;
  if (/^%%(bash|sh)\s*$/.test(out[0]?.trim() ?? '')) out = out.slice(1);
  const first = out[0]?.trim() ?? '';
  if (HEREDOC_START.test(first) || /^```/.test(first)) {
    out = out.slice(1);
    const last = out.at(-1)?.trim() ?? '';
    if (/^(\w+|```)$/.test(last) && last !== END) out = out.slice(0, -1);
  }
  return out;
}

/**
 * A section header. Models sometimes indent one (Codex accepts that); an indented line counts only
 * when it names one of the format's own headers, so an indented `*** ` line of file content stays
 * a hunk line.
 */
const KNOWN_HEADER =
  /^\s+\*\*\* (Add File:|Delete File:|Update File:|Move to:|End of File\s*$|End Patch\s*$)/;
const isHeader = (line: string) => line.startsWith('*** ') || KNOWN_HEADER.test(line);

/** Parses patch text into file operations. */
export function parsePatch(text: string): ParsedPatch {
  const raw = text.replace(/\r\n/g, '\n').split('\n');
  while (raw.length > 0 && raw.at(-1)?.trim() === '') raw.pop();
  while (raw.length > 0 && raw[0]?.trim() === '') raw.shift();
  const lines = unwrap(raw);
  const fail = (message: string): ParsedPatch => ({ kind: 'invalid', message });
  if (/^(diff --git|--- |\+\+\+ )/.test(lines[0] ?? ''))
    return fail(`This is a unified diff, not the apply_patch format. ${FORMAT_HINT}`);
  if (lines[0]?.trim() !== BEGIN) return fail(`The patch must start with "${BEGIN}". ${FORMAT_HINT}`);
  if (lines.at(-1)?.trim() !== END) return fail(`The patch must end with "${END}". ${FORMAT_HINT}`);

  const ops: PatchOp[] = [];
  let i = 1;
  const at = () => `patch line ${i + 1}`;
  const last = lines.length - 1;
  while (i < last) {
    const line = isHeader(lines[i] as string) ? (lines[i] as string).trim() : (lines[i] as string);
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (line.startsWith(ADD)) {
      const path = line.slice(ADD.length).trim();
      const content: string[] = [];
      i++;
      while (i < last && !isHeader(lines[i] as string)) {
        const l = lines[i] as string;
        if (l.startsWith('+')) content.push(l.slice(1));
        else if (l.trim() !== '' || !nextIsHeaderOrEnd(lines, i, last))
          return fail(`${at()}: every line of an added file starts with "+" (got ${JSON.stringify(l)}).`);
        i++;
      }
      if (!path) return fail(`${at()}: "${ADD}" needs a path.`);
      ops.push({ kind: 'add', path, lines: content });
      continue;
    }
    if (line.startsWith(DELETE)) {
      const path = line.slice(DELETE.length).trim();
      if (!path) return fail(`${at()}: "${DELETE}" needs a path.`);
      ops.push({ kind: 'delete', path });
      i++;
      while (i < last && (lines[i] as string).trim() === '') i++;
      if (i < last && !isHeader(lines[i] as string))
        return fail(`${at()}: nothing may follow "${DELETE} ${path}" before the next "***" line.`);
      continue;
    }
    if (line.startsWith(UPDATE)) {
      const path = line.slice(UPDATE.length).trim();
      if (!path) return fail(`${at()}: "${UPDATE}" needs a path.`);
      i++;
      let moveTo: string | undefined;
      const next = (lines[i] ?? '').trim();
      if (isHeader(lines[i] ?? '') && next.startsWith(MOVE)) {
        moveTo = next.slice(MOVE.length).trim();
        if (!moveTo) return fail(`${at()}: "${MOVE}" needs a path.`);
        i++;
      }
      const parsed = parseHunks(lines, i, last);
      if (parsed.kind === 'invalid') return fail(parsed.message);
      i = parsed.next;
      if (parsed.hunks.length === 0 && moveTo === undefined)
        return fail(
          `"${UPDATE} ${path}" has no hunks; each change starts with "@@" and has lines prefixed " ", - or +.`,
        );
      ops.push({ kind: 'update', path, hunks: parsed.hunks, ...(moveTo !== undefined ? { moveTo } : {}) });
      continue;
    }
    return fail(
      `${at()}: expected a file section ("${ADD}", "${DELETE}" or "${UPDATE}"), got ${JSON.stringify(line)}.`,
    );
  }
  if (ops.length === 0) return fail(`The patch changes no file. ${FORMAT_HINT}`);
  return { kind: 'parsed', ops };
}

function nextIsHeaderOrEnd(lines: string[], i: number, last: number): boolean {
  let j = i;
  while (j < last && (lines[j] as string).trim() === '') j++;
  return j >= last || isHeader(lines[j] as string);
}

type HunksParse = { kind: 'parsed'; hunks: PatchHunk[]; next: number } | { kind: 'invalid'; message: string };

function parseHunks(lines: string[], start: number, last: number): HunksParse {
  const hunks: PatchHunk[] = [];
  let current: PatchHunk | undefined;
  let anchors: string[] = [];
  // After `*** End of File` the hunk is over: blank lines before the next header are not context.
  let afterEnd = false;
  let i = start;
  for (; i < last; i++) {
    const line = lines[i] as string;
    if (line.trim() === END_OF_FILE) {
      if (!current)
        return { kind: 'invalid', message: `patch line ${i + 1}: "${END_OF_FILE}" must end a hunk.` };
      current.atEnd = true;
      current = undefined;
      afterEnd = true;
      continue;
    }
    if (isHeader(line)) break;
    if (afterEnd && line.trim() === '') continue;
    afterEnd = false;
    if (line.startsWith('@@')) {
      current = undefined;
      const anchor = line.slice(2).trim();
      if (anchor !== '' && !UNIFIED_RANGE.test(anchor)) anchors.push(anchor);
      continue;
    }
    if (!current) {
      current = { anchors, lines: [], atEnd: false };
      anchors = [];
      hunks.push(current);
    }
    const op = line[0];
    if (line === '') current.lines.push({ op: ' ', text: '' });
    else if (op === ' ' || op === '-' || op === '+') current.lines.push({ op, text: line.slice(1) });
    else
      return {
        kind: 'invalid',
        message: `patch line ${i + 1}: a hunk line starts with " " (context), "-" (remove) or "+" (add); got ${JSON.stringify(line)}. Start a new hunk with "@@".`,
      };
  }
  if (anchors.length > 0)
    return {
      kind: 'invalid',
      message: `patch line ${i}: "@@ ${anchors.at(-1)}" is not followed by any hunk lines.`,
    };
  return { kind: 'parsed', hunks, next: i };
}
