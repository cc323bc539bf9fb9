/**
 * The execution oracle on this machine's namespace sandbox: every command the policy allows is
 * run in a fresh copy of a small repository under strace, and what it really did (programs,
 * writes, connections) is compared with what the policy approved. A positive control proves the
 * oracle sees an excess; then a sample of real projects' CI commands (the benign corpus), a
 * seeded sample of fuzz variants, and the regression entries of every bypass found so far. A new
 * finding fails with the regression entry to add; an `open` entry (a known bypass) that no longer
 * reproduces fails too, so the list of open bypasses only shrinks. Longer runs:
 * `npm run oracle -- --seed N --count M`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { createBashPolicy } from '../../../src/bash-policy/index.js';
import { optionTablesInUse } from '../../../src/bash-policy/rules/rule.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';
import { loadBenign } from '../../helpers/policy-corpus.js';
import { fuzzCases } from '../../oracle/fuzz.js';
import { type Oracle, startOracle } from '../../oracle/oracle.js';
import { loadRegressions } from '../../oracle/regressions.js';
import { type BatchResult, corpusSources, runCases } from '../../oracle/run-cases.js';

/** The sample npm test runs; `npm run oracle` takes any seed and count. */
const FUZZ_SEED = 27;
const FUZZ_COUNT = 160;
const BENIGN_SAMPLE = 24;

let oracle: Oracle | string;
const known = loadRegressions();

before(async () => {
  oracle = await startOracle();
});
after(async () => {
  if (typeof oracle !== 'string') await oracle.close();
});

function use(t: TestContext): Oracle | undefined {
  if (typeof oracle === 'string') t.skip(oracle);
  return typeof oracle === 'string' ? undefined : oracle;
}

/** Fails with the entries to add to test/fixtures/oracle/regressions.json when there are new findings. */
function assertNoNewFindings(t: TestContext, result: BatchResult): void {
  t.diagnostic(
    `${result.checked} checked, ${result.ran} allowed and run; findings ${JSON.stringify(result.counts)}`,
  );
  assert.deepEqual(
    result.fresh,
    [],
    `commands did more than the policy approved; fix the policy, or record them (npm run oracle -- --record):\n${JSON.stringify(result.fresh, null, 2)}`,
  );
}

describe('the execution oracle', () => {
  it('sees a program and a write the approval does not cover (positive control)', async (t) => {
    const o = use(t);
    if (!o) return;
    const outcome = await o.check({ command: 'cat notes.txt > copy.txt && ls', judgeAs: 'cat notes.txt' });
    assert.equal(outcome.ran, true);
    const details = outcome.findings.filter((f) => f.level === 'none').map((f) => `${f.class} ${f.detail}`);
    assert.ok(
      details.some((d) => /^unapproved-exec \/usr\/bin\/ls \["ls"\]/.test(d)),
      details.join('\n'),
    );
    assert.ok(details.includes('unapproved-write openat <ws>/copy.txt'), details.join('\n'));
    const within = await o.check({ command: 'cat notes.txt > copy.txt && ls' });
    assert.deepEqual(within.findings, [], 'the same line judged by its own approval');
  });

  it(`finds nothing beyond the approval in ${BENIGN_SAMPLE} real projects' CI commands`, async (t) => {
    const o = use(t);
    if (!o) return;
    const benign = loadBenign();
    const step = Math.floor(benign.length / BENIGN_SAMPLE);
    const sample = benign.filter((_, i) => i % step === 0).slice(0, BENIGN_SAMPLE);
    assertNoNewFindings(
      t,
      await runCases(
        o,
        sample.map((b) => ({ command: b.command, found: `benign corpus (${b.source})` })),
        known,
      ),
    );
  });

  it(`finds nothing new in ${FUZZ_COUNT} fuzz variants of the corpora (seed ${FUZZ_SEED})`, async (t) => {
    const o = use(t);
    if (!o) return;
    const sources = corpusSources();
    const ws = makePolicyWorkspace();
    try {
      // Load the policy's option tables in corpus order, so the variants are the same every run.
      const policy = await createBashPolicy({
        workspace: ws.root,
        sandbox: { level: 'userns', deliberate: false },
      });
      for (const s of sources) policy.check(s.command);
    } finally {
      ws.cleanup();
    }
    const cases = fuzzCases(sources, { seed: FUZZ_SEED, count: FUZZ_COUNT, tables: optionTablesInUse() });
    const labelled = cases.map((c, i) => ({
      ...c,
      found: `fuzz seed ${FUZZ_SEED} #${i} (from \`${c.source}\`: ${c.mutations.join(', ')})`,
    }));
    assertNoNewFindings(t, await runCases(o, labelled, known));
  });

  it('replays every regression entry: open bypasses still reproduce, fixed ones stay fixed', async (t) => {
    const o = use(t);
    if (!o) return;
    const problems: string[] = [];
    // One run per distinct line (an entry per policy level shares it).
    const outcomes = new Map<string, Awaited<ReturnType<Oracle['check']>>>();
    for (const entry of known) {
      const key = JSON.stringify([entry.command, entry.setup ?? []]);
      const outcome = outcomes.get(key) ?? (await o.check(entry));
      outcomes.set(key, outcome);
      const verdict = outcome.verdicts[entry.level];
      const findings = outcome.findings.filter((f) => f.level === entry.level);
      const reproduces = verdict.allowed && findings.some((f) => entry.classes.includes(f.class));
      if (entry.open && !reproduces)
        problems.push(
          `fixed (remove \`open\` from its entry): ${JSON.stringify(entry.command)} at ${entry.level}`,
        );
      if (!entry.open && verdict.allowed && findings.length > 0)
        problems.push(
          `regressed: ${JSON.stringify(entry.command)} at ${entry.level}: ${findings.map((f) => f.detail).join('; ')}`,
        );
    }
    const open = known.filter((e) => e.open).length;
    t.diagnostic(`${known.length} regression entries, ${open} open`);
    assert.deepEqual(problems, []);
  });
});
