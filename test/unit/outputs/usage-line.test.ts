import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { usageLine } from '../../../src/outputs/usage-line.js';

describe('usageLine', () => {
  it('says tokens, cached tokens with their share of the prompt, and the cost', () => {
    assert.equal(
      usageLine({ tokens: 12_345, promptTokens: 10_000, cachedTokens: 8_100, costUsd: 0.01234 }),
      '12,345 tokens · 8,100 cached (81% of prompt) · $0.0123',
    );
  });

  it('marks estimated counts', () => {
    assert.equal(
      usageLine({ tokens: 500, cachedTokens: 0, costUsd: 0.001, estimated: true }),
      '500 tokens (estimated: the endpoint reported no usage) · 0 cached · $0.0010',
    );
  });

  it('says the cost is unknown, and where to set a price, when the model has none', () => {
    assert.equal(
      usageLine({ tokens: 0, cachedTokens: 0, costUsd: undefined }),
      '0 tokens · 0 cached · cost unknown (no price for the model; see `prices`)',
    );
  });
});
