import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summaryBelowTitle, titleFrom } from '../../../src/outputs/title.js';
import { createRedactor } from '../../../src/safety/redact.js';

const TOKEN = 'ghs_FakeInstallationToken0123456789abcde';
const redact = createRedactor([TOKEN]);
/** How every caller builds the PR title and commit subject. */
const title = (summary: string) => redact(titleFrom(summary, 'Fallback'));

describe('titleFrom', () => {
  it('takes the first non-empty line without markdown decoration', () => {
    assert.equal(titleFrom('\n## **Fix** the `greet` _typo_\n\nMore.', 'x'), 'Fix the greet typo');
    assert.equal(titleFrom('   \n', 'Fallback'), 'Fallback');
  });

  it('keeps underscores inside words, so a token in the title is still redacted', () => {
    assert.equal(titleFrom('Rename snake_case_name', 'x'), 'Rename snake_case_name');
    assert.equal(title(`Done ${TOKEN} **now**`), 'Done *** now');
  });

  it('joins a secret split by invisible characters before the caller redacts it', () => {
    const split = `${TOKEN.slice(0, 6)}\u200b${TOKEN.slice(6, 20)}\u{E0020}${TOKEN.slice(20)}`;
    assert.equal(title(`Fix ${split} now`), 'Fix *** now');
  });

  it('cuts a long line at a word boundary, never inside a word (or a secret)', () => {
    const long = `Fix the greeting ${'word '.repeat(8)}${TOKEN} and more words here`;
    const cut = titleFrom(long, 'x');
    assert.ok(cut.length <= 72, cut);
    assert.match(cut, /word…$/);
    assert.ok(!redact(cut).includes(TOKEN.slice(0, 10)), 'no part of the token is left');
    assert.equal(titleFrom(`${'x'.repeat(80)} tail`, 'Fallback'), 'Fallback');
  });

  it('gives a long line its first sentence or clause before cutting it', () => {
    assert.equal(
      titleFrom(
        'Fix the date parser for leap years. It used to treat 2100 as a leap year, which broke billing.',
        'x',
      ),
      'Fix the date parser for leap years',
    );
    assert.equal(
      titleFrom(
        'Handle empty carts in checkout: the total was NaN when the cart had no items and a coupon applied',
        'x',
      ),
      'Handle empty carts in checkout',
    );
    assert.equal(titleFrom('Fix the greeting typo.', 'x'), 'Fix the greeting typo');
  });
});

describe('summaryBelowTitle', () => {
  it('drops the title line the PR already shows, and keeps a one-line summary whole', () => {
    assert.equal(summaryBelowTitle('Fix the typo\n\nIt said helo.', 'Fix the typo'), 'It said helo.');
    assert.equal(summaryBelowTitle('Fix the typo', 'Fix the typo'), 'Fix the typo');
    assert.equal(
      summaryBelowTitle('A long first line that was cut\n\nMore.', 'A long first…'),
      'A long first line that was cut\n\nMore.',
    );
  });
});
