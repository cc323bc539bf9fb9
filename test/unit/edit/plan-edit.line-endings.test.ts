import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planEdit } from '../../../src/edit/plan-edit.js';

function edited(content: string, oldText: string, newText: string, replaceAll = false): string {
  const plan = planEdit(content, oldText, newText, replaceAll, 'f');
  assert.ok(plan.kind === 'planned', JSON.stringify(plan));
  return plan.content;
}

describe('planEdit keeps each line its own ending', () => {
  it('writes CRLF new_string lines into an LF file as LF', () => {
    assert.equal(edited('a\nb\nc\n', 'b\r\n', 'B\r\nB2\r\n'), 'a\nB\nB2\nc\n');
  });

  it('writes LF new_string lines into a CRLF file as CRLF, also for a one-line old_string', () => {
    assert.equal(edited('a\r\nb\r\nc\r\n', 'a\nb', 'a\nx\nb'), 'a\r\nx\r\nb\r\nc\r\n');
    assert.equal(edited('a\r\nb\r\n', 'b', 'b1\nb2'), 'a\r\nb1\r\nb2\r\n');
  });

  it('in a mixed file, untouched lines keep their ending and changed lines keep the one they replace', () => {
    const file = 'one\r\ntwo\nthree\r\nfour\n';
    assert.equal(edited(file, 'two\nthree\n', 'two\nTHREE\n'), 'one\r\ntwo\nTHREE\r\nfour\n');
    assert.equal(edited(file, 'one\ntwo', 'one\n1.5\ntwo'), 'one\r\n1.5\r\ntwo\nthree\r\nfour\n');
  });

  it('keeps a missing final newline, and the endings of every replace_all place', () => {
    assert.equal(edited('x = 1\r\ny = 1', 'y = 1', 'y = 2'), 'x = 1\r\ny = 2');
    assert.equal(edited('v\r\nw\nv\r\n', 'v', 'v\nv2', true), 'v\r\nv2\r\nw\nv\r\nv2\r\n');
  });

  it('keeps endings through a near-miss match in a mixed file', () => {
    const file = 'def f():\r\n    a = 1\n    b = 2\r\n    return a\n';
    assert.equal(
      edited(file, 'a = 1\nb = 2', 'a = 1\nb = 3'),
      'def f():\r\n    a = 1\n    b = 3\r\n    return a\n',
    );
  });
});
