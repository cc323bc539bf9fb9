import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type GeneratedOutcome,
  runGeneratedNearMisses,
  runGeneratedPatches,
} from '../../fixtures/near-miss-generated.js';

const runs: [string, () => GeneratedOutcome[], RegExp][] = [
  ['edit_file', runGeneratedNearMisses, /^old_string found \d+ times/],
  ['apply_patch', runGeneratedPatches, /match \d+ places/],
];

for (const [tool, run, ambiguity] of runs) {
  describe(`generated near misses through ${tool} (every 1–4 line block of the table files, each slip)`, () => {
    const outcomes = run();
    const count = (verdict: string) => outcomes.filter((o) => o.verdict === verdict).length;

    it('never applies a near miss anywhere but its own block', () => {
      assert.ok(outcomes.length > 1500, `${outcomes.length} cases`);
      const wrong = outcomes.filter((o) => o.verdict === 'wrong-place');
      assert.deepEqual(
        wrong.map((o) => o.name),
        [],
        wrong.map((o) => `${o.name}: ${o.detail}`).join('\n'),
      );
    });

    it('refuses only because the block is ambiguous, and applies most of them', () => {
      const refusals = outcomes.filter((o) => o.verdict === 'refused');
      assert.deepEqual(
        refusals.filter((o) => !ambiguity.test(o.detail)).map((o) => `${o.name}: ${o.detail}`),
        [],
      );
      assert.ok(
        count('applied') / outcomes.length >= 0.75,
        `${count('applied')} of ${outcomes.length} applied`,
      );
    });
  });
}
