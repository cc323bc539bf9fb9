/**
 * How often near-miss edits land: the near-miss table through `planEdit`. `applied_share` is the
 * share of cases with the expected outcome (applied at the one right place with the right bytes,
 * or refused as ambiguous or absent); `wrong_place` counts edits applied anywhere but there.
 */
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
  ];
}
