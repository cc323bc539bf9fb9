/** A finding's fingerprint: the same across whitespace and line moves, different when its code or rule changes. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  findingTitle,
  fingerprint,
  normaliseCode,
  normaliseTitle,
  ruleKey,
} from '../../../src/findings/review-fingerprint.js';

describe('fingerprint', () => {
  it('ignores whitespace and the title’s case and punctuation, not the path, code or rule', () => {
    const base = fingerprint({ path: 'a.ts', code: 'return a / b;', title: 'Division by zero' });
    assert.match(base, /^[0-9a-f]{16}$/);
    assert.equal(
      fingerprint({ path: 'a.ts', code: '  return  a /\tb;\n', title: 'division by zero!' }),
      base,
    );
    assert.notEqual(fingerprint({ path: 'b.ts', code: 'return a / b;', title: 'Division by zero' }), base);
    assert.notEqual(fingerprint({ path: 'a.ts', code: 'return a / c;', title: 'Division by zero' }), base);
    assert.notEqual(fingerprint({ path: 'a.ts', code: 'return a / b;', title: 'Overflow' }), base);
  });

  it('takes the title given, else the comment’s first sentence without code blocks', () => {
    assert.equal(findingTitle({ title: '  unchecked null ', body: 'x' }), 'unchecked null');
    assert.equal(findingTitle({ body: '`x` may be null. Guard it.' }), '`x` may be null.');
    assert.equal(findingTitle({ body: '```js\nx.y\n```\nNo guard here' }), 'No guard here');
    assert.equal(normaliseCode(' a\n\n b '), 'a b');
    assert.equal(normaliseTitle('`X` may be NULL!'), 'x may be null');
    assert.equal(ruleKey({ path: 'a.ts', title: 'Null!' }), ruleKey({ path: 'a.ts', title: 'null' }));
  });
});
