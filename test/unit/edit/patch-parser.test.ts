import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePatch } from '../../../src/edit/patch-parser.js';

const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

describe('parsePatch', () => {
  it('parses add, delete and update sections with a move, anchors and End of File', () => {
    const parsed = parsePatch(
      patch(
        '*** Add File: docs/new.md',
        '+# New',
        '+',
        '+text',
        '*** Delete File: old.txt',
        '*** Update File: src/app.py',
        '*** Move to: src/main.py',
        '@@ class App:',
        '@@     def greet(self):',
        ' context',
        '-print("Hi")',
        '+print("Hello")',
        '@@',
        ' tail',
        '+more',
        '*** End of File',
      ),
    );
    assert.deepEqual(parsed, {
      kind: 'parsed',
      ops: [
        { kind: 'add', path: 'docs/new.md', lines: ['# New', '', 'text'] },
        { kind: 'delete', path: 'old.txt' },
        {
          kind: 'update',
          path: 'src/app.py',
          moveTo: 'src/main.py',
          hunks: [
            {
              anchors: ['class App:', 'def greet(self):'],
              atEnd: false,
              lines: [
                { op: ' ', text: 'context' },
                { op: '-', text: 'print("Hi")' },
                { op: '+', text: 'print("Hello")' },
              ],
            },
            {
              anchors: [],
              atEnd: true,
              lines: [
                { op: ' ', text: 'tail' },
                { op: '+', text: 'more' },
              ],
            },
          ],
        },
      ],
    });
  });

  it('accepts a heredoc wrapper, CRLF, a first hunk without @@, blank lines as empty context and unified range headers', () => {
    const text = `apply_patch <<'EOF'\r\n${patch('*** Update File: a.txt', ' one', '', '-two', '+2', '@@ -10,3 +10,3 @@', ' x')}\r\nEOF\r\n`;
    const parsed = parsePatch(text);
    assert.ok(parsed.kind === 'parsed', JSON.stringify(parsed));
    const [op] = parsed.ops;
    assert.equal(op?.kind, 'update');
    if (op?.kind !== 'update') return;
    assert.deepEqual(
      op.hunks.map((h) => [h.anchors, h.lines.map((l) => l.op + l.text)]),
      [
        [[], [' one', ' ', '-two', '+2']],
        [[], [' x']],
      ],
    );
  });

  it('refuses malformed patches with a message naming the line and the format', () => {
    const cases: [string, RegExp][] = [
      ['--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b', /unified diff, not the apply_patch format/],
      ['*** Update File: a\n@@\n-a\n+b\n*** End Patch', /must start with "\*\*\* Begin Patch"/],
      ['*** Begin Patch\n*** Update File: a\n@@\n-a\n+b', /must end with "\*\*\* End Patch"/],
      [patch('*** Add File: a.txt', 'no plus'), /patch line 3: every line of an added file starts with "\+"/],
      [
        patch('*** Update File: a.txt', '@@', '-a', 'b'),
        /patch line 5: a hunk line starts with " " \(context\)/,
      ],
      [patch('*** Update File: a.txt'), /has no hunks/],
      [patch('*** Update File: a.txt', '@@ def f():'), /is not followed by any hunk lines/],
      [patch('*** Delete File: a.txt', '+x'), /nothing may follow "\*\*\* Delete File: a\.txt"/],
      [patch('*** Rename File: a.txt'), /expected a file section/],
      [patch('*** Add File: '), /needs a path/],
      [patch(), /changes no file/],
    ];
    for (const [text, message] of cases) {
      const parsed = parsePatch(text);
      assert.equal(parsed.kind, 'invalid', text);
      if (parsed.kind === 'invalid') assert.match(parsed.message, message, text);
    }
  });
});
