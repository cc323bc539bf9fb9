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

  it('keeps nothing of a pushed buffer, so the caller can reuse one buffer for every read', () => {
    const out = new RollingOutput(limits);
    const reused = Buffer.alloc(64);
    const lines = Array.from({ length: 50 }, (_, i) => `row ${String(i).padStart(2, '0')}\n`).join('');
    const bytes = Buffer.from(lines);
    for (let i = 0; i < bytes.length; i += reused.length) {
      const n = bytes.copy(reused, 0, i, i + reused.length);
      out.push(reused.subarray(0, n));
      reused.fill(0x5a); // overwritten before the next read, as a read buffer is
    }
    assert.deepEqual(out.render().output.split('\n'), [
      'row 00',
      'row 01',
      'row 02',
      '[... 43 lines dropped ...]',
      'row 46',
      'row 47',
      'row 48',
      'row 49',
    ]);
  });

  it('splits one big first chunk between head and tail without repeating a byte', () => {
    const text = Array.from({ length: 2_000 }, (_, i) => `l${i}`).join('\n');
    const out = new RollingOutput({ headLines: 2, tailLines: 2, maxChars: 400, maxLineChars: 50 });
    out.push(Buffer.from(text));
    assert.deepEqual(out.render(), {
      output: 'l0\nl1\n[... 1996 lines dropped ...]\nl1998\nl1999',
      droppedLines: 1996,
    });
  });
});
