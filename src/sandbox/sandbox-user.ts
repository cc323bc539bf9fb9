import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type ProbeRunner, probeFailure } from './host-probe.js';

/**
 * How the throw-away user gets write access to the runner-owned workspace. `idmap` (an idmapped
 * mount inside the sandbox, see `idmapped-workspace.ts`) touches no file: the runner's files appear
 * as the user's inside, and what the user writes is the runner's on disk. Where the kernel or the
 * filesystem cannot do that, `acl` (setfacl on every file, with default entries so files either
 * side creates stay writable by the other, and a hand-back after each command); `group` (the
 * workspace is handed to the user's group, umask 002) is the fallback when the `acl` package is
 * missing too: files the runner creates later are then only replaceable, not writable in place,
 * by the sandbox.
 */
export type WorkspaceAccess = 'idmap' | 'acl' | 'group';

/** The throw-away user and what was changed for it, so {@link removeSandboxUser} can undo it. */
export interface SandboxUser {
  name: string;
  uid: number;
  gid: number;
  /** Private HOME, owned by the user, mode 700. */
  home: string;
  /** Folder holding `home`, removed on dispose. */
  baseDir: string;
  access: WorkspaceAccess;
  workspace: string;
  /** Owner of the workspace, who gets back whatever the user created. */
  owner: { uid: number; gid: number };
  /** Whether the workspace had an ACL of its own before (then entries are removed one by one). */
  hadAcl: boolean;
}

export interface CreateUserOptions {
  /** Runs a command as root (directly, or through `sudo -n`). */
  runAsRoot: ProbeRunner;
  workspace: string;
  owner: { uid: number; gid: number };
  /** Where the private home is created (the job's temp folder). */
  tempDir: string;
  access: WorkspaceAccess;
}

/** Creates the user with `useradd`, its private home, and opens the workspace to it. */
export async function createSandboxUser(options: CreateUserOptions): Promise<SandboxUser> {
  const { runAsRoot, workspace, owner, access } = options;
  const name = `agentsbx-${randomBytes(4).toString('hex')}`;
  const baseDir = path.join(options.tempDir, name);
  const home = path.join(baseDir, 'home');
  await must(runAsRoot, [
    'useradd',
    '--system',
    '--user-group',
    '--no-create-home',
    '--home-dir',
    home,
    '--shell',
    '/bin/false',
    name,
  ]);
  const ids = await must(runAsRoot, ['getent', 'passwd', name]);
  const [, , uid, gid] = ids.split(':').map((field) => field.trim());
  const user: SandboxUser = {
    name,
    uid: Number(uid),
    gid: Number(gid),
    home,
    baseDir,
    access,
    workspace,
    owner,
    hadAcl: false,
  };
  try {
    await must(runAsRoot, [
      'install',
      '-d',
      '-m',
      '700',
      '-o',
      String(user.uid),
      '-g',
      String(user.gid),
      home,
    ]);
    if (access === 'idmap') return user;
    if (access === 'acl') {
      user.hadAcl =
        (await must(runAsRoot, ['getfacl', '--skip-base', '--absolute-names', workspace])).trim() !== '';
      const entries = `u:${user.uid}:rwX,d:u:${user.uid}:rwX,d:u:${owner.uid}:rwX`;
      await must(runAsRoot, ['setfacl', '-R', '-m', entries, workspace]);
    } else {
      await must(runAsRoot, ['chgrp', '-R', String(user.gid), workspace]);
      await must(runAsRoot, ['chmod', '-R', 'g+rwX', workspace]);
      await must(runAsRoot, ['find', workspace, '-type', 'd', '-exec', 'chmod', 'g+s', '{}', '+']);
    }
    // After setfacl/chgrp, which touched every file's ctime: only later changes count.
    await must(runAsRoot, ['touch', stampPath(user)]);
  } catch (error) {
    await removeSandboxUser(runAsRoot, user);
    throw error;
  }
  return user;
}

/**
 * The hand-back's stamp file (see `hand-back.ts`): root-owned, and outside the workspace in a
 * folder hidden inside the sandbox.
 */
export function stampPath(user: SandboxUser): string {
  return path.join(user.baseDir, 'handed-back');
}

/**
 * Kills what the user still runs, gives the workspace back to its owner (ownership of files the
 * user created, the ACL or group), removes whatever the user still owns elsewhere, and deletes the
 * user and its home. Inside the namespace everything outside the workspace and the private folders
 * (which die with it) is read-only, so "elsewhere" is only the mounts in `writable`, those the
 * namespace could not make read-only; it is swept before `userdel`, because self-hosted runners
 * recycle uids and the next user given this one would own what is left. Returns what could not be
 * undone, for the log.
 */
export async function removeSandboxUser(
  runAsRoot: ProbeRunner,
  user: SandboxUser,
  writable: readonly string[] = [],
): Promise<string[]> {
  const { workspace, owner } = user;
  const steps: string[][] = [
    // What the user still runs (a command whose helper was killed outright) goes first, so nothing
    // writes the workspace while it is handed back. As the user, `kill -1` reaches exactly its
    // own processes; the shell exits 0 when there were none.
    [
      'setpriv',
      `--reuid=${user.uid}`,
      `--regid=${user.gid}`,
      '--clear-groups',
      '--',
      '/bin/sh',
      '-c',
      'kill -KILL -1 2>/dev/null; exit 0',
    ],
    // Through the idmapped mount the user can create nothing it owns in the workspace, but a
    // set-user-ID or set-group-ID bit it sets stays on a file the runner owns on disk, which any
    // local user could then run as the runner (root on a root runner). Its processes are gone
    // (above), so no path can be swapped under `find`. One walk of modes, nothing written unless
    // a bit is found. Without the mount, `chown` below clears the bits as it hands files back.
    ...(user.access === 'idmap'
      ? [['find', workspace, '-xdev', '-type', 'f', '-perm', '/6000', '-exec', 'chmod', 'ug-s', '{}', '+']]
      : [['chown', '-R', `--from=${user.uid}`, `${owner.uid}:${owner.gid}`, workspace]]),
    ...(user.access === 'idmap'
      ? []
      : user.access === 'acl'
        ? [
            user.hadAcl
              ? ['setfacl', '-R', '-x', `u:${user.uid},d:u:${user.uid},d:u:${owner.uid}`, workspace]
              : ['setfacl', '-R', '-b', workspace],
          ]
        : [
            ['chgrp', '-R', String(owner.gid), workspace],
            ['chmod', '-R', 'g-w,g-s', workspace],
          ]),
    ...writable.map((mount) => ['find', mount, '-xdev', '-user', String(user.uid), '-delete']),
    ['userdel', '--force', user.name],
    ['rm', '-rf', '--one-file-system', user.baseDir],
  ];
  const problems: string[] = [];
  for (const argv of steps) {
    const result = await runAsRoot(argv);
    if (result.exitCode !== 0) problems.push(probeFailure(argv, result));
  }
  return problems;
}

async function must(run: ProbeRunner, argv: string[]): Promise<string> {
  const result = await run(argv);
  if (result.exitCode !== 0) throw new Error(probeFailure(argv, result));
  return result.stdout;
}
