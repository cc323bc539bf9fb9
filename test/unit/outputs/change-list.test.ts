import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderChangeList } from '../../../src/outputs/change-list.js';

describe('renderChangeList', () => {
  it('lists each file with lines added and removed, and the totals', () => {
    assert.equal(
      renderChangeList([
        { path: 'src/sum.js', added: 3, removed: 1, binary: false },
        { path: 'logo.png', added: 0, removed: 0, binary: true },
      ]),
      '**Files changed:** 2 files, +3 −1\n\n- `src/sum.js` +3 −1\n- `logo.png` binary',
    );
    assert.equal(renderChangeList([]), undefined);
  });

  it('keeps a long list short', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      path: `f${i}`,
      added: 1,
      removed: 0,
      binary: false,
    }));
    const text = renderChangeList(many) ?? '';
    assert.equal(text.split('\n').filter((l) => l.startsWith('- `')).length, 50);
    assert.match(text, /- … 10 more files$/);
  });
});
