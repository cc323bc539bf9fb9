/**
 * How often near-miss edits land: the near-miss table through `planEdit`. `applied_share` is the
 * share of cases with the expected outcome (applied at the one right place with the right bytes,
 * or refused as ambiguous or absent); `wrong_place` counts edits applied anywhere but there.
 * The `generated` figures do the same for every 1–4 line block of the table's files under each
 * slip (see `test/fixtures/near-miss-generated.ts`), which the matcher was not tuned on.
 */
import { runGeneratedNearMisses, runGeneratedPatches } from '../test/fixtures/near-miss-generated.js';
import { judgeCase } from '../test/fixtures/near-miss-outcome.js';
import { NEAR_MISS_CASES } from '../test/fixtures/near-miss-table.js';
import type { BenchFigure } from './run.js';

export default async function bench(): Promise<BenchFigure[]> {
  const verdicts = NEAR_MISS_CASES.map((c) => ({ c, outcome: judgeCase(c) }));
  for (const { c, outcome } of verdicts)
    if (outcome.verdict !== 'correct') console.error(`  ${outcome.verdict}: ${c.name}: ${outcome.detail}`);
  const correct = verdicts.filter((v) => v.outcome.verdict === 'correct').length;
  const applyCases = verdicts.filter((v) => typeof v.c.expect !== 'string');
  const applied = applyCases.filter((v) => v.outcome.verdict === 'correct').length;
  const generated = runGeneratedNearMisses();
  const share = (verdict: string) => generated.filter((o) => o.verdict === verdict).length;
  const patches = runGeneratedPatches();
  const patchShare = (verdict: string) => patches.filter((o) => o.verdict === verdict).length;
  return [
    {
      name: 'near_miss.correct_share',
      value: correct / verdicts.length,
      unit: `of ${verdicts.length}`,
      target: '>= 0.9',
    },
    {
      name: 'near_miss.applied_share',
      value: applied / applyCases.length,
      unit: `of ${applyCases.length}`,
      target: '>= 0.9',
    },
    {
      name: 'near_miss.wrong_place',
      value: verdicts.filter((v) => v.outcome.verdict === 'wrong-place').length,
      unit: 'edits',
      target: '0',
    },
    {
      name: 'near_miss.generated_applied_share',
      value: share('applied') / generated.length,
      unit: `of ${generated.length}`,
    },
    {
      name: 'near_miss.generated_refused_ambiguous',
      value: share('refused'),
      unit: 'edits',
    },
    { name: 'near_miss.generated_wrong_place', value: share('wrong-place'), unit: 'edits', target: '0' },
    {
      name: 'near_miss.generated_exact_elsewhere',
      value: share('exact-elsewhere'),
      unit: 'edits',
    },
    {
      name: 'near_miss.patch_applied_share',
      value: patchShare('applied') / patches.length,
      unit: `of ${patches.length}`,
    },
    { name: 'near_miss.patch_wrong_place', value: patchShare('wrong-place'), unit: 'hunks', target: '0' },
  ];
}
