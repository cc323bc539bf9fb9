/**
 * What the policy approved when it allowed a line: every simple command with the argv bash will
 * pass (after quote removal), which of them run the project's code, and the paths the policy
 * typed as written, read, walked or loaded. The policy decides from the command text alone; the
 * execution oracle (test/oracle/) runs the line under a tracer and compares what really happened
 * with this record, so a command that does more than the policy modelled shows up as a finding.
 */
import type { PathKind } from './rules/rule.js';
import type { Word } from './words.js';

/** One simple command of an allowed line. */
export interface ApprovedCommand {
  /** The words as bash passes them (a glob is kept as written, `glob` says so). */
  argv: string[];
  /** True when a word has an unquoted glob bash expands before the command sees it. */
  glob: boolean;
  /** The folders it may run in (the workspace, and where an earlier `cd` in the line leads). */
  cwds: string[];
  /** Index of the command that runs this one (`timeout 60 npm test`: npm's parent is timeout). */
  parent?: number;
  /**
   * It runs the project's code (tests, builds, scripts, `xargs`): with a namespace sandbox
   * anything may execute below it. Never set for an approval at level `none`, unless the user
   * turned the sandbox off.
   */
  projectCode: boolean;
  /** `allowed-commands` lifted a soft denial: the user, not the policy, vouches for it. */
  byAllowedCommands: boolean;
}

/**
 * A path the policy typed, resolved as the kernel will walk it (symlinks followed). `write`,
 * `tree` (changed recursively), `links` and `link` (where symlinks may appear) are all writes.
 */
export interface ApprovedPath {
  path: string;
  kind: PathKind;
  /** The path still holds a glob (no file matched when the policy looked). */
  glob: boolean;
}

export interface Approval {
  commands: ApprovedCommand[];
  paths: ApprovedPath[];
}

/** An empty record for one line. */
export function newApproval(): Approval {
  return { commands: [], paths: [] };
}

/** Records a simple command; returns its index for the commands it wraps and its project-code mark. */
export function recordCommand(
  approval: Approval,
  words: readonly Word[],
  cwds: readonly string[],
  parent: number | undefined,
): number {
  approval.commands.push({
    argv: words.map((w) => w.value),
    glob: words.some((w) => w.glob),
    cwds: [...cwds],
    ...(parent === undefined ? {} : { parent }),
    projectCode: false,
    byAllowedCommands: false,
  });
  return approval.commands.length - 1;
}

/** Records a typed path once per folder the line may be in. */
export function recordPath(
  approval: Approval,
  word: Word,
  kind: ApprovedPath['kind'],
  resolve: (joined: string) => string,
  cwds: readonly string[],
): void {
  for (const cwd of word.value.startsWith('/') ? ['/'] : cwds) {
    let real: string;
    try {
      real = resolve(`${cwd}/${word.value}`);
    } catch {
      continue; // unresolvable paths were refused by the path check already
    }
    if (!approval.paths.some((p) => p.path === real && p.kind === kind))
      approval.paths.push({ path: real, kind, glob: word.glob });
  }
}
