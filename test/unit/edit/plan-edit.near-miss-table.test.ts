import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeCase } from '../../fixtures/near-miss-outcome.js';
import { NEAR_MISS_CASES } from '../../fixtures/near-miss-table.js';

describe('the near-miss table', () => {
  it('has at least 60 cases over every kind of file, refusals and decoys included', () => {
    assert.ok(NEAR_MISS_CASES.length >= 60, `${NEAR_MISS_CASES.length} cases`);
    for (const prefix of ['js', 'py', 'go', 'yaml', 'md', 'crlf', 'no-eol', 'decoys']) {
      assert.ok(
        NEAR_MISS_CASES.some((c) => c.name.startsWith(`${prefix}`)),
        prefix,
      );
    }
    assert.ok(NEAR_MISS_CASES.filter((c) => c.expect === 'ambiguous').length >= 8);
    assert.ok(NEAR_MISS_CASES.filter((c) => c.expect === 'absent').length >= 8);
  });

  for (const c of NEAR_MISS_CASES) {
    it(c.name, () => {
      const outcome = judgeCase(c);
      assert.equal(outcome.verdict, 'correct', outcome.detail);
    });
  }
});
