import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { preparePublishedMarkdown } from '../../../src/safety/publish-text.js';
import { defuseWorkflowCommandLines } from '../../../src/safety/published-commands.js';

const publish = (text: string) =>
  preparePublishedMarkdown(text, { serverUrl: 'https://github.com', redact: (s) => s });

describe('workflow-command lines in published markdown', () => {
  it('defuses `::` lines with a backslash GFM renders away, keeping other text', () => {
    assert.equal(
      defuseWorkflowCommandLines('a\n::set-output name=x::1\nb'),
      'a\n\\::set-output name=x::1\nb',
    );
    assert.equal(defuseWorkflowCommandLines('   ::add-mask::v'), '   \\::add-mask::v');
    assert.equal(defuseWorkflowCommandLines('\t::stop-commands::t'), '\t\u2800::stop-commands::t');
    assert.equal(defuseWorkflowCommandLines('x ::not-at-start'), 'x ::not-at-start');
    assert.equal(defuseWorkflowCommandLines('see ##[group]x'), 'see ##\\[group]x');
  });

  it('uses a braille blank inside code, where a backslash would show', () => {
    assert.equal(
      defuseWorkflowCommandLines('```\n::set-env name=A::b\n```\n::x'),
      '```\n\u2800::set-env name=A::b\n```\n\\::x',
    );
    assert.equal(defuseWorkflowCommandLines('    ::indented-code'), '    \u2800::indented-code');
  });

  it('is part of the one publish filter (PR bodies, comments, review bodies, the job summary)', () => {
    const out = publish('Summary\r::set-output name=a::b\n::add-mask::c\n\n```sh\n::error::x\n```');
    for (const line of out.split('\n')) assert.doesNotMatch(line, /^\s*::/, line);
    assert.match(out, /\\::set-output name=a::b/);
    assert.equal(publish(out), out, 'publishing twice changes nothing more');
  });
});
