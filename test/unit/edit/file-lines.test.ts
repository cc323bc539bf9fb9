import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromFileLines, modelLines, spliceLines, toFileLines } from '../../../src/edit/file-lines.js';

describe('file lines', () => {
  it('round-trips LF, CRLF, mixed endings and a missing final newline byte for byte', () => {
    for (const text of ['a\nb\n', 'a\r\nb\r\n', 'a\r\nb\nc', '', 'x', '\n\n']) {
      assert.equal(fromFileLines(toFileLines(text)), text, JSON.stringify(text));
    }
  });

  it('detects the dominant ending and indentation character', () => {
    assert.deepEqual(
      [toFileLines('a\r\nb\r\nc\n').eol, toFileLines('f() {\n\tx\n\ty\n  z\n').indentChar],
      ['\r\n', '\t'],
    );
  });

  it('gives new lines the file ending and keeps whether the file ends with a newline', () => {
    const crlf = toFileLines('a\r\nb\r\n');
    assert.equal(fromFileLines(spliceLines(crlf, 1, 0, ['x', 'y'])), 'a\r\nx\r\ny\r\nb\r\n');
    const bare = toFileLines('a\nb');
    assert.equal(fromFileLines(spliceLines(bare, 2, 0, ['c'])), 'a\nb\nc');
    assert.equal(fromFileLines(spliceLines(bare, 1, 1, [])), 'a');
    assert.equal(fromFileLines(spliceLines(toFileLines('a\nb\n'), 1, 1, [])), 'a\n');
  });

  it('splits what the model wrote without an extra empty line for its final newline', () => {
    assert.deepEqual(modelLines('a\r\nb\n'), ['a', 'b']);
    assert.deepEqual(modelLines('a\n\n'), ['a', '']);
  });
});
