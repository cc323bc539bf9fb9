/**
 * The mounts the commands' namespace makes read-only. Inside it, everything the runner's file
 * system holds is read-only except what is mounted back writable (the workspace, the private home
 * and the private temp folders), so a command writes nothing that outlives the job outside the
 * workspace: not as the runner's own uid at level `userns`, not in a world-writable folder such as
 * `/var/crash` as the throw-away user. Each mount is made read-only with the flags it already has
 * (`nosuid`, `nodev`, `noexec`, its atime mode): in a user namespace the kernel refuses a remount
 * that drops a flag the mount was locked with.
 */
import { readFileSync } from 'node:fs';

/** A mount point and the per-mount flags to keep when it is made read-only, e.g. `nosuid,relatime`. */
export interface ReadOnlyMount {
  path: string;
  flags: string;
}

/** Per-mount flags that a read-only remount must repeat (the kernel locks them in user namespaces). */
const KEPT_FLAGS = new Set(['nosuid', 'nodev', 'noexec', 'noatime', 'nodiratime', 'relatime', 'strictatime']);

/**
 * Pseudo file systems left as they are: each command mounts its own `/proc`, and `/dev` holds
 * device nodes (which a read-only mount does not stop anyway) and the private `/dev/shm`.
 */
const LEFT_AS_THEY_ARE = ['/proc', '/dev'];

/**
 * The writable mounts of `mountinfo` (the text of `/proc/self/mountinfo`), each once, outside
 * `/proc` and `/dev` and not under a folder in `hidden` (covered anyway).
 */
export function mountsToMakeReadOnly(mountinfo: string, hidden: readonly string[] = []): ReadOnlyMount[] {
  const seen = new Map<string, ReadOnlyMount>();
  for (const line of mountinfo.split('\n')) {
    const fields = line.split(' ');
    const [point, options] = [fields[4], fields[5]];
    if (!point || !options) continue;
    const path = unescapeMountPath(point);
    const flags = options.split(',');
    if (flags.includes('ro')) {
      seen.delete(path); // a later mount on the same point covers the earlier one
      continue;
    }
    if ([...LEFT_AS_THEY_ARE, ...hidden].some((p) => path === p || path.startsWith(`${p}/`))) continue;
    seen.delete(path);
    seen.set(path, { path, flags: flags.filter((f) => KEPT_FLAGS.has(f)).join(',') });
  }
  return [...seen.values()];
}

/**
 * The flags to keep for a folder bound back writable (or read-only) inside the namespace: those of
 * the mount it lies on, the last one mounted over its longest mount point.
 */
export function mountFlagsOf(mountinfo: string, target: string): string {
  let best: { length: number; flags: string } = { length: -1, flags: '' };
  for (const line of mountinfo.split('\n')) {
    const fields = line.split(' ');
    const [point, options] = [fields[4], fields[5]];
    if (!point || !options) continue;
    const path = unescapeMountPath(point);
    const inside = path === '/' || target === path || target.startsWith(`${path}/`);
    if (inside && path.length >= best.length)
      best = {
        length: path.length,
        flags: options
          .split(',')
          .filter((f) => KEPT_FLAGS.has(f))
          .join(','),
      };
  }
  return best.flags;
}

/** The text of this process's `/proc/self/mountinfo`; empty where there is none. */
export function readMountinfo(): string {
  try {
    return readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return '';
  }
}

/** mountinfo writes space, tab, newline and backslash in a path as octal escapes. */
function unescapeMountPath(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}
