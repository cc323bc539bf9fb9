/**
 * Behaviours other agents' edit tools are tested for (search/replace blocks, edit correction,
 * replacer chains), written as our own cases: each applies at the one right place with the right
 * bytes, or is refused with a message saying why.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planEdit } from '../../../src/edit/plan-edit.js';

function edited(content: string, oldText: string, newText: string) {
  const plan = planEdit(content, oldText, newText, false, 'f');
  assert.ok(plan.kind === 'planned', JSON.stringify(plan));
  return plan;
}

const PY =
  'class Cart:\n    def total(self):\n        if self.items:\n            return sum(self.items)\n        return 0\n';

describe('planEdit on peer-tested behaviours', () => {
  it('nests added lines like the file when both strings come without any indentation', () => {
    const plan = edited(
      PY,
      'if self.items:\nreturn sum(self.items)',
      'if self.items:\nlog("summing")\nreturn sum(self.items)',
    );
    assert.equal(
      plan.content,
      PY.replace('            return sum', '            log("summing")\n            return sum'),
    );
  });

  it('does not indent twice a new_string that already carries the file indentation', () => {
    const one = edited(PY, 'return 0', '        return 0.0  # empty cart');
    assert.equal(one.content, PY.replace('        return 0\n', '        return 0.0  # empty cart\n'));
    const block = edited(
      PY,
      'if self.items:\n    return sum(self.items)',
      '        if self.items:\n            return sum(self.items)\n        if self.default:\n            return self.default',
    );
    assert.equal(
      block.content,
      PY.replace(
        '        return 0\n',
        '        if self.default:\n            return self.default\n        return 0\n',
      ),
    );
  });

  it('matches whitespace that differs only inside brackets on one line', () => {
    const plan = edited('const x = f(a, b);\nconst y = g(c);\n', 'f( a, b )', 'f(a, b, 1)');
    assert.equal(plan.content, 'const x = f(a, b, 1);\nconst y = g(c);\n');
    assert.ok(plan.matched.includes('brackets'));
    const block = edited(
      'if (ready) {\n  go([1, 2]);\n}\n',
      'if ( ready ) {\n  go( [ 1, 2 ] );\n}',
      'if ( ready ) {\n  go( [ 1, 2, 3 ] );\n}',
    );
    assert.equal(block.content, 'if (ready) {\n  go( [ 1, 2, 3 ] );\n}\n');
  });

  it('unescapes \\$ and \\` written into a template literal', () => {
    const file = 'const msg = `Hello ${name}!`;\nconst n = 1;\n';
    const plan = edited(file, 'const msg = `Hello \\${name}!`;', 'const msg = `Hi \\${name}!`;');
    assert.equal(plan.content, 'const msg = `Hi ${name}!`;\nconst n = 1;\n');
    const multi = edited(
      'a = `${x}`;\nb = "\\n";\n',
      'a = \\`\\${x}\\`;\nb = "\\n";',
      'a = \\`\\${y}\\`;\nb = "\\n";',
    );
    assert.equal(multi.content, 'a = `${y}`;\nb = "\\n";\n');
  });

  it('ignores a blank line old_string starts or ends with that the file does not have', () => {
    const file = 'import a\nimport b\nrun()\n';
    const plan = edited(file, '\nimport b\nrun()', '\nimport b\nimport c\nrun()');
    assert.equal(plan.content, 'import a\nimport b\nimport c\nrun()\n');
    const trailing = edited(file, 'import a\n\n', 'import a2\n\n');
    assert.equal(trailing.content, 'import a2\nimport b\nrun()\n');
  });

  it('strips "N | ", "N|" and cat -n prefixes, but only numbered one by one', () => {
    const file = 'one\ntwo\nthree\n';
    assert.equal(edited(file, '2 | two\n3 | three', '2 | TWO\n3 | three').content, 'one\nTWO\nthree\n');
    assert.equal(edited(file, '  1\tone\n  2\ttwo', '  1\tone\n  2\t2').content, 'one\n2\nthree\n');
    const table = '| 1 | 2 |\n1 | x\n3 | y\n';
    const refused = planEdit(table, '1 | x\n3 | y', '1 | x\n3 | z', false, 'f');
    assert.ok(refused.kind === 'planned' && refused.content === '| 1 | 2 |\n1 | x\n3 | z\n');
  });

  it('still refuses what is ambiguous after a loose match, naming the lines', () => {
    const file = 'f(a)\nf( a )\n';
    const plan = planEdit(file, 'f(a )', 'f(b)', false, 'f');
    assert.equal(plan.kind, 'failed');
    assert.match(plan.kind === 'failed' ? plan.message : '', /found 2 times .* lines 1, 2/);
    const blank = planEdit('x\ny\nx\ny\n', '\n\nx\ny', '\n\nx\nz', false, 'f');
    assert.ok(blank.kind === 'failed' && blank.reason === 'ambiguous', JSON.stringify(blank));
  });
});
