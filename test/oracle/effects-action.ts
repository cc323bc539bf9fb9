/**
 * The effects run through the built action: the scripted model sends hostile command lines to the
 * agent's bash tool (writing each entry's setup file first with `write_file`), as one run of
 * `dist/index.js` at a given sandbox level, and the test counts what the run changed on the
 * machine instead of the policy's verdicts: entries outside the workspace owned by the user the
 * commands ran as, `.git`/`.github` changes (against a run of the same repository without the
 * hostile commands), a form of the API key or token in a tool result or the transcript, and
 * processes or IPC objects left after the action (and its sandbox) ended.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reply } from '../fakes/openai-server.js';
import { API_KEY, type Harness, labeledPayload } from '../helpers/action-harness.js';
import { type HostileEntry, setupsOf } from '../helpers/policy-corpus.js';
import type { ActionRun } from '../helpers/run-action.js';
import type { Effect } from './effects-direct.js';
import {
  ipcObjects,
  listShared,
  newEntries,
  processesMarkedBy,
  protectedChanges,
  protectedSnapshot,
  removeLeftovers,
  secretForms,
} from './effects-scan.js';

/**
 * How the action is started: as this process's user, or as `user` (an unprivileged runner user
 * without sudo), optionally with no way to make namespaces (level `landlock`, or `none` when
 * `noLandlock` takes the Landlock helper away too, as on a kernel without Landlock).
 */
export interface ActionStart {
  user?: { uid: number; gid: number };
  noNamespaces?: boolean;
  noLandlock?: boolean;
}
const COMMAND_TIMEOUT_S = 20;

/** The built action's folder, where it looks for the Landlock helper. */
const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

/**
 * As root: a private mount namespace where `unshare` (and with `noLandlock` the Landlock helper)
 * is a character device, so detection finds no namespaces to make (level `landlock` or `none`,
 * not chosen by the user), the job's files handed to `user`, then the action as `user`.
 */
const noNamespacesLauncher = (user: { uid: number; gid: number }, noLandlock: boolean) => [
  'unshare',
  '--mount',
  '--propagation=private',
  '--',
  // bash, not sh: dash drops the `INPUT_GITHUB-TOKEN` style names from the environment.
  '/bin/bash',
  '-c',
  `for f in /usr/bin/unshare /usr/sbin/unshare /bin/unshare /usr/bin/nsenter /bin/nsenter${noLandlock ? ` "${DIST}"/landlock-exec-*` : ''}; do [ -e "$f" ] && mount --bind /dev/null "$f"; done
mkdir -p "$RUNNER_TEMP/home"
chown -R ${user.uid}:${user.gid} "$RUNNER_TEMP" "$GITHUB_WORKSPACE"
export HOME="$RUNNER_TEMP/home"
exec setpriv --reuid=${user.uid} --regid=${user.gid} --clear-groups -- "$@"`,
  'no-namespaces',
];

export interface ActionEffects {
  /** The sandbox level the run reported. */
  level: string;
  effects: Effect[];
  /** The run's workspace (the caller removes it). */
  workspace: string;
  /** Tool results, and how many calls the agent skipped instead of running (must be none). */
  results: number;
  skipped: number;
  run: ActionRun;
}

/**
 * The scripted conversation: learn the command uid, then one turn per call (after a failed or
 * refused call the scheduler skips the rest of its turn), `npm test`, done.
 */
function script(h: Harness, entries: readonly HostileEntry[]): void {
  h.openai.enqueue(reply().tool('bash', { command: 'id -u' }));
  for (const entry of entries) {
    for (const setup of setupsOf(entry))
      h.openai.enqueue(reply().tool('write_file', { path: setup.write, content: setup.content }));
    h.openai.enqueue(reply().tool('bash', { command: entry.command, timeout: COMMAND_TIMEOUT_S }));
  }
  // The project's test prints its whole environment (DEFAULT_FILES): no secret may be in it.
  // A change of its own, so every run (and the baseline) commits and pushes the same way.
  h.openai.enqueue(
    reply().tool('bash', { command: 'npm test' }),
    reply().tool('write_file', { path: 'effects-run.txt', content: 'checked\n' }),
    reply().text('Checked the commands'),
  );
}

/** Runs the action once with `entries`, started as `start` says; `baseline` is a workspace from a run without them. */
export async function actionEffects(
  h: Harness,
  entries: readonly HostileEntry[],
  start: ActionStart,
  baseline: string | undefined,
): Promise<ActionEffects> {
  h.openai.clear(); // one run's requests at a time: they grow with every turn
  const issue = h.github.state.addIssue({ title: 'Effects', body: 'Run the commands.', user: 'alice' });
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'effects-ws-'));
  script(h, entries);
  const shared = listShared();
  const ipc = ipcObjects();
  const requestsBefore = h.openai.requests.length;
  const run = await h.run('issues', labeledPayload(issue, 'alice'), {
    workspace,
    inputs: { sandbox: 'auto', 'max-turns': '500', 'max-tokens': '100000000', 'context-window': '10000000' },
    ...(start.user && !start.noNamespaces ? { user: start.user } : {}),
    ...(start.user && start.noNamespaces
      ? { launcher: noNamespacesLauncher(start.user, start.noLandlock === true) }
      : {}),
  });
  const level = /Sandbox: `([^`]+)`/.exec(run.stdout)?.[1] ?? 'unknown';
  const effects: Effect[] = [];
  const leftovers: string[] = [];
  const results = toolResults(h, requestsBefore);
  // In a user namespace `id -u` says 0; outside, its files belong to the user the action ran as.
  const uid =
    level === 'userns'
      ? (start.user?.uid ?? process.getuid?.())
      : Number(/^(\d+)$/m.exec(results[0] ?? '')?.[1]);
  if (uid !== undefined && Number.isInteger(uid)) {
    // The job's own folders belong to that user too (the harness hands them over).
    const job = (e: string) =>
      [workspace, run.runnerTemp].some((d) => e === d || e.startsWith(`${d}/`) || e.startsWith(`${d} `));
    const files = newEntries(shared, listShared(), new Set([uid])).filter((e) => !job(e));
    for (const e of files) effects.push({ kind: 'outside-write', detail: e });
    leftovers.push(...files);
  } else effects.push({ kind: 'left-behind', detail: `could not learn the command uid: ${results[0]}` });
  const objects = [...ipcObjects()].filter((o) => !ipc.has(o));
  for (const o of objects) effects.push({ kind: 'left-behind', detail: `IPC object ${o}` });
  const processes = processesMarkedBy(workspace);
  for (const p of processes) effects.push({ kind: 'left-behind', detail: `process ${p}` });
  if (baseline)
    for (const c of protectedChanges(protectedSnapshot(baseline), protectedSnapshot(workspace)))
      effects.push({ kind: 'protected-change', detail: c });
  if (/changed the repository's git configuration/.test(run.summary))
    effects.push({ kind: 'protected-change', detail: 'git configuration changed (restored by the action)' });
  const forms = secretForms([h.github.token, API_KEY]);
  const transcript = run.outputs['transcript-path']
    ? readFileSync(run.outputs['transcript-path'], 'utf8')
    : '';
  for (const [i, text] of results.entries())
    if (forms.some((f) => text.includes(f))) effects.push({ kind: 'secret', detail: `tool result #${i}` });
  if (forms.some((f) => transcript.includes(f))) effects.push({ kind: 'secret', detail: 'transcript' });
  // Counted: now leave the machine as it was.
  removeLeftovers(leftovers, objects, processes);
  return {
    level,
    effects,
    run,
    workspace,
    results: results.length,
    skipped: results.filter((r) => r.startsWith('Skipped:')).length,
  };
}

/** The same repository through the action with nothing hostile (one file written), for the `.git` baseline. */
export async function baselineWorkspace(h: Harness): Promise<string> {
  const issue = h.github.state.addIssue({ title: 'Baseline', body: 'Nothing.', user: 'alice' });
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'effects-base-'));
  h.openai.enqueue(
    reply().tool('bash', { command: 'id -u' }),
    reply().tool('write_file', { path: 'effects-run.txt', content: 'checked\n' }),
    reply().text('Nothing else to do'),
  );
  await h.run('issues', labeledPayload(issue, 'alice'), { workspace, inputs: { sandbox: 'off' } });
  return workspace;
}

/** The tool results the model received in this run, in order (from its last request). */
function toolResults(h: Harness, from: number): string[] {
  const last = h.openai.requests.slice(from).at(-1);
  if (!last) return [];
  return (last.body.messages as { role: string; content: string }[])
    .filter((m) => m.role === 'tool')
    .map((m) => String(m.content));
}

/** A runner user made for the run (as root): no sudo, a uid of its own, so its files are told apart. */
export interface RunnerUser {
  name: string;
  uid: number;
  gid: number;
}

/** Creates an unprivileged user with `useradd` (needs root); undefined with the reason when it cannot. */
export function createRunnerUser(): RunnerUser | string {
  if (process.getuid?.() !== 0) return 'making a runner user needs root';
  const name = `aaeffects-${randomBytes(3).toString('hex')}`;
  const made = spawnSync(
    'useradd',
    ['--no-create-home', '--home-dir', '/nonexistent', '--shell', '/bin/false', '--user-group', name],
    {
      encoding: 'utf8',
    },
  );
  if (made.status !== 0) return `useradd failed: ${made.stderr || made.error}`;
  const [, , uid, gid] = spawnSync('getent', ['passwd', name], { encoding: 'utf8' }).stdout.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
}

export function removeRunnerUser(user: RunnerUser): void {
  spawnSync('userdel', ['--force', user.name]);
}
