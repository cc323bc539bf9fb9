/**
 * Programs an approved command starts on its own that the policy does not list as simple
 * commands, each named narrowly: a script's interpreter (`#!`), the same program re-executing
 * itself (a shell, a toolchain proxy), git's own `git-*` programs, a package manager's launcher
 * shell around a command the policy approved, the programs a tool's launcher script runs (listed
 * per tool), and the compressor `tar -z` runs. (`xargs` counts as
 * project code, and `find -exec` is refused.) Anything else a command executes is a finding.
 */
import path from 'node:path';
import type { ApprovedCommand } from '../../src/bash-policy/approval.js';

/** What a process is running: the program and argv of its last exec, and the approval it matched. */
export interface Image {
  file: string;
  argv: string[];
  /** Index of the approved command this image runs (or helps). */
  approved: number | undefined;
}

const GIT_EXEC_PATH = '/usr/lib/git-core/';
const COMPRESSORS = new Set(['gzip', 'gunzip', 'bzip2', 'xz', 'zstd', 'lzip', 'lzma', 'lzop', 'compress']);
const PACKAGE_RUNNERS = new Set(['npm', 'npx', 'pnpm', 'yarn']);
const SHELLS = new Set(['sh', 'bash', 'dash']);
/**
 * What a tool's own launcher runs, by tool: Debian's `mvn` finds its home with `uname`, `ls -ld`,
 * `expr` and `dirname`, then starts Maven with `java`.
 */
const LAUNCHER_PROGRAMS: Record<string, ReadonlySet<string>> = {
  mvn: new Set(['uname', 'ls', 'expr', 'dirname', 'basename', 'readlink', 'java']),
  // Debian's `yq` is a Python wrapper that hands the filter to jq.
  yq: new Set(['jq']),
};

const base = (p: string | undefined) => path.basename(p ?? '');
const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((w, i) => w === b[i]);

/** The words of a `sh -c` string that is a plain command line (no quoting beyond simple quotes). */
function plainWords(script: string): string[] | undefined {
  if (/[$`;&|<>(){}\\\n]/.test(script)) return undefined;
  return script.match(/'[^']*'|"[^"]*"|\S+/g)?.map((w) => w.replace(/^['"]|['"]$/g, ''));
}

/**
 * The name of the helper rule that explains executing `file argv` from `previous` (the image this
 * process or its parent ran), or undefined. `approved` lists what the policy approved.
 */
export function helperFor(
  previous: Image | undefined,
  file: string,
  argv: readonly string[],
  approved: readonly ApprovedCommand[],
  matches: (command: ApprovedCommand, argv: readonly string[]) => boolean,
): string | undefined {
  if (!previous || previous.approved === undefined) return undefined;
  const command = approved[previous.approved]!;
  const name = base(command.argv[0]);
  // `#!/usr/bin/env node` and friends: the interpreter gets the script's path, then its arguments.
  // The kernel passes the script as it was named: absolute, or relative like `node_modules/.bin/tsc`.
  const script = argv.findIndex(
    (a, i) => i > 0 && (a === previous.file || previous.file.endsWith(`/${a.replace(/^\.\//, '')}`)),
  );
  if (script >= 1 && same(argv.slice(script + 1), previous.argv.slice(1))) return 'interpreter (#!)';
  if (base(file) === base(previous.file) && same(argv.slice(1), previous.argv.slice(1)))
    return 're-exec of the same program';
  if ((name === 'git' || base(previous.file).startsWith('git')) && file.startsWith(GIT_EXEC_PATH))
    return "git's own program";
  if (LAUNCHER_PROGRAMS[name]?.has(base(file))) return `${name}'s launcher script`;
  if (name === 'tar' && COMPRESSORS.has(base(file)) && argv.slice(1).every((a) => a.startsWith('-')))
    return 'compressor of tar';
  if (PACKAGE_RUNNERS.has(name) && SHELLS.has(base(argv[0])) && argv[1] === '-c') {
    const words = plainWords(argv[2] ?? '');
    if (words && approved.some((c) => matches(c, words))) return 'package runner launcher shell';
  }
  return undefined;
}
