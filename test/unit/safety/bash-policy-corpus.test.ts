/**
 * The corpora in test/fixtures/bash-corpus: every hostile command (one or more per published
 * bypass technique) must be denied; the benign commands (Node, Python, Go, Rust, Make, git)
 * report the allowed rate, which must stay at 95 % or more.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { type BashPolicy, createBashPolicy } from '../../../src/safety/bash-policy/index.js';
import { makePolicyWorkspace } from './bash-policy-workspace.js';

const corpus = new URL('../../fixtures/bash-corpus/', import.meta.url);
const hostile = JSON.parse(readFileSync(new URL('hostile.json', corpus), 'utf8')) as {
  technique: string;
  command: string;
}[];
const benign = JSON.parse(readFileSync(new URL('benign.json', corpus), 'utf8')) as {
  ecosystem: string;
  command: string;
}[];

const ws = makePolicyWorkspace();
let policy: BashPolicy;
before(async () => {
  policy = await createBashPolicy({ workspace: ws.root, sandbox: { level: 'userns', deliberate: false } });
});
after(() => ws.cleanup());

describe('bash policy corpus', () => {
  it('has at least 150 hostile and 80 benign commands across the ecosystems', () => {
    assert.ok(hostile.length >= 150, `${hostile.length} hostile`);
    assert.ok(benign.length >= 80, `${benign.length} benign`);
    const ecosystems = new Set(benign.map((b) => b.ecosystem));
    for (const e of ['node', 'python', 'go', 'rust', 'make']) assert.ok(ecosystems.has(e), e);
  });

  it('denies every hostile command', () => {
    const allowed = hostile.filter((h) => policy.check(h.command).allowed);
    assert.deepEqual(allowed, []);
  });

  it('allows at least 95 % of the benign commands', (t) => {
    const refused = benign.filter((b) => !policy.check(b.command).allowed);
    const rate = (benign.length - refused.length) / benign.length;
    t.diagnostic(
      `benign allowed: ${benign.length - refused.length}/${benign.length} (${(rate * 100).toFixed(1)} %)`,
    );
    for (const r of refused) t.diagnostic(`refused: ${r.command}`);
    assert.ok(rate >= 0.95, `benign allowed rate ${rate}`);
  });
});
