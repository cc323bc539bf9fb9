/** A real temporary workspace for the file-tool tests, removed by `cleanup`. */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPathPolicy, type PathPolicy } from '../../src/safety/path-policy.js';
import { createReadTracker, type ReadTracker } from '../../src/safety/read-tracker.js';

export interface TempWorkspace {
  root: string;
  policy: PathPolicy;
  readTracker: ReadTracker;
  write(relative: string, content: string | Uint8Array): Promise<string>;
  git(...args: string[]): string;
  cleanup(): Promise<void>;
}

/** Creates a workspace folder (optionally a git repo) with the given files. */
export async function createTempWorkspace(
  files: Record<string, string> = {},
  options: { git?: boolean } = {},
): Promise<TempWorkspace> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'agent-ws-')));
  const write = async (relative: string, content: string | Uint8Array) => {
    const full = path.join(root, relative);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
    return full;
  };
  for (const [name, content] of Object.entries(files)) await write(name, content);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: root,
      encoding: 'utf8',
    });
  if (options.git) {
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'init', '--allow-empty');
  }
  return {
    root,
    policy: createPathPolicy(root),
    readTracker: createReadTracker(),
    write,
    git,
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** An external change: new content and a later mtime, as another process would leave it. */
export async function changeBehindTheAgentsBack(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  const later = new Date(Date.now() + 5_000);
  await utimes(file, later, later);
}
