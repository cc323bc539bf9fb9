/**
 * The repository's instructions for coding agents, read from the trusted branch before the agent
 * starts (so nothing the agent later does to the checkout can change them) and given within one
 * byte budget: the files that always apply go into the system prompt; a folder's or a path's
 * files are held back and handed out by {@link InstructionSet.noteFor} the first time the agent
 * reads or edits a file they cover, as a note on that tool result, so the cached prompt prefix
 * never changes. Every file found is listed with what became of it (see `context-report.ts`).
 */
import type { BranchTree } from '../git/read-file-on-branch.js';
import { MAX_READ_BYTES } from '../limits.js';
import { sanitizeUntrusted } from '../safety/untrusted-text.js';
import { appliesTo, parsePathInstructions } from './apply-to.js';
import { claudeImports } from './claude-imports.js';
import type { InstructionFileEntry } from './context-report.js';
import { InstructionBudget } from './instruction-budget.js';
import {
  type Candidate,
  type InstructionFilesSetting,
  instructionCandidates,
} from './instruction-candidates.js';
import { readInstructionText } from './instruction-text.js';

export type { InstructionFilesSetting } from './instruction-candidates.js';

export interface InstructionOptions {
  setting: InstructionFilesSetting;
  /** A review run: `REVIEW.md` and `BUGBOT.md` apply, `excludeAgent: code-review` files do not. */
  review: boolean;
  budgetBytes: number;
  /** How many `@import` hops from a `CLAUDE.md` are followed. */
  maxImportDepth: number;
  /** Paths the task is known to touch (a review's changed files): their instructions come in the first request. */
  knownPaths?: readonly string[];
}

/** A run's instructions: the first request's section, and the held-back files. */
export interface InstructionSet {
  /** The system prompt's repository-instructions section; empty when no file was loaded. */
  readonly section: string;
  /**
   * The note for the agent's first read or edit of `paths` (repository-relative): the held-back
   * files that cover them, each given once; undefined when there is nothing new.
   */
  noteFor(
    paths: readonly string[],
    cause: string,
  ): { note: string; added: InstructionFileEntry[] } | undefined;
  /** Every file found, with what became of it so far. */
  entries(): InstructionFileEntry[];
}

/** A file's text, read and cleaned, waiting for the budget. */
interface Piece {
  entry: InstructionFileEntry;
  text: string;
  oid: string;
  heading: string;
}

/** Files given together when the agent reaches a path they cover. */
interface Held {
  pieces: Piece[];
  covers: (filePath: string) => boolean;
  given: boolean;
}

const NOT_REACHED = 'not needed: the run read or edited no file it covers';

/** Reads the candidates of `tree` and builds the set; nothing is read from the tree after this returns. */
export async function loadInstructionFiles(
  tree: BranchTree,
  options: InstructionOptions,
): Promise<InstructionSet> {
  const budget = new InstructionBudget(options.budgetBytes);
  const room = `the ${kib(options.budgetBytes)} budget for instruction files was used up`;
  const entries: InstructionFileEntry[] = [];
  const listed = new Set<string>();
  const given = new Map<string, string>();
  const unfit: string[] = [];

  const list = (path: string, scope: string, skipped?: string): InstructionFileEntry => {
    const entry: InstructionFileEntry = {
      path,
      scope,
      status: 'skipped',
      bytes: tree.files.get(path)?.bytes ?? 0,
      loadedBytes: 0,
      ...(skipped ? { note: skipped } : {}),
    };
    listed.add(path);
    entries.push(entry);
    return entry;
  };

  /** `path` and, for a `CLAUDE.md` and what it imports, its imports after it; unusable files are listed as skipped. */
  const read = async (path: string, scope: string, depth: number, imports: boolean): Promise<Piece[]> => {
    const entry = list(path, scope);
    const found = await readInstructionText(tree, path, MAX_READ_BYTES);
    const text = found.kind === 'text' ? sanitizeUntrusted(found.text, { maxChars: found.text.length }) : '';
    if (found.kind === 'unusable' || text.trim() === '') {
      entry.note = found.kind === 'unusable' ? found.why : 'empty';
      return [];
    }
    const name = found.via ? `${path} (a link to ${found.via})` : path;
    const heading = scope === 'always' ? name : `${name} (${scope})`;
    const pieces: Piece[] = [{ entry, text, oid: found.oid, heading }];
    if (!imports) return pieces;
    for (const im of claudeImports(text, path)) {
      const target = im.kind === 'inside' ? im.path : im.written;
      const by = `imported by ${path}`;
      if (listed.has(target)) continue;
      if (im.kind === 'outside') list(target, by, `${im.why}; only files in the repository are read`);
      else if (depth >= options.maxImportDepth)
        list(target, by, `more than ${options.maxImportDepth} imports deep`);
      else pieces.push(...(await read(target, by, depth + 1, true)));
    }
    return pieces;
  };

  /** Gives a piece to the budget; its block, or undefined when it was skipped. */
  const admit = (piece: Piece): string | undefined => {
    const { entry } = piece;
    const same = given.get(piece.oid);
    if (same) {
      entry.note = `the same text as ${same}, given already`;
      return undefined;
    }
    const taken = budget.take(piece.text);
    if (taken.kind === 'none') {
      entry.note = room;
      unfit.push(entry.path);
      return undefined;
    }
    given.set(piece.oid, entry.path);
    entry.loadedBytes = taken.bytes;
    entry.status = taken.kind === 'whole' ? 'loaded' : 'truncated';
    if (taken.kind === 'whole') return `### ${piece.heading}\n\n${taken.text.trim()}`;
    entry.note = `cut after ${taken.bytes} bytes: ${room}`;
    return `### ${piece.heading}\n\n${taken.text.trim()}\n[agent-action: the rest of this file (${taken.droppedBytes} bytes) was not given: ${room}.]`;
  };

  const blocks: string[] = [];
  const held: Held[] = [];
  const candidates = instructionCandidates(tree.files.keys(), options.setting, options.review);
  await tree.prefetch(candidates.filter((c) => c.scope.kind !== 'not-used').map((c) => c.path));
  for (const candidate of candidates) {
    if (listed.has(candidate.path)) continue;
    const { scope } = candidate;
    if (scope.kind === 'not-used') list(candidate.path, 'not in this run', scope.why);
    else if (scope.kind === 'always') {
      for (const piece of await read(candidate.path, 'always', 0, isClaudeMd(candidate.path))) {
        const block = admit(piece);
        if (block) blocks.push(block);
      }
    } else {
      const hold = await holdBack(candidate, read, options.review);
      if (hold) held.push(hold);
    }
  }

  /** The held files covering `paths`, admitted now, each once; with a line for those that did not fit. */
  const claim = (paths: readonly string[], when: string) => {
    const out: string[] = [];
    const added: InstructionFileEntry[] = [];
    for (const hold of held) {
      if (hold.given || !paths.some(hold.covers)) continue;
      hold.given = true;
      for (const piece of hold.pieces) {
        piece.entry.note = undefined;
        const block = admit(piece);
        if (block) piece.entry.note = piece.entry.note ? `${when}; ${piece.entry.note}` : when;
        out.push(block ?? `### ${piece.heading}\n\n[agent-action: not given: ${piece.entry.note}.]`);
        added.push({ ...piece.entry });
      }
    }
    return { blocks: out, added };
  };

  if (options.knownPaths?.length) blocks.push(...claim(options.knownPaths, 'for the changed files').blocks);
  const section = blocks.length > 0 ? renderSection(tree.branch, blocks, held.length > 0, unfit) : '';
  return {
    section,
    noteFor(paths, cause) {
      const { blocks: notes, added } = claim(paths, `added after ${cause}`);
      if (notes.length === 0) return undefined;
      const intro = `[agent-action: repository instructions from the trusted branch \`${tree.branch}\` for ${paths.join(', ')}, given now because ${cause} is the first time the agent reached a file they cover. Where they disagree with earlier instructions, these are nearer to the file and win.]`;
      return { note: [intro, ...notes].join('\n\n'), added };
    },
    entries: () => entries.map((entry) => ({ ...entry })),
  };
}

/** A folder or path file (and a folder `CLAUDE.md`'s imports), read now and held until the agent reaches a file it covers. */
async function holdBack(
  candidate: Candidate,
  read: (path: string, scope: string, depth: number, imports: boolean) => Promise<Piece[]>,
  review: boolean,
): Promise<Held | undefined> {
  const { scope } = candidate;
  if (scope.kind === 'folder') {
    const pieces = await read(candidate.path, `files under ${scope.dir}/`, 0, isClaudeMd(candidate.path));
    for (const piece of pieces) piece.entry.note = NOT_REACHED;
    const prefix = `${scope.dir}/`;
    return pieces.length > 0 ? { pieces, covers: (p) => p.startsWith(prefix), given: false } : undefined;
  }
  const [piece] = await read(candidate.path, 'files its applyTo matches', 0, false);
  if (!piece) return undefined;
  const parsed = parsePathInstructions(piece.text);
  const excluded = review ? 'code-review' : 'coding-agent';
  piece.entry.scope =
    parsed.applyTo.length > 0 ? `files matching ${parsed.applyTo.join(', ')}` : 'no applyTo';
  piece.heading = `${candidate.path} (${piece.entry.scope})`;
  if (parsed.excludeAgent === excluded) piece.entry.note = `its excludeAgent is ${excluded}`;
  else if (parsed.applyTo.length === 0)
    piece.entry.note = 'it has no applyTo, so it applies to no file by itself';
  else if (parsed.body.trim() === '') piece.entry.note = 'empty';
  else {
    piece.entry.note = NOT_REACHED;
    piece.text = parsed.body;
    return { pieces: [piece], covers: (p) => appliesTo(parsed.applyTo, p), given: false };
  }
  return undefined;
}

function renderSection(branch: string, blocks: string[], later: boolean, unfit: string[]): string {
  const intro = [
    `These files were written by the repository's maintainers for coding agents and read from the trusted branch \`${branch}\` (never from a pull request's head). Follow them unless they conflict with the rules above.`,
    ...(later
      ? [
          'Instructions for a folder or for certain paths come later, as a note on the first tool result that reads or edits a file they cover; where two disagree, the one nearest the file wins.',
        ]
      : []),
  ].join(' ');
  const missing =
    unfit.length > 0
      ? [
          `[agent-action: not given for lack of room (the instruction budget was used up): ${unfit.join(', ')}.]`,
        ]
      : [];
  return ['## Repository instructions', intro, ...blocks, ...missing].join('\n\n');
}

function isClaudeMd(path: string): boolean {
  return path === 'CLAUDE.md' || path.endsWith('/CLAUDE.md');
}

function kib(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}
