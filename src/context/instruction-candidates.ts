/**
 * Which files of the trusted tree are instructions for coding agents, in the order they are read,
 * and when each applies. Pure: the tree's paths and the `instruction-files` setting in, candidates
 * out. The order (root files first, then per folder and per path) is the one the README documents:
 *
 *  1. `AGENTS.md`; in review runs then `REVIEW.md` and `.cursor/BUGBOT.md`
 *  2. `CLAUDE.md` (its `@imports` right after it), `.github/copilot-instructions.md`, `GEMINI.md`
 *  3. as the agent reaches a file: `AGENTS.md`, `CLAUDE.md` (and in review runs
 *     `.cursor/BUGBOT.md`) of each folder above it, outermost first, and every
 *     `.github/instructions/**\/*.instructions.md` whose `applyTo` matches it.
 */
import path from 'node:path';

/** The `instruction-files` input: the usual files, none, or only those matching globs. */
export type InstructionFilesSetting =
  | { kind: 'auto' }
  | { kind: 'none' }
  | { kind: 'globs'; globs: string[] };

/** When a candidate applies. */
export type CandidateScope =
  /** Given in the first request. */
  | { kind: 'always' }
  /** The files under `dir` (a nested `AGENTS.md` …). */
  | { kind: 'folder'; dir: string }
  /** The files `applyTo` matches (read from the file's front matter). */
  | { kind: 'apply-to' }
  /** Found, but not for this run: the reason. */
  | { kind: 'not-used'; why: string };

/** One instruction file to consider. */
export interface Candidate {
  path: string;
  scope: CandidateScope;
}

const FIRST = ['AGENTS.md'];
const REVIEW = ['REVIEW.md', '.cursor/BUGBOT.md'];
const THEN = ['CLAUDE.md', '.github/copilot-instructions.md', 'GEMINI.md'];
const FOLDER_FILES = ['AGENTS.md', 'CLAUDE.md'];
const PATH_INSTRUCTIONS = /^\.github\/instructions\/(?:.+\/)?[^/]+\.instructions\.md$/;

/** The candidates among `paths` for a run (`review`: a review run), in reading order. */
export function instructionCandidates(
  paths: Iterable<string>,
  setting: InstructionFilesSetting,
  review: boolean,
): Candidate[] {
  const all = [...paths].sort();
  const found = new Set(all);
  const auto: Candidate[] = [
    ...[...FIRST, ...REVIEW, ...THEN]
      .filter((p) => found.has(p))
      .map((p) => ({
        path: p,
        scope: REVIEW.includes(p) && !review ? notUsed('it is read in review runs only') : always,
      })),
    ...all.flatMap((p) => {
      const scope = scopedKind(p, review);
      return scope ? [{ path: p, scope }] : [];
    }),
  ];
  switch (setting.kind) {
    case 'auto':
      return auto;
    case 'none':
      return auto.map((c) => ({ ...c, scope: notUsed('`instruction-files` is `none`') }));
    case 'globs':
      return chosenByGlobs(all, auto, setting.globs, review);
  }
}

/** The folder or path scope of a file that is not a root file, or undefined when it is no candidate. */
function scopedKind(p: string, review: boolean): CandidateScope | undefined {
  if (PATH_INSTRUCTIONS.test(p)) return { kind: 'apply-to' };
  const dir = path.posix.dirname(p);
  if (dir !== '.' && FOLDER_FILES.includes(path.posix.basename(p))) return { kind: 'folder', dir };
  const bugbot = /^(.+)\/\.cursor\/BUGBOT\.md$/.exec(p);
  if (bugbot) return review ? { kind: 'folder', dir: bugbot[1]! } : notUsed('it is read in review runs only');
  return undefined;
}

/** With a glob list: the matching files in the globs' order; the usual candidates that did not match are listed as such. */
function chosenByGlobs(all: string[], auto: Candidate[], globs: string[], review: boolean): Candidate[] {
  const chosen: Candidate[] = [];
  const taken = new Set<string>();
  for (const glob of globs) {
    for (const p of all) {
      if (taken.has(p) || !path.posix.matchesGlob(p, glob)) continue;
      taken.add(p);
      const scope = scopedKind(p, review);
      // Asked for by name: a review-only file is used in any run.
      chosen.push({ path: p, scope: scope && scope.kind !== 'not-used' ? scope : always });
    }
  }
  const rest = auto
    .filter((c) => !taken.has(c.path))
    .map((c) => ({ ...c, scope: notUsed('no glob of `instruction-files` matches it') }));
  return [...chosen, ...rest];
}

const always: CandidateScope = { kind: 'always' };

function notUsed(why: string): CandidateScope {
  return { kind: 'not-used', why };
}
