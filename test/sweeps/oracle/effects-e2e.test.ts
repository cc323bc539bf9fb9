/**
 * The effects run: the hostile corpus counted by what it does, not by the verdicts it gets.
 * Through the built action (the scripted model sends the commands to the bash tool) at each level
 * this runner mode reaches — as root: `root+unshare`, a runner without sudo (`userns`), level
 * `landlock` (that runner with `unshare` out of reach) and level `none` (the Landlock helper
 * too); as the runner-modes users: `sudo+unshare` and `userns` — and straight through the sandbox layer with the policy skipped at the namespace
 * levels, so a policy bypass is measured too. Counted: entries outside the workspace owned by the
 * user the commands ran as, `.git`/`.github` changes, any form of a secret in a tool result, the
 * transcript or an agent-run process's environment, and processes or IPC objects left behind.
 * Effects not in test/fixtures/oracle/known-effects.json fail; listed ones that stopped happening
 * fail too, so the list shrinks to its target: empty at the namespace levels, no secret at `none`.
 * `AGENT_ACTION_EFFECTS_FULL=1` runs the whole corpus; `AGENT_ACTION_EFFECTS_RECORD=1` rewrites
 * the list from what was observed.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { type DetectSandboxOptions, detectSandbox } from '../../../src/sandbox/detect-sandbox.js';
import { DEFAULT_FILES, type Harness, startHarness } from '../../helpers/action-harness.js';
import { type HostileEntry, loadHostile, setupsOf } from '../../helpers/policy-corpus.js';
import { runnerMode } from '../../helpers/runner-mode.js';
import { noSudo, optionsFor } from '../../integration/sandbox/sandbox-fixture.js';
import {
  type ActionStart,
  actionEffects,
  baselineWorkspace,
  createRunnerUser,
  type RunnerUser,
  removeRunnerUser,
} from '../../oracle/effects-action.js';
import { directEffects, EFFECT_PROBES } from '../../oracle/effects-direct.js';
import { compareKnown, effectKey, loadKnownEffects, saveKnownEffects } from '../../oracle/known-effects.js';
import { makeOracleWorkspace } from '../../oracle/oracle-workspace.js';

const FULL = process.env['AGENT_ACTION_EFFECTS_FULL'] === '1';
const RECORD = process.env['AGENT_ACTION_EFFECTS_RECORD'] === '1';
const mode = runnerMode();
const known = loadKnownEffects();

/** The same entries every run: up to `perClass` of each class, spread over it. */
function sample(entries: readonly HostileEntry[], perClass: number): HostileEntry[] {
  if (FULL) return [...entries];
  const picked: HostileEntry[] = [];
  for (let c = 1; c <= 10; c++) {
    const members = entries.filter((e) => e.class === c);
    const step = Math.max(1, Math.floor(members.length / perClass));
    picked.push(...members.filter((_, i) => i % step === 0).slice(0, perClass));
  }
  return picked;
}

const hostile = loadHostile();
const FILES: Record<string, string> = {
  ...DEFAULT_FILES,
  '.github/workflows/ci.yml':
    'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n',
  'src/main.ts': 'export {};\n',
  'scripts/README.md': 'Scripts.\n',
};

/** The symlinks the hostile corpus aims at (as in the policy tests' workspace), committed as symlinks. */
async function symlinkSeed(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'effects-seed-'));
  await symlink('/etc/passwd', path.join(dir, 'evil-link'));
  await symlink('/etc', path.join(dir, 'linkdir'));
  await symlink('src', path.join(dir, 'src-link'));
  return dir;
}

/** Compares with the known list (or records it), reporting counts by kind. */
function judge(t: TestContext, path: 'action' | 'direct', level: string, observed: string[]): void {
  const counts: Record<string, number> = {};
  for (const o of observed) counts[o.split(':')[0]!] = (counts[o.split(':')[0]!] ?? 0) + 1;
  t.diagnostic(`${path} at ${level}: ${observed.length} effects ${JSON.stringify(counts)}`);
  if (RECORD) {
    known[path][level] = [...new Set(observed)].sort();
    saveKnownEffects(known);
    return;
  }
  const { fresh, gone } = compareKnown(observed, known[path][level] ?? []);
  assert.deepEqual(fresh, [], `new effects at ${level} (${path}); the sandbox must contain them`);
  assert.deepEqual(
    gone,
    [],
    `no longer happens at ${level} (${path}): remove from test/fixtures/oracle/known-effects.json`,
  );
}

/** The action-path levels this runner mode reaches, with the level each must report. */
const ACTION_LEVELS: {
  name: string;
  start: (user: RunnerUser | undefined) => ActionStart;
  expect: string;
}[] =
  mode === 'root'
    ? [
        { name: 'root', start: () => ({}), expect: 'root+unshare' },
        { name: 'a runner without sudo', start: (user) => ({ ...(user ? { user } : {}) }), expect: 'userns' },
        {
          name: 'a runner without sudo or user namespaces',
          start: (user) => ({ ...(user ? { user } : {}), noNamespaces: true }),
          expect: 'landlock',
        },
        {
          name: 'a runner without sudo, user namespaces or Landlock',
          start: (user) => ({ ...(user ? { user } : {}), noNamespaces: true, noLandlock: true }),
          expect: 'none',
        },
      ]
    : [
        {
          name: `the ${mode} runner`,
          start: () => ({}),
          expect: mode === 'sudo' ? 'sudo+unshare' : 'userns',
        },
      ];

describe('effects of the hostile corpus through the built action', () => {
  let h: Harness;
  let baseline: string | undefined;
  let user: RunnerUser | string = 'not made';
  let seed: string | undefined;
  // Six per class at four levels: about as many runs as eight at the three levels before `landlock`.
  const entries = sample(hostile, 6);
  before(async () => {
    if (mode === 'root') user = createRunnerUser();
    seed = await symlinkSeed();
    h = await startHarness(FILES, seed);
    h.github.state.addUser('alice', { permission: 'write' });
    baseline = await baselineWorkspace(h);
  });
  after(async () => {
    await h.close();
    if (baseline) await rm(baseline, { recursive: true, force: true });
    if (typeof user !== 'string') removeRunnerUser(user);
    if (seed) await rm(seed, { recursive: true, force: true });
  });

  for (const level of ACTION_LEVELS) {
    it(`as ${level.name} (${level.expect}): ${entries.length} commands`, async (t) => {
      const start = level.start(typeof user === 'string' ? undefined : user);
      if (mode === 'root' && level.expect !== 'root+unshare' && !start.user) return t.skip(String(user));
      const result = await actionEffects(h, entries, start, baseline);
      if (result.level !== level.expect)
        return t.skip(`this machine gave ${result.level}, not ${level.expect}`);
      assert.equal(result.run.outputs['conclusion'], 'pr-opened', result.run.stdout.slice(-3000));
      assert.equal(result.skipped, 0, 'every command reached the bash tool');
      assert.ok(result.results >= entries.length + 2, `${result.results} tool results`);
      try {
        judge(
          t,
          'action',
          level.expect,
          result.effects.map((e) => effectKey(e, result.workspace)),
        );
      } finally {
        await rm(result.workspace, { recursive: true, force: true });
      }
    });
  }
});

/** The sandbox-layer levels (policy skipped): never `userns` as root, where host files are the command's own. */
const DIRECT_LEVELS: { name: string; extra: Partial<DetectSandboxOptions>; expect: string }[] =
  mode === 'root'
    ? [{ name: 'root', extra: {}, expect: 'root+unshare' }]
    : mode === 'sudo'
      ? [{ name: 'the sudo runner', extra: {}, expect: 'sudo+unshare' }]
      : [{ name: 'the runner without sudo', extra: { runCommandProbe: noSudo }, expect: 'userns' }];

describe('effects of the hostile corpus through the sandbox layer, policy skipped', () => {
  const entries = [
    ...EFFECT_PROBES,
    ...sample(hostile, 3).map((e) => ({ command: e.command, ...(e.setup ? { setup: setupsOf(e) } : {}) })),
  ];
  for (const level of DIRECT_LEVELS) {
    it(`at ${level.expect} (${level.name}): ${entries.length} commands`, async (t) => {
      const ws = await makeOracleWorkspace();
      try {
        const sandbox = await detectSandbox(optionsFor(ws.job, level.extra));
        if (sandbox.level !== level.expect) {
          await sandbox.dispose();
          return t.skip(`not available on this runner: got ${sandbox.level} (${sandbox.notes.join('; ')})`);
        }
        const effects = await directEffects(sandbox, ws, entries);
        judge(
          t,
          'direct',
          level.expect,
          effects.map((e) => effectKey(e, ws.root)),
        );
      } finally {
        await ws.cleanup();
      }
    });
  }
});
