/**
 * The near-miss corpus (test/fixtures/bash-corpus/near-miss.json): pairs of a benign command
 * and its twin that differs in one hostile detail (an output option, a folder, a delimiter, a
 * flag). The policy must tell them apart: the benign one allowed inside a namespace sandbox,
 * the hostile one denied there and at level `none`. This is the precision half of the corpora:
 * a rule that refuses both of a pair is as wrong as one that allows both.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createBashPolicy } from '../../../src/bash-policy/index.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';

interface Pair {
  benign: string;
  hostile: string;
  why: string;
}

const pairs = JSON.parse(
  readFileSync(new URL('../../fixtures/bash-corpus/near-miss.json', import.meta.url), 'utf8'),
) as Pair[];

const ws = makePolicyWorkspace();
after(() => ws.cleanup());
const files: Record<string, string> = {
  'fix.sed': 's/a/b/\n',
  'src/fix.sed': '1e id\n',
  'checksums.txt': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  src/main.ts\n',
  'sums-naming-etc.txt': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  /etc/shadow\n',
  'stash/.github/workflows/evil.yml': 'on: push\n',
  'vendor/bare/HEAD': 'ref: refs/heads/main\n',
  'vendor/bare/objects/info/packs': '\n',
  'agent-written.cjs': 'require("child_process").execSync("id");\n',
  'agent_plugin.py': 'import os\n',
};
for (const [file, content] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(ws.root, file)), { recursive: true });
  writeFileSync(path.join(ws.root, file), content);
}
const agentWrote = new Set(['agent-written.cjs', 'agent_plugin.py'].map((f) => path.join(ws.root, f)));
const readTracker = { wasWritten: (real: string) => agentWrote.has(real) };

describe('bash policy: near misses', () => {
  it('has pairs across the mechanisms', () => {
    assert.ok(pairs.length >= 60, `${pairs.length} pairs`);
    for (const p of pairs) assert.ok(p.benign !== p.hostile && p.why.length > 0, p.hostile);
  });

  it('allows the benign twin inside the sandbox and denies the hostile one at every level', async (t) => {
    const sandboxed = await createBashPolicy({
      workspace: ws.root,
      sandbox: { level: 'userns', deliberate: false },
      readTracker,
    });
    const none = await createBashPolicy({
      workspace: ws.root,
      sandbox: { level: 'none', deliberate: false },
      readTracker,
    });
    const wrong: string[] = [];
    for (const pair of pairs) {
      if (!sandboxed.check(pair.benign).allowed) wrong.push(`benign refused: ${pair.benign}`);
      for (const [name, policy] of [
        ['userns', sandboxed],
        ['none', none],
      ] as const)
        if (policy.check(pair.hostile).allowed)
          wrong.push(`hostile allowed at ${name} (${pair.why}): ${pair.hostile}`);
    }
    for (const w of wrong) t.diagnostic(w);
    assert.deepEqual(wrong, []);
  });
});
