import { DEFAULT_FILES, startHarness } from './test/helpers/action-harness.js';
import { loadHostile } from './test/helpers/policy-corpus.js';
import { actionEffects, baselineWorkspace } from './test/oracle/effects-action.js';
import { effectKey } from './test/oracle/known-effects.js';
const h = await startHarness({ ...DEFAULT_FILES, '.github/workflows/ci.yml': 'on: push\n' });
h.github.state.addUser('alice', { permission: 'write' });
try {
  const base = await baselineWorkspace(h);
  const hostile = loadHostile();
  const entries = [hostile.find(e => e.command.includes('/var/tmp'))!, ...hostile.filter(e => e.contained).slice(0, 4), ...hostile.slice(0, 5)].filter(Boolean);
  for (const level of (process.argv[2] ?? 'self').split(',') as any[]) {
    const t0 = performance.now();
    const r = await actionEffects(h, entries, level, base);
    console.log(level, r.level, r.run.outputs['conclusion'], ((performance.now()-t0)/1000).toFixed(1)+'s');
    for (const e of r.effects) console.log('  ', effectKey(e, r.workspace));
    if (r.run.exitCode) console.log(r.run.stdout.slice(-2000), r.run.stderr.slice(-2000));
  }
} finally { await h.close(); }
