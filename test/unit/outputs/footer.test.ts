import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatElapsed, renderFooter, tokensPhrase } from '../../../src/outputs/footer.js';

describe('renderFooter', () => {
  it('states model, duration, turns, tokens with the cached share, cost, requester and the run once', () => {
    assert.equal(
      renderFooter({
        model: 'gpt-5.5',
        durationMs: 123_000,
        turns: 7,
        tokens: 12_345,
        promptTokens: 10_000,
        cachedTokens: 8_100,
        costUsd: 0.0047,
        requester: 'alice',
        runUrl: 'https://github.com/o/r/actions/runs/1',
      }),
      '<sub>`gpt-5.5` · 2m 3s · 7 turns · 12,345 tokens (81% cached) · $0.0047 · requested by @alice · [run log](https://github.com/o/r/actions/runs/1)</sub>',
    );
  });

  it('leaves out an unknown cost and no requester, without a word about them', () => {
    const line = renderFooter({ model: 'm', durationMs: 4_000, turns: 1, tokens: 10, runUrl: 'u' });
    assert.equal(line, '<sub>`m` · 4s · 1 turn · 10 tokens · [run log](u)</sub>');
    assert.doesNotMatch(line, /unknown|price/);
  });

  it('counts the instruction files and images given, after the cost', () => {
    const line = renderFooter({
      model: 'm',
      durationMs: 4_000,
      turns: 2,
      tokens: 10,
      costUsd: 0.01,
      context: '2 instruction files · 1 image',
      requester: 'bob',
      runUrl: 'u',
    });
    assert.equal(
      line,
      '<sub>`m` · 4s · 2 turns · 10 tokens · $0.01 · 2 instruction files · 1 image · requested by @bob · [run log](u)</sub>',
    );
  });

  it('links the uploaded transcript artifact just before the run', () => {
    const line = renderFooter({
      model: 'm',
      durationMs: 4_000,
      turns: 1,
      tokens: 10,
      transcriptUrl: 'https://github.com/o/r/actions/runs/1/artifacts/9',
      runUrl: 'u',
    });
    assert.equal(
      line,
      '<sub>`m` · 4s · 1 turn · 10 tokens · [transcript](https://github.com/o/r/actions/runs/1/artifacts/9) · [run log](u)</sub>',
    );
  });

  it('marks estimated counts and formats long durations', () => {
    assert.equal(tokensPhrase({ tokens: 2000, estimated: true }), '~2,000 tokens (estimated)');
    assert.equal(formatElapsed(3_720_000), '1h 2m');
    assert.equal(formatElapsed(59_400), '59s');
  });
});
