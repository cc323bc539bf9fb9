import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  fenceBlock,
  inlineCode,
  plainAnswer,
  plainParagraph,
  quoteAnswer,
} from '../../../src/outputs/quoted-text.js';

const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

describe('quoted text', () => {
  it('reduces an HTML error page to its words, keeping what came before it', () => {
    assert.equal(plainAnswer(`HTTP 502: ${NGINX_502}`), 'HTTP 502: 502 Bad Gateway (an HTML page)');
    assert.equal(plainAnswer('<div>a &amp; b</div>'), 'a & b (an HTML page)');
    assert.equal(plainAnswer('plain words'), 'plain words');
  });

  it('keeps an answer in a code block no line of it can close', () => {
    assert.equal(
      quoteAnswer(`HTTP 502: ${NGINX_502}`),
      '```text\nHTTP 502: 502 Bad Gateway (an HTML page)\n```',
    );
    assert.equal(fenceBlock('a\n```\nb'), '````text\na\n```\nb\n````');
    assert.match(
      quoteAnswer(Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n'), 5),
      /l4\n… 25 more lines\n```$/,
    );
  });

  it('writes mixed words as markdown text that cannot start a heading, quote or list, nor hold HTML', () => {
    assert.equal(
      plainParagraph('# Title\n> q\n1. one\n<b>x</b> `code`'),
      '\\# Title\n&gt; q\n1\\. one\n&lt;b&gt;x&lt;/b&gt; `code`',
    );
  });

  it('puts one line of untrusted text in a code span its backticks cannot close', () => {
    assert.equal(inlineCode('echo `id`'), '`` echo `id` ``');
    assert.equal(inlineCode('a ``b`` c'), '```a ``b`` c```');
    assert.equal(inlineCode('a\n  b'), '`a b`');
    assert.equal(inlineCode('abcdef', 4), '`abc…`');
  });
});
