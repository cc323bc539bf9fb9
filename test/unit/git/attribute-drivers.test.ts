import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { driverLines, driverMacros } from '../../../src/git/attribute-drivers.js';

describe('attribute lines that name a driver', () => {
  it('finds filter=, diff= and merge= and nothing else', () => {
    const text = [
      '# comment filter=x',
      '*.bin -text -diff',
      '*.png binary',
      '*.sh text eol=lf',
      '*.dat  filter=lfs   -text',
      '"with space.txt" diff=word',
      'docs/** merge=union',
      '',
    ].join('\r\n');
    assert.deepEqual(driverLines('.gitattributes', text, new Set()), [
      '.gitattributes: *.dat filter=lfs -text',
      '.gitattributes: "with space.txt" diff=word',
      '.gitattributes: docs/** merge=union',
    ]);
  });

  it('counts a use of a macro whose definition names a driver, through another macro too', () => {
    const top = '[attr]big filter=lfs -text\n[attr]huge big\n[attr]plain -text\n';
    const macros = driverMacros([top]);
    assert.deepEqual([...macros].sort(), ['big', 'huge']);
    assert.deepEqual(driverLines('sub/.gitattributes', '*.iso huge\n*.txt plain\n*.b -big\n', macros), [
      'sub/.gitattributes: *.iso huge',
    ]);
  });
});
