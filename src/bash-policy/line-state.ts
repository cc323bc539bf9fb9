/**
 * What the checks of one command line share, and the check made when the whole line is known.
 * Every path is resolved against the disk as it is before the line runs, so a path that goes
 * through something another step of the line copies or moves (a symlink or folder can appear
 * there: `cp -r d out && cat out/link/..`), or a program or list file another step writes, would
 * be checked against the wrong file. Steps of a pipeline run at the same time, so "another step"
 * means any other, before or after.
 */
import { realPathOf } from '../safety/path-policy.js';
import { type Denial, deny } from './denial.js';
import { inside } from './paths.js';

/**
 * A write an allowed step will make. `links`: symlinks may appear `below` it (a folder copied
 * or moved there) or `at` it (a symlink copied or moved there).
 */
export interface LineWrite {
  path: string;
  links?: 'below' | 'at';
  step: number;
}

export interface LineState {
  /** The step being checked (a simple command or a redirect), from 0. */
  step: number;
  writes: LineWrite[];
  /** Paths resolved by each step, as joined before resolution. */
  resolved: { joined: string; step: number }[];
  /** Files read at check time as code or name lists (`sed -f`, `--files0-from`), by real path. */
  pinned: { path: string; shown: string; step: number }[];
  /** A step was allowed only by an `allowed-commands` rule, so its effects are not modelled. */
  unmodelled: boolean;
}

export function createLineState(): LineState {
  return { step: 0, writes: [], resolved: [], pinned: [], unmodelled: false };
}

/** The real paths the line writes that are files, not streams (for the written-this-run record). */
export function writtenFiles(line: LineState): string[] {
  return [...new Set(line.writes.map((w) => w.path).filter((p) => !p.startsWith('/dev/')))];
}

/** The refusal when one step's check depended on what another step of the line changes. */
export function lineConflict(line: LineState, workspace: string): Denial | undefined {
  const trees = line.writes.filter((w) => w.links);
  for (const tree of trees) {
    for (const { joined, step } of line.resolved) {
      if (step === tree.step) continue;
      const through = passesThrough(joined, tree.path, tree.links === 'at');
      if (through)
        return deny(
          'path-changed-by-line',
          `\`${shortPath(joined, workspace)}\` goes through \`${shortPath(tree.path, workspace)}\`, which another command of this line copies, moves or removes (a symlink or another folder can appear there), so the policy cannot know where it leads. Run the commands as separate calls.`,
        );
    }
  }
  for (const pin of line.pinned) {
    const write = line.writes.find(
      (w) => w.step !== pin.step && (inside(pin.path, w.path) || inside(w.path, pin.path)),
    );
    if (write)
      return deny(
        'unchecked-file',
        `\`${pin.shown}\` is written by another command of this line, so the policy cannot read what the tool will; run the commands as separate calls.`,
      );
  }
  return undefined;
}

/**
 * True when some prefix of `joined`, resolved on its own, is below `tree` (or is `tree`, when a
 * symlink may be there itself): the path resolves through what another step puts there.
 */
function passesThrough(joined: string, tree: string, at: boolean): boolean {
  const segments = joined.split('/');
  for (let i = 1; i <= segments.length; i++) {
    const prefix = segments.slice(0, i).join('/') || '/';
    let real: string;
    try {
      real = realPathOf(prefix);
    } catch {
      return true;
    }
    // A prefix that is the place itself resolves through it only if more segments follow.
    if (inside(real, tree) && (at || real !== tree || i < segments.length)) return true;
  }
  return false;
}

function shortPath(p: string, workspace: string): string {
  return inside(p, workspace) ? p.slice(workspace.length + 1) || '.' : p;
}
