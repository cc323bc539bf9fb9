/**
 * The oracle's judgement: what a traced run did, compared with what the policy approved for the
 * line. Each difference is a finding: a program executed that is neither an approved simple
 * command nor a well-known helper of one, a write outside the approved writes (the sandbox's
 * private scratch aside), a connection with the network off, an IPC object, or project code
 * running where the policy said none would. Below a command the policy approved as project
 * code, anything goes at a namespace level; at level `none` nothing does.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { Approval, ApprovedCommand } from '../../src/bash-policy/approval.js';
import type { TraceEvent } from './strace-log.js';
import { helperFor, type Image } from './well-known-helpers.js';

export type FindingClass = 'unapproved-exec' | 'unapproved-write' | 'network' | 'ipc' | 'project-code';

/** `namespace`: the policy built for a namespace sandbox; `none`: for level `none`. */
export type PolicyLevel = 'namespace' | 'none';

export interface Finding {
  class: FindingClass;
  level: PolicyLevel;
  /** What happened, with the workspace shown as `<ws>` and the sandbox's HOME as `~`. */
  detail: string;
  /** At a namespace level, the kernel refused it (read-only mount, permissions): an attempt, not an effect. */
  blocked: boolean;
}

export interface CompareContext {
  workspace: string;
  /** The sandbox's private HOME. */
  home: string;
  level: PolicyLevel;
}

/** Errors that mean the call changed nothing for a reason other than a protection. */
const NO_EFFECT = new Set([
  'ENOENT',
  'ENOTDIR',
  'EEXIST',
  'EISDIR',
  'ELOOP',
  'ENAMETOOLONG',
  'EINVAL',
  'EBADF',
  'EXDEV',
  'ENOTEMPTY',
  'EBUSY',
  'ETXTBSY',
]);
const DEVICES =
  /^\/(dev\/(null|tty|zero|full|ptmx|pts\/\d+|std(in|out|err)|fd\/\d+)|proc\/(self|thread-self|\d+)\/(fd\/\d+|coredump_filter|oom_score_adj|comm))$/;
/** Caches tools keep in HOME; at level `none` HOME is the runner's, so only these count as scratch. */
const HOME_CACHES = ['.cache/', '.npm/_logs/', '.npm/_cacache/', '.npm/_update-notifier-last-checked'];
const INTERPRETERS = /^(node|nodejs|python[0-9.]*|ruby|perl|php|java|deno|bun|lua)$/;
const CODE_FILE = /\.(js|mjs|cjs|py|pyc|pth|rb|pl|pm|php|so|node|jar|class|lua)$/;

interface ProcessState {
  image: Image | undefined;
  /** Below a command approved as project code (namespace levels only). */
  free: boolean;
}

/** Compares `events` with `approval`; returns the findings (deduplicated, in order). */
export function compareEffects(
  events: readonly TraceEvent[],
  approval: Approval,
  ctx: CompareContext,
): Finding[] {
  const findings = new Map<string, Finding>();
  const add = (cls: FindingClass, detail: string, blocked = false) => {
    const key = `${cls} ${detail}`;
    // The oracle runs every line in a sandbox for safety; at level `none` nothing would stop it.
    if (!findings.has(key))
      findings.set(key, {
        class: cls,
        level: ctx.level,
        detail,
        blocked: blocked && ctx.level === 'namespace',
      });
  };
  const show = (p: string) => shown(p, ctx);
  const parents = new Map<number, number>();
  for (const e of events) if (e.kind === 'spawn' && !parents.has(e.child)) parents.set(e.child, e.pid);
  const states = new Map<number, ProcessState>();
  const stateOf = (pid: number): ProcessState => {
    let state = states.get(pid);
    if (!state) {
      const parent = parents.get(pid);
      const from = parent === undefined ? undefined : stateOf(parent);
      state = { image: from?.image, free: from?.free ?? false };
      states.set(pid, state);
    }
    return state;
  };
  const created = new Set<string>();
  let rootSeen = false;

  for (const e of events) {
    const state = stateOf(e.pid);
    switch (e.kind) {
      case 'spawn':
        stateOf(e.child);
        break;
      case 'exec': {
        if (!rootSeen) {
          rootSeen = true; // the tool's own `bash --noprofile --norc -c <line>`
          state.image = { file: e.file, argv: e.argv, approved: undefined };
          break;
        }
        if (state.free) break;
        const index = approval.commands.findIndex((c) => argvMatches(c, e.argv));
        if (index >= 0) {
          state.image = { file: e.file, argv: e.argv, approved: index };
          const command = approval.commands[index]!;
          if (command.projectCode || command.byAllowedCommands) {
            if (ctx.level === 'none')
              add('project-code', `\`${e.argv.join(' ')}\` approved as project code at level none`);
            else state.free = true;
          } else if (inside(e.file, ctx.workspace) && !e.file.includes('/node_modules/')) {
            add(
              'project-code',
              `executes workspace file ${show(e.file)} (approved as a tool: \`${command.argv.join(' ')}\`)`,
            );
          }
          break;
        }
        const helper = helperFor(state.image, e.file, e.argv, approval.commands, argvMatches);
        if (helper) {
          state.image = { file: e.file, argv: e.argv, approved: state.image?.approved };
          break;
        }
        add('unapproved-exec', `${show(e.file)} ${JSON.stringify(e.argv).replaceAll(ctx.workspace, '<ws>')}`);
        if (inside(e.file, ctx.workspace)) add('project-code', `executes workspace file ${show(e.file)}`);
        state.image = { file: e.file, argv: e.argv, approved: undefined };
        break;
      }
      case 'read': {
        if (state.free || !state.image || !INTERPRETERS.test(path.basename(state.image.file))) break;
        if (!inside(e.path, ctx.workspace) || e.path.includes('/node_modules/') || !CODE_FILE.test(e.path))
          break;
        if (approvedRead(approval, e.path)) break;
        add(
          'project-code',
          `${path.basename(state.image.file)} loads ${show(e.path)} (not a path the policy typed)`,
        );
        break;
      }
      case 'write': {
        if (state.free) break;
        if (e.errno && NO_EFFECT.has(e.errno)) break;
        const target = realParent(e.path);
        if (e.fresh) created.add(target);
        if (isScratch(target, ctx, created)) break;
        if (gitIndexRefresh(target, state.image, approval.commands)) break;
        if (approvedWrite(approval, target, e.call)) break;
        const via = e.from ? ` (from ${show(e.from)})` : '';
        add('unapproved-write', `${e.call} ${show(e.path)}${via}${e.ok ? '' : ` [${e.errno}]`}`, !e.ok);
        break;
      }
      case 'network': {
        if (state.free || !/^AF_INET6?$/.test(e.family)) break;
        // Loopback is the sandbox's own at a namespace level; at `none` it is the runner's.
        const loopback = /^(127\.|::1:|::ffff:127\.)/.test(e.address);
        if (e.call === 'bind' && (loopback || /:0$/.test(e.address))) break;
        if (loopback && ctx.level === 'namespace') break;
        add('network', `${e.call} ${e.family} ${e.address}${e.ok ? '' : ' [failed]'}`, !e.ok);
        break;
      }
      case 'ipc':
        if (state.free) break;
        add('ipc', `${e.call}`, !e.ok);
        break;
    }
  }
  return [...findings.values()];
}

/** Whether `argv` is what bash passes for `command` (a glob word may stand for several words). */
export function argvMatches(command: ApprovedCommand, argv: readonly string[]): boolean {
  if (!command.glob)
    return command.argv.length === argv.length && command.argv.every((w, i) => w === argv[i]);
  const match = (i: number, j: number): boolean => {
    if (i === command.argv.length) return j === argv.length;
    const word = command.argv[i]!;
    if (!/[*?[]/.test(word)) return argv[j] === word && match(i + 1, j + 1);
    if (argv[j] === word && match(i + 1, j + 1)) return true;
    for (let k = j; k < argv.length && path.matchesGlob(argv[k]!, word); k++)
      if (match(i + 1, k + 1)) return true;
    return false;
  };
  return match(0, 0);
}

const WRITE_KINDS: ReadonlySet<string> = new Set(['write', 'tree', 'links', 'link']);

function approvedWrite(approval: Approval, target: string, call: string): boolean {
  return approval.paths.some((p) => {
    // `tree` (changed recursively), `links` and `link` (symlinks may appear) are writes too.
    if (!WRITE_KINDS.has(p.kind)) return false;
    if (p.glob ? path.matchesGlob(target, p.path) : inside(target, p.path)) return true;
    // `mkdir -p a/b/c` creates the folders on the way to an approved write.
    return /^mkdir/.test(call) && inside(p.path, target);
  });
}

function approvedRead(approval: Approval, target: string): boolean {
  return approval.paths.some((p) =>
    p.glob
      ? path.matchesGlob(target, p.path)
      : p.kind === 'walk' || p.kind === 'read'
        ? inside(target, p.path)
        : target === p.path,
  );
}

/** The sandbox's private /tmp and HOME at a namespace level; at `none`, only temp files a command made and tool caches. */
function isScratch(target: string, ctx: CompareContext, created: ReadonlySet<string>): boolean {
  if (DEVICES.test(target)) return true;
  // The workspace may itself sit under /tmp (it does in tests): it is never scratch.
  if (inside(target, ctx.workspace)) return false;
  if (ctx.level === 'namespace') return inside(target, '/tmp') || inside(target, ctx.home);
  if (inside(target, '/tmp') && [...created].some((c) => inside(target, c))) return true;
  return HOME_CACHES.some((c) => target.startsWith(path.join(ctx.home, c)));
}

/** git refreshes the index of a read-only command through `.git/index.lock`; nothing else in `.git`. */
function gitIndexRefresh(
  target: string,
  image: Image | undefined,
  commands: readonly ApprovedCommand[],
): boolean {
  const command = image?.approved === undefined ? undefined : commands[image.approved];
  if (path.basename(command?.argv[0] ?? '') !== 'git') return false;
  return /\/\.git\/index(\.lock)?$/.test(target);
}

function inside(p: string, root: string): boolean {
  return p === root || p.startsWith(root.endsWith('/') ? root : `${root}/`);
}

/** `p` with the symlinks of its folder resolved as they are now (the name itself is not followed). */
function realParent(p: string): string {
  try {
    return path.join(realpathSync(path.dirname(p)), path.basename(p));
  } catch {
    return p; // gone already: as the log had it
  }
}

function shown(p: string, ctx: CompareContext): string {
  const real = realParent(p);
  if (inside(real, ctx.workspace)) return `<ws>${real.slice(ctx.workspace.length) || '/'}`;
  if (inside(real, ctx.home)) return `~${real.slice(ctx.home.length)}`;
  return real;
}
