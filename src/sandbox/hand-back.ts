/**
 * Gives the runner back what the throw-away user created. Files a command creates belong to that
 * user and can get a mode the runner cannot write (`cp` keeps the source's mode, `chmod 600`, an
 * ACL mask from the creating mode), so after every command the workspace's owner becomes their
 * owner again, at any depth; the user keeps writing them through its group or ACL entry. One root
 * shell is kept for the job and asked once per command, so a command does not pay for a `sudo`.
 * A round runs off the command's critical path: the command's result does not wait for it, only
 * the runner's own file tools and git do (they settle first), and the next command, which must
 * not run alongside it (see {@link CommandGate}); a model turn usually hides it.
 */
import type { ChildProcess } from 'node:child_process';
import { letGo, spawnJobProcess, stopJobProcess } from './job-process.js';
import { type SandboxUser, stampPath } from './sandbox-user.js';

const ROUND_TIMEOUT_MS = 5 * 60_000;

/**
 * Keeps commands and hand-back rounds apart: a round changes the owner of what the throw-away
 * user just created, and a command running meanwhile could then no longer `chmod`, `touch -d`
 * or `chgrp` a file it had made a moment before.
 */
export interface CommandGate {
  /** Resolves once no round is queued or running; the command counts as running from then on. */
  enter(): Promise<void>;
  /** The command has ended and its processes are gone. */
  leave(): void;
}

/** The job's hand-back helper. */
export interface HandBack extends CommandGate {
  /** Starts a round for the command that just ended (one round stands for all still queued). */
  start(): void;
  /** Resolves when every round started so far is done, with what went wrong since the last call. */
  settle(): Promise<string | undefined>;
  /** Closes the helper's stdin so it exits. */
  stop(): Promise<void>;
}

/**
 * Runs as root, one round per line on stdin, answering `done <status> <last line of errors>`. `$1` is the user's uid,
 * `$2` the new owner, `$3` the stamp file, `$4` the workspace. A file can only appear in a folder
 * by changing that folder's ctime, which no process can set back (unlike mtime: `tar` and `cp -p`
 * restore it), so only the entries of folders changed since the last round are looked at, and the
 * user's ones handed over with their whole subtree: the walk reads folders, not files. `-cnewer`
 * compares with the stamp's mtime, which `mv` keeps, so each round starts before the previous
 * round's walk; a round that finds no changed folder keeps the old stamp and costs one `find`.
 * The new stamp is dated a second back: file times advance in clock ticks, and a command that
 * runs while a round walks could change a folder within the tick the stamp was made in.
 * `chown -R` never follows symlinks, so a planted link hands over nothing outside.
 */
const HAND_BACK_SCRIPT = `uid=$1 to=$2 stamp=$3 ws=$4
nl='
'
while read -r _; do
  err=$( {
    set -eu
    # find's own failures would be lost in the pipe below.
    [ -d "$ws" ] || { echo "no folder $ws" >&2; exit 1; }
    touch -d "1 second ago" "$stamp.next"
    if [ -f "$stamp" ]; then
      find "$ws" -xdev -type d -cnewer "$stamp" -print0 > "$stamp.dirs"
      # No folder changed: nothing new to hand over, and the old stamp still marks where to look.
      if [ -s "$stamp.dirs" ]; then
        xargs -0r sh -c 'u=$1; shift; exec find "$@" -mindepth 1 -maxdepth 1 -user "$u" -print0' sh "$uid" < "$stamp.dirs" |
          xargs -0r chown -R --from="$uid" "$to" --
        mv -f "$stamp.next" "$stamp"
      fi
    else
      chown -R --from="$uid" "$to" -- "$ws"
      mv -f "$stamp.next" "$stamp"
    fi
  } 2>&1 >/dev/null </dev/null ) && status=0 || status=$?
  echo "done $status \${err##*$nl}"
done
`;

/** Starts the helper; `asRoot` is the prefix that makes a command root (`[]` or `sudo -n --`). */
export function startHandBack(asRoot: readonly string[], user: SandboxUser): HandBack {
  // In the `group` fallback the group stays the user's (its write access); with ACLs the user's
  // own entry gives access, so the owner's group comes back too.
  const to = user.access === 'group' ? `${user.owner.uid}` : `${user.owner.uid}:${user.owner.gid}`;
  const argv = [
    ...asRoot,
    '/bin/sh',
    '-c',
    HAND_BACK_SCRIPT,
    'sandbox-hand-back',
    String(user.uid),
    to,
    stampPath(user),
    user.workspace,
  ];
  const child = spawnJobProcess(argv);
  // The action may exit without disposing; then its end of stdin closes and the helper exits.
  letGo(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  child.on('error', () => {}); // reported by the next round as "not running"
  let queue: Promise<void> = Promise.resolve();
  let queued = false;
  let pending = 0;
  let running = 0;
  let wake: (() => void) | undefined;
  const noCommands = () => (running === 0 ? undefined : new Promise<void>((resolve) => (wake = resolve)));
  const problems: string[] = [];
  return {
    async enter() {
      while (pending > 0) await queue;
      running++;
    },
    leave() {
      running--;
      if (running === 0) wake?.();
    },
    start() {
      // A round not yet begun takes its stamp when it begins: it covers this command too.
      if (queued) return;
      queued = true;
      pending++;
      queue = queue.then(async () => {
        try {
          await noCommands();
          queued = false;
          const problem = await oneRound(child, () => stderr);
          if (problem) problems.push(problem);
        } catch (error) {
          problems.push(`the hand-back failed: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          queued = false;
          pending--;
        }
      });
    },
    async settle() {
      await queue;
      const found = [...new Set(problems.splice(0))];
      return found.length > 0 ? found.join('; ') : undefined;
    },
    stop() {
      return stopJobProcess(child);
    },
  };
}

async function oneRound(child: ChildProcess, stderr: () => string): Promise<string | undefined> {
  if (child.exitCode !== null || child.signalCode !== null || !child.stdin?.writable)
    return `the hand-back helper is not running${stderr().trim() ? `: ${lastLine(stderr())}` : ''}`;
  return new Promise((resolve) => {
    let stdout = '';
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^done (\d+) ?(.*)$/m.exec(stdout);
      if (!match) return;
      finish(match[1] === '0' ? undefined : `\`chown\` failed (exit ${match[1]}: ${match[2]})`);
    };
    const onExit = () => finish('the hand-back helper exited');
    const socket = child.stdout as unknown as { ref?: () => void; unref?: () => void } | null;
    // A round walks folders only; this bounds a helper that stopped answering.
    const timer = setTimeout(() => finish('the hand-back helper did not answer'), ROUND_TIMEOUT_MS);
    const finish = (problem: string | undefined) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      socket?.unref?.();
      resolve(problem);
    };
    // Unreferenced between rounds (so the action can exit), referenced while one is awaited:
    // otherwise nothing would keep the process alive until the answer arrives.
    socket?.ref?.();
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    child.stdin!.write('\n');
  });
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
