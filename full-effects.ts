import { DEFAULT_FILES, startHarness } from './test/helpers/action-harness.js';
import { loadHostile } from './test/helpers/policy-corpus.js';
import { actionEffects, baselineWorkspace, createRunnerUser, removeRunnerUser } from './test/oracle/effects-action.js';
import { effectKey } from './test/oracle/known-effects.js';
import { rmSync } from 'node:fs';
const h = await startHarness({ ...DEFAULT_FILES, '.github/workflows/ci.yml': 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n' });
h.github.state.addUser('alice', { permission: 'write' });
const user = createRunnerUser();
if (typeof user === 'string') throw new Error(user);
try {
  const base = await baselineWorkspace(h);
  const hostile = loadHostile();
  for (const start of [{}, { user }, { user, noNamespaces: true }]) {
    const t0 = performance.now();
    const r = await actionEffects(h, hostile, start, base);
    const results = h.openai.requests.at(-1)!.body.messages.filter((m: any) => m.role === 'tool').length;
    const denied = h.openai.requests.at(-1)!.body.messages.filter((m: any) => m.role === 'tool' && /Denied by bash policy/.test(m.content)).length;
    console.log(r.level, r.run.outputs['conclusion'], ((performance.now()-t0)/1000).toFixed(0)+'s', 'tool results', results, 'denied', denied, 'effects', r.effects.length);
    for (const e of r.effects) console.log('  ', effectKey(e, r.workspace));
    rmSync(r.workspace, { recursive: true, force: true });
  }
  rmSync(base, { recursive: true, force: true });
} finally { await h.close(); removeRunnerUser(user); }
