import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closestRegionHint } from '../../../src/edit/closest-region.js';

const FILE = Array.from({ length: 40 }, (_, i) => `line ${i + 1}: value = ${i * 7};`);
FILE[24] = 'function greet(name) {';
FILE[25] = "  return 'Hello, ' + name;";
FILE[26] = '}';

describe('closestRegionHint', () => {
  it('shows the most similar region with read_file-style numbers', () => {
    const hint = closestRegionHint(FILE, ['function greet(user) {', "  return 'Hi, ' + user;", '}']);
    assert.equal(
      hint,
      'The closest region is lines 25-27 (copy it exactly, without the "N→" prefixes):\n' +
        "25→function greet(name) {\n26→  return 'Hello, ' + name;\n27→}",
    );
  });

  it('shows at most ten lines', () => {
    const hint = closestRegionHint(FILE, FILE.slice(0, 15));
    assert.equal(hint.split('\n').length, 11);
    assert.match(hint, /lines 1-10/);
  });

  it('says so when nothing is close, rather than pointing somewhere unrelated', () => {
    assert.match(
      closestRegionHint(FILE, ['zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz']),
      /^Nothing in the file is close to it/,
    );
  });
});
