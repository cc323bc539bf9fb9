/**
 * Reads an `strace -f -y` log into what the traced command really did: the processes it started
 * (who started whom), every program it executed with its argv, every file it created, wrote,
 * removed, renamed, linked or changed the mode of, every socket it connected or sent to, and the
 * IPC objects it made. Paths are absolute: descriptor decorations where strace printed them,
 * otherwise resolved against the process's working directory as the log tracks it.
 */
import path from 'node:path';
import {
  type CallText,
  decoration,
  parseResult,
  splitCall,
  stringArg,
  stringArray,
} from './strace-syntax.js';

/** The system calls the oracle traces (names this strace does not know are skipped with `?`). */
export const TRACED_CALLS = [
  'execve',
  'execveat',
  'fork',
  'vfork',
  'clone',
  '?clone3',
  'chdir',
  'fchdir',
  'open',
  'openat',
  '?openat2',
  'creat',
  'rename',
  'renameat',
  '?renameat2',
  'unlink',
  'unlinkat',
  'rmdir',
  'mkdir',
  'mkdirat',
  'symlink',
  'symlinkat',
  'link',
  'linkat',
  'chmod',
  'fchmod',
  'fchmodat',
  '?fchmodat2',
  'chown',
  'fchown',
  'fchownat',
  'lchown',
  'truncate',
  'mknod',
  'mknodat',
  'setxattr',
  'lsetxattr',
  'fsetxattr',
  'connect',
  'bind',
  'sendto',
  'sendmsg',
  'shmget',
  'msgget',
  'semget',
  '?mq_open',
];

export type TraceEvent =
  | { kind: 'spawn'; pid: number; child: number }
  | { kind: 'exec'; pid: number; file: string; argv: string[] }
  | {
      kind: 'write';
      pid: number;
      call: string;
      path: string;
      ok: boolean;
      errno?: string;
      /** The source of a rename or link, the target of a symlink. */
      from?: string;
      /** It made a new file or folder (`O_EXCL`, `mkdir`): what temp-file helpers do. */
      fresh?: boolean;
    }
  | { kind: 'read'; pid: number; path: string }
  | { kind: 'network'; pid: number; call: string; family: string; address: string; ok: boolean }
  | { kind: 'ipc'; pid: number; call: string; ok: boolean };

const WRITE_FLAGS = /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND/;

/** Parses the whole log; `cwd` is where the first process started. */
export function parseStraceLog(log: string, cwd: string): TraceEvent[] {
  const cwds = new Map<number, string>();
  const pending = new Map<number, string>();
  const events: TraceEvent[] = [];
  for (const line of log.split('\n')) {
    const match = /^(\d+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const pid = Number(match[1]);
    let text = match[2]!;
    if (text.startsWith('---') || text.startsWith('+++')) continue;
    const unfinished = / <unfinished \.\.\.>$/.exec(text);
    if (unfinished) {
      pending.set(pid, text.slice(0, unfinished.index));
      continue;
    }
    const resumed = /^<\.\.\. [a-z_0-9]+ resumed>(.*)$/.exec(text);
    if (resumed) {
      text = (pending.get(pid) ?? '') + resumed[1];
      pending.delete(pid);
    }
    const call = splitCall(text);
    if (!call) continue;
    if (!cwds.has(pid)) cwds.set(pid, cwd);
    // Every `AT_FDCWD</dir>` the log prints is the process's working directory at that moment.
    const seen = call.args.map((a) => (a.startsWith('AT_FDCWD') ? decoration(a) : undefined)).find(Boolean);
    if (seen) cwds.set(pid, seen);
    events.push(...eventsOf(pid, call, cwds));
  }
  return events;
}

function eventsOf(pid: number, call: CallText, cwds: Map<number, string>): TraceEvent[] {
  const result = parseResult(call.result);
  const cwd = cwds.get(pid)!;
  const { args } = call;
  const at = (dirArg: string | undefined, pathArg: string | undefined) =>
    resolveAt(decoration(dirArg) ?? cwd, stringArg(pathArg));
  const plain = (pathArg: string | undefined) => resolveAt(cwd, stringArg(pathArg));
  const write = (p: string | undefined, from?: string, fresh = false): TraceEvent[] =>
    p === undefined
      ? []
      : [
          {
            kind: 'write',
            pid,
            call: call.name,
            path: p,
            ok: result.ok,
            ...(result.errno ? { errno: result.errno } : {}),
            ...(from ? { from } : {}),
            ...(fresh && result.ok ? { fresh } : {}),
          },
        ];
  switch (call.name) {
    case 'fork':
    case 'vfork':
    case 'clone':
    case 'clone3':
      if (!result.ok || !result.value) return [];
      cwds.set(result.value, cwd);
      return [{ kind: 'spawn', pid, child: result.value }];
    case 'execve':
    case 'execveat': {
      if (!result.ok) return [];
      const file = call.name === 'execve' ? plain(args[0]) : at(args[0], args[1]);
      const argv = stringArray(call.name === 'execve' ? args[1] : args[2]);
      return file ? [{ kind: 'exec', pid, file, argv }] : [];
    }
    case 'chdir':
      if (result.ok) cwds.set(pid, plain(args[0]) ?? cwd);
      return [];
    case 'fchdir':
      if (result.ok) cwds.set(pid, decoration(args[0]) ?? cwd);
      return [];
    case 'open':
    case 'openat':
    case 'openat2': {
      const [p, flags] = call.name === 'open' ? [plain(args[0]), args[1]] : [at(args[0], args[1]), args[2]];
      const target = result.path ?? p;
      if (!target) return [];
      if (WRITE_FLAGS.test(flags ?? '')) return write(target, undefined, /O_EXCL/.test(flags ?? ''));
      return result.ok ? [{ kind: 'read', pid, path: target }] : [];
    }
    case 'mkdir':
      return write(plain(args[0]), undefined, true);
    case 'mkdirat':
      return write(at(args[0], args[1]), undefined, true);
    case 'creat':
    case 'rmdir':
    case 'unlink':
    case 'chmod':
    case 'chown':
    case 'lchown':
    case 'truncate':
    case 'mknod':
    case 'setxattr':
    case 'lsetxattr':
      return write(plain(args[0]));
    case 'unlinkat':
    case 'fchmodat':
    case 'fchmodat2':
    case 'fchownat':
    case 'mknodat':
      return write(at(args[0], args[1]));
    case 'fchmod':
    case 'fchown':
    case 'fsetxattr':
      return write(decoration(args[0]));
    case 'symlink':
      return write(plain(args[1]), stringArg(args[0]));
    case 'symlinkat':
      return write(at(args[1], args[2]), stringArg(args[0]));
    case 'rename':
      return [...write(plain(args[0])), ...write(plain(args[1]), plain(args[0]))];
    case 'link':
      return write(plain(args[1]), plain(args[0]));
    case 'renameat':
    case 'renameat2':
      return [...write(at(args[0], args[1])), ...write(at(args[2], args[3]), at(args[0], args[1]))];
    case 'linkat':
      return write(at(args[2], args[3]), at(args[0], args[1]));
    case 'connect':
    case 'bind':
    case 'sendto':
    case 'sendmsg':
      return networkEvent(pid, call, result.ok);
    default:
      return [{ kind: 'ipc', pid, call: call.name, ok: result.ok }];
  }
}

function networkEvent(pid: number, call: CallText, ok: boolean): TraceEvent[] {
  const text = call.args.join(', ');
  const family = /sa_family=(AF_[A-Z0-9]+)/.exec(text)?.[1];
  if (!family) return [];
  const address =
    /sin6?_addr=inet_addr\("([^"]*)"\)/.exec(text)?.[1] ??
    /inet_pton\(AF_INET6, "([^"]*)"/.exec(text)?.[1] ??
    /sun_path=(@?"(?:[^"\\]|\\.)*")/.exec(text)?.[1] ??
    '';
  const port = /sin6?_port=htons\((\d+)\)/.exec(text)?.[1];
  return [
    {
      kind: 'network',
      pid,
      call: call.name,
      family,
      address: port ? `${address}:${port}` : address,
      ok,
    },
  ];
}

function resolveAt(dir: string, p: string | undefined): string | undefined {
  if (p === undefined) return undefined;
  return path.resolve(dir, p);
}
