/**
 * `npm run oracle -- [--seed N] [--count M] [--corpus] [--command LINE]… [--record] [--findings FILE]`:
 * a long run of the execution oracle. Generates `count` fuzz variants of the corpora from `seed`
 * (with `--corpus` also runs the corpora as they are, with `--command` the given lines), runs
 * every allowed one in the sandbox under strace, and prints each finding. `--record` adds new findings to
 * test/fixtures/oracle/regressions.json (marked `open`); `--findings FILE` appends them to a
 * Markdown list for whoever fixes the policy. Needs root, sudo or user namespaces, and strace.
 */
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createBashPolicy } from '../../src/bash-policy/index.js';
import { optionTablesInUse } from '../../src/bash-policy/rules/rule.js';
import { makePolicyWorkspace } from '../helpers/bash-policy-workspace.js';
import { fuzzCases } from './fuzz.js';
import { startOracle } from './oracle.js';
import { loadRegressions, type RegressionEntry, saveRegressions } from './regressions.js';
import { corpusSources, type LabelledCase, runCases } from './run-cases.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '200' },
    corpus: { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
    findings: { type: 'string' },
    command: { type: 'string', multiple: true, default: [] },
  },
});
const seed = Number(values.seed);
const count = Number(values.count);
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 0)
  throw new Error('--seed and --count take whole numbers, e.g. `npm run oracle -- --seed 7 --count 500`');

const sources = corpusSources();
await primeOptionTables(sources.map((s) => s.command));
const cases: LabelledCase[] = [
  ...values.command.map((command) => ({
    command: command.replace(/\\n/g, '\n').replace(/\\t/g, '\t'),
    found: 'by hand',
  })),
  ...(values.corpus ? sources.map((s) => ({ ...s, found: 'corpus' })) : []),
  ...fuzzCases(sources, { seed, count, tables: optionTablesInUse() }).map((c, i) => ({
    ...c,
    found: `fuzz seed ${seed} #${i} (from \`${c.source}\`: ${c.mutations.join(', ')})`,
  })),
];

const oracle = await startOracle();
if (typeof oracle === 'string') {
  console.log(`The oracle cannot run here: ${oracle}`);
  process.exit(0);
}
// The sandbox's throw-away user and namespace holder go away on Ctrl-C too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void oracle.close().finally(() => process.exit(130)));

const known = loadRegressions();
const started = performance.now();
let result: Awaited<ReturnType<typeof runCases>>;
try {
  result = await runCases(oracle, cases, known, (outcome, i) => {
    if (outcome.findings.length === 0) return;
    console.log(`#${i} ${JSON.stringify(outcome.command)}`);
    for (const f of outcome.findings)
      console.log(`    ${f.level}: ${f.class}: ${f.detail}${f.blocked ? ' (blocked)' : ''}`);
  });
} finally {
  await oracle.close();
}
console.log(
  `\n${result.checked} cases, ${result.ran} allowed and run at ${oracle.level} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
console.log('findings by class@level:', result.counts);
console.log(`${result.fresh.length} new regression entries (known: ${known.length})`);
if (values.record && result.fresh.length > 0) {
  saveRegressions([...known, ...result.fresh]);
  console.log('added to test/fixtures/oracle/regressions.json');
}
if (values.findings && result.fresh.length > 0)
  appendFileSync(values.findings, result.fresh.map(markdown).join(''));

function markdown(e: RegressionEntry): string {
  return `\n- \`${e.command.replace(/\n/g, '⏎')}\` — level ${e.level}; approved: ${e.approved.map((a) => `\`${a}\``).join(', ') || '(nothing)'}; really: ${e.observed.join('; ')}; cause: ${e.cause}. (${e.found})\n`;
}

/** Checks every line once, so the policy's option tables are loaded in the same order every run. */
async function primeOptionTables(commands: readonly string[]): Promise<void> {
  const ws = makePolicyWorkspace();
  try {
    const policy = await createBashPolicy({
      workspace: ws.root,
      sandbox: { level: 'userns', deliberate: false },
    });
    for (const command of commands) policy.check(command);
  } finally {
    ws.cleanup();
  }
}
