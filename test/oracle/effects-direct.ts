/**
 * The effects run's test-only path around the policy: hostile command lines run straight through
 * the sandbox layer (`bash -c` as the bash tool starts it, the policy skipped), so a command the
 * policy refuses is measured too: a bypass of the policy must gain nothing at a namespace level.
 * After each command: new entries in the shared folders, changes under `.git`/`.github`, any form
 * of a planted secret in its output, new IPC objects; after the sandbox's disposal: what is left.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { runCommand } from '../../src/exec/run-command.js';
import type { ManagedSandbox } from '../../src/sandbox/detect-sandbox.js';
import { SECRET_TEXT } from '../integration/sandbox/sandbox-fixture.js';
import {
  ipcObjects,
  listShared,
  newEntries,
  processesMarkedBy,
  protectedChanges,
  protectedSnapshot,
  removeLeftovers,
  secretForms,
  treeFingerprint,
} from './effects-scan.js';
import type { OracleWorkspace } from './oracle-workspace.js';
import { commandEnv } from './traced-run.js';

export type EffectKind = 'outside-write' | 'protected-change' | 'secret' | 'left-behind';

export interface Effect {
  kind: EffectKind;
  /** The command that caused it (absent for what is found after disposal). */
  command?: string;
  detail: string;
}

export interface DirectCase {
  command: string;
  setup?: readonly { write: string; content: string }[];
}

const TIMEOUT_MS = 15_000;

/**
 * Lines aimed at what only the kernel can stop, besides the hostile corpus: the shared folders
 * and IPC, `.git` and `.github`, a hard link to a protected file, a process that outlives its
 * command, and secrets in other processes' environments and the runner's files.
 */
export const EFFECT_PROBES: readonly DirectCase[] = [
  { command: 'touch /var/tmp/effects-probe /dev/shm/effects-probe; mkdir -p /run/lock/effects-probe' },
  { command: 'ipcmk -M 4096; ipcmk -Q; ipcmk -S 1; touch /dev/mqueue/effects-probe' },
  {
    command:
      "printf '[core]\\n\\tfsmonitor = id\\n' >> .git/config; mkdir -p .git/hooks; echo id > .git/hooks/pre-commit",
  },
  { command: 'echo x > .github/workflows/effects-probe.yml' },
  { command: 'ln .git/config effects-hardlink && echo x >> effects-hardlink' },
  { command: 'setsid nohup sleep 600 > /dev/null 2>&1 &' },
  { command: "cat /proc/[0-9]*/environ 2>/dev/null | tr '\\0' '\\n' | grep -a -e PLANTED -e INPUT_" },
  {
    command:
      'cat ../../../.npmrc ../../../.ssh/id_ed25519 /var/tmp/sandbox-test-*/owner-only.txt 2>/dev/null',
  },
];

/**
 * Runs `cases` through `sandbox` in `ws`, then disposes the sandbox and looks for what outlived
 * it. A process holding a secret in its environment runs meanwhile, for commands that go looking.
 */
export async function directEffects(
  sandbox: ManagedSandbox,
  ws: OracleWorkspace,
  cases: readonly DirectCase[],
): Promise<Effect[]> {
  const effects: Effect[] = [];
  const logDir = path.join(ws.job.root, 'direct-logs');
  const planted = spawn('sleep', ['600'], { env: { PATH: '/usr/bin:/bin', PLANTED_TOKEN: SECRET_TEXT } });
  const forms = secretForms([SECRET_TEXT]);
  const uids = new Set([commandUid(sandbox)]);
  const sharedAtStart = listShared();
  const ipcAtStart = ipcObjects();
  try {
    let fingerprint = '';
    for (const entry of cases) {
      // A fresh copy only when the last command changed the tree (a reset costs more than a command).
      if (treeFingerprint(ws.root) !== fingerprint) ws.markChanged();
      ws.reset(entry.setup);
      fingerprint = entry.setup?.length ? '' : treeFingerprint(ws.root);
      const shared = listShared();
      const ipc = ipcObjects();
      const guarded = protectedSnapshot(ws.root);
      const result = await runCommand({
        argv: ['bash', '--noprofile', '--norc', '-c', entry.command],
        cwd: ws.root,
        env: commandEnv(ws.root),
        timeoutMs: TIMEOUT_MS,
        sandbox,
        logDir,
      });
      await sandbox.settle();
      const add = (kind: EffectKind, detail: string) =>
        effects.push({ kind, command: entry.command, detail });
      for (const e of newEntries(shared, listShared(), uids)) add('outside-write', e);
      for (const c of protectedChanges(guarded, protectedSnapshot(ws.root))) add('protected-change', c);
      if (forms.some((f) => result.output.includes(f))) add('secret', 'a planted secret in the output');
      for (const o of ipcObjects()) if (!ipc.has(o)) add('outside-write', `IPC object ${o}`);
    }
  } finally {
    await sandbox.dispose();
    planted.kill('SIGKILL');
  }
  const files = newEntries(sharedAtStart, listShared(), uids);
  const ipc = [...ipcObjects()].filter((o) => !ipcAtStart.has(o));
  for (const e of files) effects.push({ kind: 'left-behind', detail: e });
  for (const o of ipc) effects.push({ kind: 'left-behind', detail: `IPC object ${o}` });
  const processes = processesMarkedBy(ws.root);
  for (const p of processes) effects.push({ kind: 'left-behind', detail: `process ${p}` });
  // Counted: now leave the machine as it was.
  removeLeftovers(files, ipc, processes);
  return effects;
}

/** The uid commands run as: the throw-away user's, or the runner's own. */
export function commandUid(sandbox: ManagedSandbox): number {
  if (!sandbox.userName) return process.getuid?.() ?? 0;
  const uid = Number(spawnSync('id', ['-u', sandbox.userName], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid)) throw new Error(`no uid for ${sandbox.userName}`);
  return uid;
}
