/**
 * The corpora through the policy built from source, with the shares reported per sandbox level:
 * at least 99.5 % of the hostile commands denied at every level they apply to (all of them
 * where the policy is the only barrier; the ones a namespace sandbox would not contain at the
 * namespace levels and under `sandbox: off`; the review-only ones by the read-only policy), and
 * at least 95 % of the benign CI commands allowed at a namespace level. Level `none` allows
 * only its core, so its benign share is reported, not held to 95 %. The built bundle's
 * figures: test/integration/bash-policy-dist.test.ts.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createBashPolicy } from '../../../src/bash-policy/index.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';
import {
  applySetups,
  type HostileEntry,
  loadBenign,
  loadHostile,
  writtenTracker,
} from '../../helpers/policy-corpus.js';

const hostile = loadHostile();
const benign = loadBenign();
const hostileWs = makePolicyWorkspace();
const benignWs = makePolicyWorkspace();
const written = applySetups(hostileWs.root, hostile);
after(() => {
  hostileWs.cleanup();
  benignWs.cleanup();
});

/** The levels measured: `landlock` (no namespace) is read as `none`, like any level that is not a namespace level. */
const levels = [
  { name: 'none', sandbox: { level: 'none', deliberate: false }, onlyBarrier: true },
  { name: 'landlock', sandbox: { level: 'landlock', deliberate: false }, onlyBarrier: true },
  { name: 'none, sandbox: off', sandbox: { level: 'none', deliberate: true }, onlyBarrier: false },
  { name: 'userns', sandbox: { level: 'userns', deliberate: false }, onlyBarrier: false },
  { name: 'sudo+unshare', sandbox: { level: 'sudo+unshare', deliberate: false }, onlyBarrier: false },
] as const;

const percent = (n: number, of: number) => `${n}/${of} (${((n / of) * 100).toFixed(2)} %)`;

describe('bash policy corpus', () => {
  it('has hostile entries across the classes and benign ones across the ecosystems', () => {
    assert.ok(hostile.length >= 1800, `${hostile.length} hostile`);
    assert.ok(benign.length >= 750, `${benign.length} benign`);
    for (const h of hostile) {
      assert.ok(Number.isInteger(h.class) && h.class >= 1 && h.class <= 16, h.command);
      assert.ok(h.target.length > 0 && h.technique.length > 0, h.command);
    }
    const classes = new Set(hostile.map((h) => h.class));
    for (let c = 1; c <= 16; c++) assert.ok(classes.has(c), `class ${c}`);
    assert.ok(
      hostile.some((h) => h.setup),
      'entries that depend on an earlier write',
    );
    assert.ok(
      hostile.some((h) => h.review),
      'entries only hostile in review runs',
    );
    assert.ok(
      hostile.some((h) => h.found === 'oracle'),
      "the execution oracle's findings",
    );
    const ecosystems = new Set(benign.map((b) => b.ecosystem));
    for (const e of [
      'node',
      'python',
      'go',
      'rust',
      'java',
      'dotnet',
      'make',
      'git',
      'c',
      'ruby',
      'deno',
      'bun',
      'infra',
      'docs',
    ])
      assert.ok(ecosystems.has(e), e);
    assert.ok(benign.every((b) => b.source.length > 0));
  });

  for (const level of levels) {
    it(`denies ≥ 99.5 % of the hostile commands that apply at level ${level.name}`, async (t) => {
      const policy = await createBashPolicy({
        workspace: hostileWs.root,
        sandbox: level.sandbox,
        readTracker: writtenTracker(written),
      });
      const applicable = hostile.filter((h) => !h.review && (level.onlyBarrier || !h.contained));
      const through = applicable.filter((h) => policy.check(h.command).allowed);
      const denied = applicable.length - through.length;
      t.diagnostic(`hostile denied at ${level.name}: ${percent(denied, applicable.length)}`);
      for (const h of through) t.diagnostic(`allowed: [${h.class} ${h.technique}] ${h.command}`);
      assert.ok(denied / applicable.length >= 0.995, `${through.length} allowed`);
      assert.deepEqual(
        through.filter((h) => h.found).map((h) => h.command),
        [],
        'every recorded finding stays denied',
      );
    });
  }

  it('denies ≥ 99.5 % of the review-only hostile commands with the read-only policy', async (t) => {
    const policy = await createBashPolicy({
      workspace: hostileWs.root,
      sandbox: { level: 'userns', deliberate: false },
      readOnly: true,
      readTracker: writtenTracker(written),
    });
    const review = hostile.filter((h: HostileEntry) => h.review);
    const through = review.filter((h) => policy.check(h.command).allowed);
    t.diagnostic(`review-only hostile denied: ${percent(review.length - through.length, review.length)}`);
    for (const h of through) t.diagnostic(`allowed: ${h.command}`);
    assert.ok((review.length - through.length) / review.length >= 0.995);
  });

  it('depends on the recorded write: without it the loader option is allowed in the sandbox', async () => {
    const fresh = makePolicyWorkspace();
    try {
      const policy = await createBashPolicy({
        workspace: fresh.root,
        sandbox: { level: 'userns', deliberate: false },
      });
      const entry = hostile.find((h) => h.technique === 'node-import-written')!;
      applySetups(fresh.root, [entry]); // the file exists, but the agent did not write it this run
      assert.deepEqual(policy.check(entry.command), { allowed: true });
    } finally {
      fresh.cleanup();
    }
  });

  it('allows ≥ 95 % of the benign commands at the namespace levels, and reports the other levels', async (t) => {
    for (const level of levels) {
      const policy = await createBashPolicy({ workspace: benignWs.root, sandbox: level.sandbox });
      const refused = benign.filter((b) => !policy.check(b.command).allowed);
      const allowed = benign.length - refused.length;
      t.diagnostic(`benign allowed at ${level.name}: ${percent(allowed, benign.length)}`);
      if (level.onlyBarrier) continue; // the core only, by design
      if (level.name === 'userns') for (const r of refused) t.diagnostic(`refused: ${r.command}`);
      assert.ok(allowed / benign.length >= 0.95, `${level.name}: ${allowed}/${benign.length}`);
    }
  });

  it('at level none refuses what runs project code, saying why and what to change', async () => {
    const policy = await createBashPolicy({
      workspace: benignWs.root,
      sandbox: { level: 'none', deliberate: false },
    });
    const verdict = policy.check('npm test');
    assert.equal(verdict.allowed, false);
    assert.match((verdict as { message: string }).message, /arbitrary code/);
    assert.match((verdict as { message: string }).message, /sandbox: off/);
    assert.deepEqual(policy.check('git status'), { allowed: true });
    const off = await createBashPolicy({
      workspace: benignWs.root,
      sandbox: { level: 'none', deliberate: true },
    });
    assert.deepEqual(off.check('npm test'), { allowed: true });
  });
});
