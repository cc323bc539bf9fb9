/**
 * The throw-away user's access to the workspace through an idmapped mount (levels `root` and
 * `sudo`): inside the sandbox's mount namespace the workspace is mounted again with the runner's
 * uid and gid shown as the user's, so the runner's files are the user's to read and write, and
 * whatever the user creates or changes is the runner's on disk. Nothing has to be handed back after
 * a command, no ACL is set on every file at set-up (which also changed every file's ctime and
 * staled git's index), and nothing is undone file by file on dispose: the cost no longer grows with
 * the tree. The mount is made by the small native helper `idmap-mount` (`native/idmap-mount.c`,
 * built into `dist/`), as root, first thing in the namespace holder.
 *
 * Idmapped mounts need Linux 5.12 or later and a filesystem that supports them (ext4, xfs, btrfs,
 * tmpfs from 6.3, overlayfs from 5.19 …). {@link probeIdmap} tries one at detect time; when it
 * fails, or the helper was not built for this architecture, the sandbox falls back to ACLs and the
 * per-command hand-back, and says why.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProbeRunner, probeFailure } from './host-probe.js';

/** The helper's file name for this machine's architecture, as `scripts/build-native.mjs` names it. */
export const IDMAP_HELPER = `idmap-mount-${process.arch}`;

/** Which on-disk ids appear as which inside: the runner's uid and gid as the throw-away user's. */
export interface IdMap {
  disk: { uid: number; gid: number };
  shown: { uid: number; gid: number };
}

/** The helper next to the running bundle or, run from source, in `dist/`; undefined when not built. */
export function findIdmapHelper(from: string = import.meta.url): string | undefined {
  const here = path.dirname(fileURLToPath(from));
  const candidates = [here, path.dirname(here), path.join(here, '..', '..', 'dist')];
  return candidates.map((dir) => path.join(dir, IDMAP_HELPER)).find((file) => existsSync(file));
}

/** The helper's arguments after its mode: `<folder> <disk-uid> <shown-uid> <disk-gid> <shown-gid>`. */
export function idmapArgs(folder: string, map: IdMap): string[] {
  return [folder, String(map.disk.uid), String(map.shown.uid), String(map.disk.gid), String(map.shown.gid)];
}

/**
 * Whether an idmapped copy of `workspace`'s mount can be made (and dropped at once, attached
 * nowhere): undefined when it can, else why not, for the sandbox's notes.
 */
export async function probeIdmap(
  asRoot: ProbeRunner,
  helper: string | undefined,
  workspace: string,
  owner: { uid: number; gid: number },
): Promise<string | undefined> {
  if (!helper) return `the \`${IDMAP_HELPER}\` helper was not built for this machine`;
  const argv = [helper, 'probe', ...idmapArgs(workspace, { disk: owner, shown: owner })];
  const result = await asRoot(argv);
  return result.exitCode === 0
    ? undefined
    : `no idmapped mount of the workspace: ${probeFailure(argv, result)}`;
}
