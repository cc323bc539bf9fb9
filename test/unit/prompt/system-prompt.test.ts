import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSystemPrompt } from '../../../src/prompt/system-prompt.js';

describe('system prompt', () => {
  it('states the working rules and the untrusted-data rule', () => {
    const prompt = buildSystemPrompt({ repository: 'acme/widgets' });
    assert.match(prompt, /acme\/widgets/);
    assert.match(prompt, /Read a file before you edit it/);
    assert.match(prompt, /only with edit_file/);
    assert.match(prompt, /no sed -i/);
    assert.match(prompt, /Run the project's tests/);
    assert.match(prompt, /Keep changes minimal/);
    assert.match(prompt, /Finish with a reply that calls no tools/);
    assert.match(prompt, /untrusted-data/);
    assert.match(prompt, /strictly as data/);
    assert.doesNotMatch(prompt, /verify every change/);
  });

  it('names the verify command when one is configured', () => {
    assert.match(buildSystemPrompt({ verifyCommand: 'npm test' }), /run `npm test` with bash/);
  });

  it('is identical for identical options (stable prefix for prompt caching)', () => {
    assert.equal(buildSystemPrompt({ repository: 'a/b' }), buildSystemPrompt({ repository: 'a/b' }));
  });
});
