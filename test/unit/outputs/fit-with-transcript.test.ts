import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GITHUB_BODY_LIMIT, TRANSCRIPT_RESERVE_CHARS } from '../../../src/limits.js';
import { cutMarkdown, fitWithTranscript } from '../../../src/outputs/fit-with-transcript.js';

/** A transcript that takes all the room it is given, and records what that was. */
function greedy(): { render: (max: number) => string; asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    render: (max) => {
      asked.push(max);
      return `<details>${'t'.repeat(Math.max(0, max - 19))}</details>`.slice(0, Math.max(0, max));
    },
  };
}

describe('fitWithTranscript', () => {
  it('keeps a text that fits whole, then a blank line, then the transcript', () => {
    const text = 'Fixed the parser.\n\nFixes #3';
    const body = fitWithTranscript(text, () => '<details>rows</details>');
    assert.equal(body, `${text}\n\n<details>rows</details>`);
  });

  it('keeps the text whole up to the limit less the transcript’s reserve', () => {
    const text = 'x'.repeat(GITHUB_BODY_LIMIT - TRANSCRIPT_RESERVE_CHARS);
    const t = greedy();
    const body = fitWithTranscript(text, t.render);
    assert.ok(body.startsWith(`${text}\n\n<details>`));
    assert.deepEqual(t.asked, [TRANSCRIPT_RESERVE_CHARS - 2]);
    assert.equal(body.length, GITHUB_BODY_LIMIT);
  });

  it('gives the transcript exactly what the text leaves', () => {
    const t = greedy();
    const body = fitWithTranscript('a'.repeat(1000), t.render, 10_000);
    assert.deepEqual(t.asked, [10_000 - 1000 - 2]);
    assert.equal(body.length, 10_000);
  });

  it('cuts a text alone over the limit at a line end, closes its fence and ends it with …', () => {
    const line = 'word '.repeat(19);
    const text = `Summary\n\n\`\`\`ts\n${`${line}\n`.repeat(1000)}\`\`\`\nafter`;
    assert.ok(text.length > 90_000);
    const t = greedy();
    const body = fitWithTranscript(text, t.render);
    assert.ok(body.length <= GITHUB_BODY_LIMIT, String(body.length));
    const [top] = body.split('\n\n<details>');
    assert.ok(top!.endsWith('\n```\n\n…'), top!.slice(-40));
    assert.ok(top!.length <= GITHUB_BODY_LIMIT - TRANSCRIPT_RESERVE_CHARS + '\n```\n\n…'.length);
    assert.equal(t.asked.length, 1);
    assert.ok(t.asked[0]! >= TRANSCRIPT_RESERVE_CHARS - 10, String(t.asked[0]));
    assert.ok(body.endsWith('</details>'));
  });

  it('is never over the limit, for any text length and limit', () => {
    for (const limit of [0, 1, 10, 100, 2_000, 7_999, 8_000, 20_000, GITHUB_BODY_LIMIT]) {
      for (const size of [0, 1, 50, 3_999, 4_000, 4_001, 16_000, 61_536, 61_537, 65_536, 100_000]) {
        const text = `${'line of text\n'.repeat(Math.ceil(size / 13))}`.slice(0, size);
        const body = fitWithTranscript(text, greedy().render, limit);
        assert.ok(body.length <= limit, `limit ${limit}, text ${size}: ${body.length}`);
      }
    }
  });

  it('leaves out a transcript that does not keep to its room rather than go over', () => {
    const body = fitWithTranscript('short', (max) => 'y'.repeat(max + 1), 1_000);
    assert.equal(body, 'short');
  });
});

describe('cutMarkdown', () => {
  it('returns text that fits unchanged', () => {
    assert.equal(cutMarkdown('a\nb', 10), 'a\nb');
  });

  it('cuts at the last line end before the limit', () => {
    assert.equal(cutMarkdown('one\ntwo\nthree', 9), 'one\ntwo');
  });

  it('closes a code fence the cut leaves open', () => {
    assert.equal(cutMarkdown('text\n```\ncode\nmore code', 15), 'text\n```\ncode\n```');
  });
});
