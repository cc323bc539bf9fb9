import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILT_IN_PRICES, costUsd, priceKey, pricesFor } from '../../../src/llm/model-prices.js';

describe('built-in prices', () => {
  it('dates every row with the day it was checked, and names its source', () => {
    for (const [model, row] of Object.entries(BUILT_IN_PRICES)) {
      assert.match(row.checked, /^20\d\d-\d\d-\d\d$/, `${model} has no checked date`);
      assert.ok(!Number.isNaN(Date.parse(row.checked)), `${model}: ${row.checked} is not a date`);
      assert.ok(row.source.length > 0, `${model} has no source`);
      assert.ok(row.cachedInput <= row.input, `${model}: cached input costs more than input`);
    }
  });

  it('prices prefixed and dated model names as their base model', () => {
    assert.equal(priceKey('openai/gpt-4.1'), 'gpt-4.1');
    assert.equal(priceKey('gpt-4.1-2025-04-14'), 'gpt-4.1');
    assert.equal(priceKey('GPT-5.4-mini'), 'gpt-5.4-mini');
    assert.deepEqual(pricesFor('openai/gpt-5.4', undefined), { input: 2.5, cachedInput: 0.25, output: 15 });
  });

  it('prefers the prices input, and knows no price for an unlisted model', () => {
    const given = { input: 1, cachedInput: 0.5, output: 2 };
    assert.equal(pricesFor('gpt-5.4', given), given);
    assert.equal(pricesFor('llama3.1:8b', undefined), undefined);
  });
});

describe('costUsd', () => {
  const prices = { input: 2, cachedInput: 0.5, output: 8 };
  it('bills cached prompt tokens at the cached rate and the rest in full', () => {
    // 1M prompt of which 400k cached, 100k completion: 0.6×2 + 0.4×0.5 + 0.1×8 = 2.2
    assert.equal(costUsd({ prompt: 1_000_000, cachedPrompt: 400_000, completion: 100_000 }, prices), 2.2);
  });
  it('treats missing cache figures as no cache, and never bills more cached tokens than prompt tokens', () => {
    assert.equal(costUsd({ prompt: 500_000, completion: 0 }, prices), 1);
    assert.equal(costUsd({ prompt: 100, cachedPrompt: 1_000, completion: 0 }, prices), 0.00005);
  });
});
