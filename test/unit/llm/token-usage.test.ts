import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addUsage, usageFromProvider, zeroUsage } from '../../../src/llm/token-usage.js';

describe('usageFromProvider', () => {
  it('reads OpenAI’s usage with cached and reasoning tokens', () => {
    assert.deepEqual(
      usageFromProvider({
        prompt_tokens: 100,
        completion_tokens: 40,
        total_tokens: 140,
        prompt_tokens_details: { cached_tokens: 64 },
        completion_tokens_details: { reasoning_tokens: 30 },
      }),
      { prompt: 100, completion: 40, total: 140, cachedPrompt: 64, reasoning: 30 },
    );
  });

  it('reads DeepSeek’s cache hits, Groq’s x_groq usage shape and the Responses API’s names', () => {
    assert.equal(
      usageFromProvider({ prompt_tokens: 10, completion_tokens: 2, prompt_cache_hit_tokens: 6 })
        ?.cachedPrompt,
      6,
    );
    assert.deepEqual(
      usageFromProvider({ queue_time: 0.1, prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 }),
      { prompt: 5, completion: 1, total: 6 },
    );
    assert.deepEqual(
      usageFromProvider({ input_tokens: 7, output_tokens: 3, input_tokens_details: { cached_tokens: 4 } }),
      { prompt: 7, completion: 3, total: 10, cachedPrompt: 4 },
    );
  });

  it('never yields NaN: missing counts are derived or zero, and empty usage is none', () => {
    assert.deepEqual(usageFromProvider({ completion_tokens: 5 }), { prompt: 0, completion: 5, total: 5 });
    assert.deepEqual(usageFromProvider({ total_tokens: 9, completion_tokens: 4 }), {
      prompt: 5,
      completion: 4,
      total: 9,
    });
    assert.equal(usageFromProvider({ prompt_tokens: null }), undefined);
    assert.equal(usageFromProvider(null), undefined);
  });
});

describe('addUsage', () => {
  it('sums counts, and the estimate flag sticks', () => {
    const sum = zeroUsage();
    addUsage(sum, { prompt: 10, completion: 2, total: 12, cachedPrompt: 4 });
    addUsage(sum, { prompt: 5, completion: 1, total: 6, estimated: true, reasoning: 1 });
    assert.deepEqual(sum, {
      prompt: 15,
      completion: 3,
      total: 18,
      cachedPrompt: 4,
      reasoning: 1,
      estimated: true,
    });
  });
});
