import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixFor, renderPublishFailure } from '../../../src/outputs/publish-failure.js';

const GH013 = [
  'remote: error: GH013: Repository rule violations found for refs/heads/agent/issue-1.',
  'remote: - Commits must have verified signatures.',
].join('\n');

describe('fixFor', () => {
  it('names the setting or permission for each refusal GitHub gives', () => {
    assert.match(
      fixFor('push', GH013),
      /requires signed commits.*`commit-signing: auto`.*Settings → Rules → Rulesets/,
    );
    assert.match(
      fixFor('push', GH013, 'the executable bit of `x` changes'),
      /went through git because the executable bit of `x` changes/,
    );
    assert.match(
      fixFor(
        'push',
        'remote: error: GH013: Repository rule violations found\n- Cannot update this protected ref.',
      ),
      /ruleset refuses.*bypass list/,
    );
    assert.match(
      fixFor('push', 'remote: error: GH006: Protected branch update failed'),
      /Settings → Branches/,
    );
    assert.match(
      fixFor('push', 'remote: Permission to o/r.git denied to github-actions[bot].'),
      /`contents: write`/,
    );
    assert.match(fixFor('api-commit', 'Resource not accessible by integration'), /`contents: write`/);
    assert.match(
      fixFor('pull-request', 'HTTP 403: Resource not accessible by integration'),
      /`pull-requests: write`/,
    );
    assert.match(
      fixFor('pull-request', 'HTTP 403: GitHub Actions is not permitted to create or approve pull requests.'),
      /Settings → Actions → General → Workflow permissions/,
    );
    assert.match(fixFor('pull-request', 'HTTP 502: Server Error'), /run the action again/);
  });
});

describe('renderPublishFailure', () => {
  it('quotes GitHub, names the fix, links the compare view and shows the patch collapsed', () => {
    const text = renderPublishFailure({
      headline: 'The push was refused.',
      answer: GH013,
      fix: 'Do X.',
      patch: 'From abc\n+new\n',
      baseSha: 'c0ffee0123456789',
      patchPath: '/tmp/a/changes.patch',
      compareUrl: 'http://h/o/r/compare/main...b?expand=1',
    });
    assert.match(text, /^The push was refused\.\n\nGitHub answered:\n\n```text\nremote: error: GH013/);
    assert.match(text, /\*\*What to change:\*\* Do X\./);
    assert.match(text, /\[compare and open\]\(http:\/\/h\/o\/r\/compare\/main\.\.\.b\?expand=1\)/);
    assert.match(
      text,
      /<details><summary>The change as a patch: apply it on `c0ffee0` with <code>git am<\/code> \(or <code>git apply<\/code>\)<\/summary>\n\n```diff\nFrom abc\n\+new\n```/,
    );
    assert.match(
      text,
      /saved as `changes.patch` next to the transcript: `\/tmp\/a\/changes.patch`; `git am changes.patch` on `c0ffee0` applies it\./,
    );
  });

  it('keeps a patch too large for the comment in the file only', () => {
    const text = renderPublishFailure({
      headline: 'h',
      fix: 'f',
      patch: 'x'.repeat(100),
      patchPath: '/p',
      maxInline: 50,
    });
    assert.doesNotMatch(text, /<details>/);
    assert.match(text, /too large to show here[\s\S]*`\/p`/);
  });
});
