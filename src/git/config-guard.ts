/**
 * The repository's own configuration can name programs git runs (`core.fsmonitor`,
 * `diff.external`, filter and merge drivers, `gpg.program`, includes), and the agent's
 * commands can write `.git/config` and `.git/info/` (a test or build script can do anything).
 * The guard snapshots both before the agent runs and, before each of the action's own git
 * commands, puts back whatever changed since the action's last command, with a warning; the
 * action's own changes (upstreams, restored credentials) become the new snapshot.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GitCommandManager } from './git-command-manager.js';

export interface ConfigGuard {
  /** The manager to use for every action git command. */
  readonly git: GitCommandManager;
  /** Takes the snapshot (call right before the agent first runs). */
  snapshot(): Promise<void>;
  /** What was put back, one line each, for the job summary. */
  readonly warnings: readonly string[];
}

type Files = Map<string, Buffer>;

/** Reads `config` and every file under `info/` of the git dir. */
function readState(gitDir: string): Files {
  const files: Files = new Map();
  const add = (relative: string) => {
    const full = path.join(gitDir, relative);
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(full);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(full)) add(path.join(relative, name));
    } else if (stat.isFile()) files.set(relative, readFileSync(full));
  };
  add('config');
  add('info');
  return files;
}

function differences(before: Files, after: Files): string[] {
  const changed = new Set<string>();
  for (const [name, content] of after) if (!before.get(name)?.equals(content)) changed.add(name);
  for (const name of before.keys()) if (!after.has(name)) changed.add(name);
  return [...changed].sort();
}

function restore(gitDir: string, before: Files, after: Files): void {
  for (const name of after.keys()) if (!before.has(name)) rmSync(path.join(gitDir, name), { force: true });
  for (const [name, content] of before) {
    mkdirSync(path.dirname(path.join(gitDir, name)), { recursive: true });
    writeFileSync(path.join(gitDir, name), content);
  }
}

/** Wraps `inner`; `warn` is called once per restore with a line for the log. */
export function guardRepositoryConfig(
  inner: GitCommandManager,
  warn: (message: string) => void,
): ConfigGuard {
  let gitDir: string | undefined;
  let baseline: Files | undefined;
  const warnings: string[] = [];
  const check = () => {
    if (!gitDir || !baseline) return;
    const current = readState(gitDir);
    const changed = differences(baseline, current);
    if (changed.length === 0) return;
    restore(gitDir, baseline, current);
    const line = `The agent's commands changed the repository's git configuration (${changed.map((c) => `.git/${c}`).join(', ')}); it was restored before the action's own git commands ran.`;
    warnings.push(line);
    warn(line);
  };
  const git: GitCommandManager = {
    cwd: inner.cwd,
    async exec(args, options) {
      check();
      try {
        return await inner.exec(args, options);
      } finally {
        if (gitDir) baseline = readState(gitDir);
      }
    },
  };
  return {
    git,
    warnings,
    async snapshot() {
      const { stdout } = await inner.exec(['rev-parse', '--git-common-dir']);
      gitDir = path.resolve(inner.cwd, stdout.trim());
      baseline = readState(gitDir);
    },
  };
}
