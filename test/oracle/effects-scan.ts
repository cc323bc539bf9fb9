/**
 * What the effects run counts, by looking at the machine rather than at verdicts: new entries in
 * the folders every user can write (`/tmp`, `/var/tmp`, `/dev/shm`, `/run/lock`, `/dev/mqueue`),
 * changes under `.git` and `.github`, System V IPC objects, processes still alive that an
 * agent-run command started, and any form of a secret in a text.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Folders any user can write, where a command's leftovers outlive it unless the sandbox hides them. */
export const SHARED_FOLDERS = ['/tmp', '/var/tmp', '/dev/shm', '/run/lock', '/dev/mqueue'].filter((d) =>
  existsSync(d),
);

/** The entries (two levels deep) of the shared folders, with their owner. */
export function listShared(folders: readonly string[] = SHARED_FOLDERS): Map<string, number> {
  const entries = new Map<string, number>();
  const visit = (dir: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const p = path.join(dir, name);
      try {
        const stat = lstatSync(p);
        entries.set(p, stat.uid);
        if (depth > 0 && stat.isDirectory()) visit(p, depth - 1);
      } catch {
        // gone meanwhile
      }
    }
  };
  for (const folder of folders) visit(folder, 1);
  return entries;
}

/** Entries in `after` not in `before` (with their owner), owned by one of `uids` when given. */
export function newEntries(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  uids?: ReadonlySet<number>,
): string[] {
  return [...after]
    .filter(([p, uid]) => !before.has(p) && (!uids || uids.has(uid)))
    .map(([p, uid]) => `${p} (uid ${uid})`);
}

/**
 * A fingerprint of every file under `.github`, and under `.git` of what configures git or moves
 * it elsewhere (config, hooks, info, HEAD, commondir, alternates, replace refs): the files the
 * action's own fetch, commit and push change (objects, logs, index, branch refs, shallow) are left out.
 */
export function protectedSnapshot(workspace: string): Map<string, string> {
  const snapshot = new Map<string, string>();
  // `shallow` too: the action's own fetch rewrites it whenever it deepens the history.
  const skip =
    /^\.git\/(objects\/(?!info\/)|logs\/|index$|COMMIT_EDITMSG$|ORIG_HEAD$|FETCH_HEAD$|packed-refs$|shallow$|refs\/(heads|remotes|tags)\/)/;
  const visit = (relative: string) => {
    const full = path.join(workspace, relative);
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(full);
    } catch {
      return;
    }
    if (skip.test(relative) && !stat.isDirectory()) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(full)) visit(path.join(relative, name));
      return;
    }
    const text = stat.isSymbolicLink() ? `-> ${readlinkSync(full)}` : readFileSync(full);
    // HEAD names the run's own branch; only a HEAD that is not a branch ref counts.
    const content = relative === '.git/HEAD' && /^ref: refs\/heads\//.test(String(text)) ? 'a branch' : text;
    snapshot.set(relative, `${stat.mode.toString(8)} ${createHash('sha256').update(content).digest('hex')}`);
  };
  visit('.git');
  visit('.github');
  return snapshot;
}

/** Files added, removed or changed between two snapshots. */
export function protectedChanges(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): string[] {
  const changed: string[] = [];
  for (const [file, print] of after)
    if (before.get(file) !== print) changed.push(before.has(file) ? `changed ${file}` : `added ${file}`);
  for (const file of before.keys()) if (!after.has(file)) changed.push(`removed ${file}`);
  return changed;
}

/** System V IPC objects (`key id owner`), from /proc/sysvipc. */
export function ipcObjects(): Set<string> {
  const objects = new Set<string>();
  for (const kind of ['shm', 'msg', 'sem']) {
    let text = '';
    try {
      text = readFileSync(`/proc/sysvipc/${kind}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [key, id] = line.trim().split(/\s+/);
      if (key && id) objects.add(`${kind} key ${key} id ${id}`);
    }
  }
  return objects;
}

/** PIDs of live processes whose environment or working folder names `marker` (the workspace). */
export function processesMarkedBy(marker: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (environ.includes(marker) || cwd.startsWith(marker)) {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
        found.push(`${entry} ${cmdline}`);
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** Every form of each secret a leak could take: plain, reversed, hex, base64. */
export function secretForms(secrets: readonly string[]): string[] {
  return secrets.flatMap((s) => [
    s,
    [...s].reverse().join(''),
    Buffer.from(s).toString('hex'),
    Buffer.from(s).toString('base64'),
  ]);
}

/**
 * Removes what a measured run left (after counting it): entries in the shared folders, the IPC
 * objects it made, and the processes it started (`pid cmdline` as {@link processesMarkedBy} gives them).
 */
export function removeLeftovers(
  entries: readonly string[],
  ipc: readonly string[],
  processes: readonly string[] = [],
): void {
  for (const p of processes) {
    try {
      process.kill(Number(p.split(' ')[0]), 'SIGKILL');
    } catch {
      // gone already
    }
  }
  for (const entry of entries) rmSync(entry.replace(/ \(uid \d+\)$/, ''), { recursive: true, force: true });
  for (const object of ipc) {
    const match = /^(shm|msg|sem) key \S+ id (\d+)$/.exec(object);
    if (match) spawnSync('ipcrm', [{ shm: '-m', msg: '-q', sem: '-s' }[match[1] as 'shm'], match[2]!]);
  }
}

/** Every entry below `root` with its type, size, mode and mtime: equal fingerprints, unchanged tree. */
export function treeFingerprint(root: string): string {
  const parts: string[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      const stat = lstatSync(p);
      parts.push(`${p} ${stat.mode} ${stat.size} ${stat.mtimeMs}`);
      if (stat.isDirectory()) visit(p);
    }
  };
  visit(root);
  return parts.join('\n');
}
