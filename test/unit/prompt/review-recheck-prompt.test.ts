/** The re-check of one finding: a small tool-less request, and an answer read strictly (unclear = still holds). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildRecheckMessages, parseRecheckVerdict } from '../../../src/prompt/review-recheck-prompt.js';

describe('the re-check prompt', () => {
  it('names the finding and gives the change and the lines around as data', () => {
    const [system, user] = buildRecheckMessages({
      path: 'a.ts',
      line: 3,
      title: 'unchecked null',
      severity: 'blocking',
      code: 'x.y',
      change: '@@ -3 +3 @@\n-x.y\n+x?.y',
      around: '3: x?.y',
    });
    assert.match(String(system?.content), /`FIXED: <why>`[\s\S]*`HOLDS: <why>`/);
    assert.match(
      String(user?.content),
      /^The finding: "unchecked null" \(blocking\) on a\.ts:3, about this code: x\.y/,
    );
    assert.match(
      String(user?.content),
      /<untrusted-data nonce="\w+" source="change to a\.ts since that review">\n@@ -3 \+3 @@/,
    );
  });

  it('reads FIXED and HOLDS, and keeps anything else open', () => {
    assert.deepEqual(parseRecheckVerdict('FIXED: a guard was added.'), {
      kind: 'fixed',
      why: 'a guard was added.',
    });
    assert.deepEqual(parseRecheckVerdict('**HOLDS**: still unguarded'), {
      kind: 'holds',
      why: 'still unguarded',
    });
    assert.equal(parseRecheckVerdict('It might be fixed, hard to say.').kind, 'holds');
    assert.deepEqual(parseRecheckVerdict('fixed'), { kind: 'fixed', why: 'the code changed' });
    assert.deepEqual(parseRecheckVerdict('FIXED: `div` guards b.'), {
      kind: 'fixed',
      why: '`div` guards b.',
    });
  });
});
