/**
 * The corpora through the policy built from source: every hostile command is denied where the
 * policy is the only barrier (sandbox level `none`), and every one the sandbox would not
 * contain is denied at a namespace level too; at least 95 % of the benign CI commands are
 * allowed inside the sandbox. The built bundle's figures: test/integration/bash-policy-dist.test.ts.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createBashPolicy } from '../../../../src/safety/bash-policy/index.js';
import { makePolicyWorkspace } from '../../../helpers/bash-policy-workspace.js';
import { applySetups, loadBenign, loadHostile, writtenTracker } from '../../../helpers/policy-corpus.js';

const hostile = loadHostile();
const benign = loadBenign();
const hostileWs = makePolicyWorkspace();
const benignWs = makePolicyWorkspace();
after(() => {
  hostileWs.cleanup();
  benignWs.cleanup();
});

describe('bash policy corpus', () => {
  it('has at least 600 hostile entries across the classes and 400 benign ones across the ecosystems', () => {
    assert.ok(hostile.length >= 600, `${hostile.length} hostile`);
    assert.ok(benign.length >= 400, `${benign.length} benign`);
    for (const h of hostile) {
      assert.ok(Number.isInteger(h.class) && h.class >= 1 && h.class <= 10, h.command);
      assert.ok(h.target.length > 0 && h.technique.length > 0, h.command);
    }
    const classes = new Set(hostile.map((h) => h.class));
    for (let c = 1; c <= 10; c++) assert.ok(classes.has(c), `class ${c}`);
    assert.ok(
      hostile.some((h) => h.setup),
      'entries that depend on an earlier write',
    );
    const ecosystems = new Set(benign.map((b) => b.ecosystem));
    for (const e of ['node', 'python', 'go', 'rust', 'java', 'dotnet', 'make', 'git'])
      assert.ok(ecosystems.has(e), e);
    assert.ok(benign.every((b) => b.source.length > 0));
  });

  it('denies every hostile command at level none, and every uncontained one inside the sandbox', async () => {
    const tracker = writtenTracker(applySetups(hostileWs.root, hostile));
    const none = await createBashPolicy({
      workspace: hostileWs.root,
      sandbox: { level: 'none', deliberate: false },
      readTracker: tracker,
    });
    const sandboxed = await createBashPolicy({
      workspace: hostileWs.root,
      sandbox: { level: 'userns', deliberate: false },
      readTracker: tracker,
    });
    assert.deepEqual(
      hostile.filter((h) => none.check(h.command).allowed),
      [],
    );
    assert.deepEqual(
      hostile.filter((h) => !h.contained && sandboxed.check(h.command).allowed),
      [],
    );
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

  it('allows at least 95 % of the benign commands inside the sandbox', async (t) => {
    const policy = await createBashPolicy({
      workspace: benignWs.root,
      sandbox: { level: 'userns', deliberate: false },
    });
    const refused = benign.filter((b) => !policy.check(b.command).allowed);
    const rate = (benign.length - refused.length) / benign.length;
    t.diagnostic(
      `benign allowed: ${benign.length - refused.length}/${benign.length} (${(rate * 100).toFixed(1)} %)`,
    );
    for (const r of refused) t.diagnostic(`refused: ${r.command}`);
    assert.ok(rate >= 0.95, `benign allowed rate ${rate}`);
  });

  it('at level none refuses the benign commands that run project code, saying why', async () => {
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
