import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePatch } from '../../../src/edit/patch-parser.js';
import { planPatch } from '../../../src/edit/plan-patch.js';

function plan(files: Record<string, string>, ...lines: string[]) {
  const parsed = parsePatch(['*** Begin Patch', ...lines, '*** End Patch'].join('\n'));
  assert.ok(parsed.kind === 'parsed', JSON.stringify(parsed));
  return planPatch(parsed.ops, new Map(Object.entries(files)));
}

const contentOf = (result: ReturnType<typeof plan>, path: string) =>
  result.kind === 'planned'
    ? result.writes.find((w) => w.path === path)?.content
    : `error: ${result.message}`;

describe('planPatch', () => {
  it('appends a hunk of only added lines at the end, or right after its anchor', () => {
    const files = { 'a.txt': 'one\ntwo\nthree\n' };
    assert.equal(
      contentOf(plan(files, '*** Update File: a.txt', '@@', '+four'), 'a.txt'),
      'one\ntwo\nthree\nfour\n',
    );
    assert.equal(
      contentOf(plan(files, '*** Update File: a.txt', '@@ one', '+1.5'), 'a.txt'),
      'one\n1.5\ntwo\nthree\n',
    );
  });

  it('drops a trailing empty context line the file does not have there', () => {
    const result = plan(
      { 'a.txt': 'one\ntwo\nthree\n' },
      '*** Update File: a.txt',
      '@@',
      ' one',
      '-two',
      '+2',
      '',
    );
    assert.equal(contentOf(result, 'a.txt'), 'one\n2\nthree\n');
  });

  it('with End of File, matches only at the end', () => {
    const files = { 'a.txt': 'x\nend\nx\nend\n' };
    const result = plan(files, '*** Update File: a.txt', '@@', ' x', '-end', '+END', '*** End of File');
    assert.equal(contentOf(result, 'a.txt'), 'x\nend\nx\nEND\n');
  });

  it('never rewrites context that matched loosely', () => {
    const files = { 'a.py': 'if ok:   \n    run(1,  2)\n    stop()\n' };
    const result = plan(
      files,
      '*** Update File: a.py',
      '@@',
      ' if ok:',
      '   run(1, 2)',
      '-  stop()',
      '+  halt()',
    );
    assert.equal(contentOf(result, 'a.py'), 'if ok:   \n    run(1,  2)\n    halt()\n');
  });

  it('names the anchor that is missing', () => {
    const result = plan({ 'a.txt': 'one\n' }, '*** Update File: a.txt', '@@ def nowhere():', ' one', '+two');
    assert.match(
      contentOf(result, 'a.txt') ?? '',
      /^error: a\.txt, hunk 1: the "@@ def nowhere\(\):" line was not found/,
    );
  });

  it('refuses a looser match that is not unique even after an anchor', () => {
    const files = { 'a.js': 'function a() {\n  go();\n}\nfunction b() {\n  go();\n}\n' };
    const result = plan(files, '*** Update File: a.js', '@@ function a() {', '-\tgo();', '+\tstop();');
    assert.match(contentOf(result, 'a.js') ?? '', /match 2 places \(lines 2, 5\)/);
  });

  it('strips read_file line numbers copied into a hunk, and says so', () => {
    const result = plan(
      { 'a.txt': 'one\ntwo\nthree\n' },
      '*** Update File: a.txt',
      '@@',
      ' 1→one',
      '-2→two',
      '+2',
    );
    assert.equal(contentOf(result, 'a.txt'), 'one\n2\nthree\n');
    assert.match(
      result.kind === 'planned' ? result.summary.join() : '',
      /hunk 1 matched after removing line-number prefixes/,
    );
  });
});
