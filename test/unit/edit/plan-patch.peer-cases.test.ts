/**
 * Patches other agents' apply_patch suites accept or refuse, written as our own cases: wrappers and
 * slips in the envelope, add-only hunks, line endings, moves and added files.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePatch } from '../../../src/edit/patch-parser.js';
import { type PatchPlan, planPatch } from '../../../src/edit/plan-patch.js';

function planText(files: Record<string, string>, text: string): PatchPlan {
  const parsed = parsePatch(text);
  assert.ok(parsed.kind === 'parsed', JSON.stringify(parsed));
  return planPatch(parsed.ops, new Map(Object.entries(files)));
}

const written = (plan: PatchPlan, path: string) =>
  plan.kind === 'planned' ? plan.writes.find((w) => w.path === path)?.content : `error: ${plan.message}`;

const FILE = 'import os\nimport sys\n\ndef main():\n    print("hi")\n    return 0\n';

describe('planPatch on peer-tested patches', () => {
  it('applies an add-only hunk at the end without hiding a later hunk near the top', () => {
    const plan = planText(
      { 'm.py': FILE },
      [
        '*** Begin Patch',
        '*** Update File: m.py',
        '@@',
        '+',
        '+if __name__ == "__main__":',
        '+    main()',
        '@@',
        ' import os',
        '+import re',
        ' import sys',
        '*** End Patch',
      ].join('\n'),
    );
    assert.equal(
      written(plan, 'm.py'),
      'import os\nimport re\nimport sys\n\ndef main():\n    print("hi")\n    return 0\n\nif __name__ == "__main__":\n    main()\n',
    );
  });

  it('reads a blank line between End of File and End Patch as nothing', () => {
    const plan = planText(
      { 'm.py': FILE },
      '*** Begin Patch\n*** Update File: m.py\n@@\n-    return 0\n+    return 1\n*** End of File\n\n*** End Patch\n',
    );
    assert.equal(written(plan, 'm.py'), FILE.replace('return 0', 'return 1'));
  });

  it('accepts indented section headers and apply_patch heredocs with or without a %%bash line', () => {
    const body = [
      '*** Begin Patch',
      '  *** Update File: m.py',
      '@@ def main():',
      '-    print("hi")',
      '+    print("hello")',
      '  *** End Patch',
    ].join('\n');
    for (const text of [
      body,
      `apply_patch <<"EOF"\n${body}\nEOF\n`,
      `%%bash\napply_patch <<"EOF"\n${body}\nEOF`,
      `%%bash\ncd repo && apply_patch <<'PATCH'\n${body}\nPATCH\n`,
    ]) {
      assert.equal(written(planText({ 'm.py': FILE }, text), 'm.py'), FILE.replace('"hi"', '"hello"'), text);
    }
  });

  it('keeps an indented "***" line of file content as a hunk line', () => {
    const md = 'Title\n *** note ***\nend\n';
    const plan = planText(
      { 'n.md': md },
      '*** Begin Patch\n*** Update File: n.md\n@@\n Title\n- *** note ***\n+ *** NOTE ***\n*** End Patch',
    );
    assert.equal(written(plan, 'n.md'), 'Title\n *** NOTE ***\nend\n');
  });

  it('keeps each line its ending in CRLF and mixed files, context lines included', () => {
    const crlf = 'a\r\nb\r\nc\r\n';
    const patch = '*** Begin Patch\n*** Update File: f\n@@\n a\n-b\n+B\n+B2\n c\n*** End Patch';
    assert.equal(written(planText({ f: crlf }, patch), 'f'), 'a\r\nB\r\nB2\r\nc\r\n');
    const mixed = 'a\r\nb\nc\r\nd\n';
    assert.equal(written(planText({ f: mixed }, patch), 'f'), 'a\r\nB\nB2\nc\r\nd\n');
  });

  it('follows the file indentation when the hunk lost all of it', () => {
    const plan = planText(
      { 'm.py': FILE },
      '*** Begin Patch\n*** Update File: m.py\n@@\n def main():\n print("hi")\n+print("again")\n return 0\n*** End Patch',
    );
    assert.equal(written(plan, 'm.py'), FILE.replace('print("hi")\n', 'print("hi")\n    print("again")\n'));
  });

  it('strips "N | " prefixes copied into a hunk', () => {
    const plan = planText(
      { 'm.py': FILE },
      '*** Begin Patch\n*** Update File: m.py\n@@\n 5 |     print("hi")\n-6 |     return 0\n+    return 2\n*** End Patch',
    );
    assert.equal(written(plan, 'm.py'), FILE.replace('return 0', 'return 2'));
  });

  it('refuses a move onto an existing file, and writes an added file with a final newline', () => {
    const move = planText(
      { 'a.txt': 'x\n', 'b.txt': 'y\n' },
      '*** Begin Patch\n*** Update File: a.txt\n*** Move to: b.txt\n@@\n-x\n+z\n*** End Patch',
    );
    assert.ok(move.kind === 'failed' && /Cannot move a\.txt to b\.txt: it already exists/.test(move.message));
    const added = planText({}, '*** Begin Patch\n*** Add File: n.txt\n+one\n+two\n*** End Patch');
    assert.equal(written(added, 'n.txt'), 'one\ntwo\n');
  });

  it('refuses a hunk whose context matches two places, naming both', () => {
    const plan = planText(
      { f: 'x = 1\ny = 2\nx = 1\ny = 2\n' },
      '*** Begin Patch\n*** Update File: f\n@@\n x  =  1\n-y = 2\n+y = 3\n*** End Patch',
    );
    assert.ok(
      plan.kind === 'failed' && /match 2 places \(lines 1, 3\)/.test(plan.message),
      JSON.stringify(plan),
    );
  });
});
