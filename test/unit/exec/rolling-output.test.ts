import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RollingOutput } from '../../../src/exec/rolling-output.js';

const limits = { headLines: 3, tailLines: 4, maxChars: 4_000, maxLineChars: 50 };

function feed(text: string, chunkSize = 7): RollingOutput {
  const out = new RollingOutput(limits);
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += chunkSize) out.push(bytes.subarray(i, i + chunkSize));
  return out;
}

describe('RollingOutput', () => {
  it('keeps short output whole', () => {
    assert.deepEqual(feed('a\nb\nc\n').render(), { output: 'a\nb\nc', droppedLines: 0 });
  });

  it('keeps the head and the tail with a marker counting the dropped lines', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`);
    const { output, droppedLines } = feed(`${lines.join('\n')}\n`).render();
    assert.equal(droppedLines, 93);
    assert.deepEqual(output.split('\n'), [
      'line 0',
      'line 1',
      'line 2',
      '[... 93 lines dropped ...]',
      'line 96',
      'line 97',
      'line 98',
      'line 99',
    ]);
  });

  it('cuts very long lines and keeps a final line without a newline', () => {
    const { output } = feed(`${'x'.repeat(120)}\nlast`).render();
    assert.match(output, /^x{50} … \[70 characters cut\]\nlast$/);
  });

  it('does not split multi-byte characters across chunks', () => {
    assert.equal(feed('héllo wörld ✓\n', 1).render().output, 'héllo wörld ✓');
  });

  it('stays within its character cap however much is pushed', () => {
    const out = new RollingOutput({ headLines: 200, tailLines: 800, maxChars: 2_000, maxLineChars: 2_000 });
    const chunk = Buffer.from('y\n'.repeat(32_768));
    for (let i = 0; i < 200; i++) out.push(chunk);
    const { output, droppedLines } = out.render();
    assert.ok(output.length <= 2_100, `${output.length} characters`);
    assert.ok(droppedLines > 6_000_000);
  });
});
