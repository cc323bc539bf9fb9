/**
 * What a maintainer sees, end to end through the built action: every version of the tracking
 * comment, the pull request body and the job summary are read as GitHub would show them. The
 * first line must tell the outcome truthfully (✅ only for a published change whose checks
 * passed), the footer must carry the model, the duration, the turns and tokens (once), who asked
 * and the run, a refused change's patch must apply with `git am` to the commit the run started
 * from on every commit path, and nobody's error page may render as markup.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { reply } from '../fakes/openai-server.js';
import { commentPayload, labeledPayload, useHarness } from '../helpers/action-harness.js';
import { assertPatchApplies } from '../helpers/patch-applies.js';
import { assertFooter, assertWellFormed, firstLine, patchIn } from '../helpers/published-text.js';

const GREET = "export const greet = () => 'helo';\n";
const FIXED = "export const greet = () => 'hello';\n";
const h = useHarness({ 'README.md': '# Hello-World\n', 'src/greet.js': GREET, 'test.sh': 'exit 0\n' });

/** The model narrates, reads, edits and sums up with a title line. */
function fixGreeting(extra: ReturnType<typeof reply>[] = []) {
  h.openai.enqueue(
    reply()
      .text('The greeting is misspelled; reading the file first.')
      .tool('read_file', { path: 'src/greet.js' }),
    reply().tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" }),
    ...extra,
    reply().text('Fix the greeting typo\n\nThe greeting said "helo"; it now says "hello".'),
  );
}

/** Every body the tracking comment on `issue` had, first to last (the fake keeps each edit). */
function trackingVersions(issue: number): string[] {
  const comment = h.github.state.commentsOn(issue).at(-1);
  assert.ok(comment, 'a tracking comment');
  return h.github.requests
    .filter(
      (r) =>
        (r.operationId === 'issues/update-comment' && r.url.endsWith(`/comments/${comment.id}`)) ||
        (r.operationId === 'issues/create-comment' && r.url.endsWith(`/issues/${issue}/comments`)),
    )
    .map((r) => JSON.parse(r.body).body as string);
}

const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

describe('what a maintainer sees, end to end', () => {
  it('a successful fix: ✅ with the check that passed, the footer everywhere, the log ending with it', async () => {
    const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
    fixGreeting();
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { 'verify-command': 'sh test.sh' },
    });
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
    const pr = h.github.state.pulls().find((p) => p.pull?.headRef === `agent/issue-${issue.number}`)!;
    const versions = trackingVersions(issue.number);
    const final = versions.at(-1)!;

    assert.equal(firstLine(final), `✅ **Opened pull request #${pr.number}** — verification passed`);
    assert.doesNotMatch(final, /#\d+: #\d+|pull\/\d+\)?$/m, 'the PR is named once, not as "#2: #2"');
    assert.equal(pr.title, 'Fix the greeting typo');
    const body = pr.body ?? '';
    assert.equal(firstLine(body), '✅ **Ready for review** — verification passed');
    assert.match(
      body,
      /\n\nThe greeting said "helo"; it now says "hello"\.\n\nFixes #\d+\n/,
      'the summary, its title on the PR',
    );
    assert.match(body, /\*\*Files changed:\*\* 1 file, \+1 −1\n\n- `src\/greet\.js` \+1 −1/);
    assert.match(
      body,
      /\| 💬 _The greeting is misspelled; reading the file first\._ \| \| \|/,
      "the model's narration",
    );
    assert.match(body, /\| what \| result \| time \|/, 'the narrow transcript');
    for (const text of [final, body, run.summary]) {
      assertWellFormed(text);
      assertFooter(text, { turns: 3, requester: 'alice' });
    }
    assert.equal(
      body.split('Output (last lines)').length,
      2,
      'the verification output is posted once, in the PR',
    );
    assert.doesNotMatch(
      final,
      /Output \(last lines\)/,
      'the comment says the verdict, the PR has the output',
    );
    assert.ok(
      versions.slice(0, -1).every((v) => v.startsWith('🤖 **Working on it…**')),
      'progress before the end',
    );
    const lines = run.stdout.trim().split('\n');
    assert.equal(
      lines.at(-1),
      `✅ Opened pull request #${pr.number} — verification passed`,
      'the log ends with the outcome',
    );
  });

  it('a failed verification: never ✅, a draft, the failing line surfaced', async () => {
    const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
    fixGreeting();
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { 'verify-command': 'echo "ok 1 - reads"; echo "not ok 2 - greets with hello"; exit 1' },
    });
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    const pr = h.github.state.pulls().find((p) => p.pull?.headRef === `agent/issue-${issue.number}`)!;
    assert.equal(pr.pull?.draft, true);
    const final = trackingVersions(issue.number).at(-1)!;
    for (const text of [final, pr.body ?? '', run.summary]) {
      assert.doesNotMatch(firstLine(text), /✅/, firstLine(text));
      assert.match(firstLine(text), /^:warning: \*\*/);
      assert.match(firstLine(text), /verification failed \(`echo [^`]*exit 1`, exit 1\)/);
      assertWellFormed(text);
    }
    assert.match(firstLine(pr.body ?? ''), /^:warning: \*\*Draft\*\* — /);
    assert.match(final, /❌ failed \(exit code 1\) in [\d.]+s: `not ok 2 - greets with hello`/);
    assert.match(pr.body ?? '', /❌ failed \(exit code 1\) in [\d.]+s: `not ok 2 - greets with hello`/);
  });

  it('a 502 page from GitHub on the API commit path: ❌, the words not the markup, a patch git am applies', async () => {
    const undo = h.github.intercept('pulls/create', () => ({
      status: 502,
      text: NGINX_502,
      headers: { 'content-type': 'text/html' },
    }));
    try {
      const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'helo', user: 'alice' });
      const base = (await h.github.git.resolve('main'))!;
      fixGreeting();
      const run = await h.run('issues', labeledPayload(issue, 'alice'));
      assert.equal(run.outputs['conclusion'], 'failed', run.stdout);
      const branch = `agent/issue-${issue.number}`;
      assert.ok(
        h.github.state.verifiedCommits.has((await h.github.git.resolve(branch))!),
        'committed through the API',
      );
      const final = trackingVersions(issue.number).at(-1)!;
      for (const text of [final, run.summary]) {
        assert.equal(firstLine(text), '❌ **Failed: GitHub would not open the pull request (HTTP 502)**');
        assert.match(text, /GitHub answered:\n\n```text\nHTTP 502: 502 Bad Gateway \(an HTML page\)\n```/);
        assertWellFormed(text);
        assertFooter(text, { turns: 3, requester: 'alice' });
      }
      const applied = await assertPatchApplies(h.github.git.gitDir, base, patchIn(final), ['src/greet.js']);
      assert.equal(applied['src/greet.js'], FIXED);
      const saved = readFileSync(
        path.join(path.dirname(run.outputs['transcript-path']!), 'changes.patch'),
        'utf8',
      );
      assert.equal(
        saved.trimEnd(),
        patchIn(final).trimEnd(),
        'the file and the comment carry the same patch',
      );
      const annotations = run.stdout.split('\n').filter((l) => /^::(warning|error)::/.test(l));
      assert.deepEqual(
        annotations.filter((l) => !/Sandbox: `none`/.test(l)).map((l) => l.slice(0, 9)),
        ['::error::'],
        'one failure, one annotation',
      );
      assert.equal(run.stdout.match(/pulls failed: HTTP 502/g)?.length, 1, 'the retries are one log line');
    } finally {
      undo();
    }
  });

  it('a 502 on the git commit path: the patch applies to the start there too', async () => {
    const undo = h.github.intercept('pulls/create', () => ({
      status: 502,
      body: { message: 'Server Error' },
    }));
    try {
      const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'helo', user: 'alice' });
      const base = (await h.github.git.resolve('main'))!;
      fixGreeting();
      const run = await h.run('issues', labeledPayload(issue, 'alice'), {
        inputs: { 'commit-signing': 'git' },
      });
      assert.equal(run.outputs['conclusion'], 'failed', run.stdout);
      const final = trackingVersions(issue.number).at(-1)!;
      assert.equal(firstLine(final), '❌ **Failed: GitHub would not open the pull request (HTTP 502)**');
      const applied = await assertPatchApplies(h.github.git.gitDir, base, patchIn(final), ['src/greet.js']);
      assert.equal(applied['src/greet.js'], FIXED);
    } finally {
      undo();
    }
  });

  it("a fork's pull request: the patch in the answer applies to the fork's head", async () => {
    const main = (await h.github.git.resolve('main'))!;
    const pr = h.github.state.addPullRequest({
      title: 'Greet',
      body: 'A greeting.',
      headRef: 'greet',
      baseRef: 'main',
      user: 'alice',
      headRepo: 'someone/Hello-World',
    });
    const head = await h.github.git.commit(
      `refs/pull/${pr.number}/head`,
      { 'src/extra.js': 'x\n' },
      'Extra',
      main,
    );
    const comment = h.github.state.addIssueComment({
      issueNumber: pr.number,
      body: '/agent fix the typo',
      user: 'alice',
    });
    fixGreeting();
    const run = await h.run(
      'issue_comment',
      commentPayload(pr, { id: comment.id, body: comment.body, user: 'alice' }, true),
    );
    assert.equal(run.outputs['conclusion'], 'commented', run.stdout + run.stderr);
    const final = trackingVersions(pr.number).at(-1)!;
    assert.equal(firstLine(final), '✅ **Posted the change as a patch**');
    assertWellFormed(final);
    assertFooter(final, { turns: 3, requester: 'alice' });
    const applied = await assertPatchApplies(h.github.git.gitDir, head, patchIn(final), [
      'src/greet.js',
      'src/extra.js',
    ]);
    assert.equal(applied['src/greet.js'], FIXED);
  });

  it('a summary far over the limit: the body fits, its fences closed, the footer kept', async () => {
    const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'helo', user: 'alice' });
    const huge = `Fix the greeting typo\n\nThe log:\n\n\`\`\`text\n${'line of output\n'.repeat(6_000)}\`\`\`\n\nDone.`;
    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/greet.js' }),
      reply().tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" }),
      reply().text(huge),
    );
    const run = await h.run('issues', labeledPayload(issue, 'alice'));
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    const body =
      h.github.state.pulls().find((p) => p.pull?.headRef === `agent/issue-${issue.number}`)?.body ?? '';
    assert.ok(body.length <= 65_536 && body.length > 60_000, String(body.length));
    assertWellFormed(body);
    assertFooter(body, { turns: 3, requester: 'alice' });
  });

  it('a denied run says why in the job summary and on the log, and posts nothing', async () => {
    const issue = h.github.state.addIssue({ title: 'Please fix', body: 'x', user: 'rita' });
    const comment = h.github.state.addIssueComment({
      issueNumber: issue.number,
      body: '/agent fix',
      user: 'rita',
    });
    const since = h.github.requests.length;
    const run = await h.run(
      'issue_comment',
      commentPayload(issue, { id: comment.id, body: comment.body, user: 'rita' }),
    );
    assert.equal(run.outputs['conclusion'], 'denied', run.stdout);
    assert.equal(run.exitCode, 0);
    assert.match(
      run.summary,
      /^## ⛔ Denied: `+@rita`+ has "read" permission on Codertocat\/Hello-World; "write" or more is needed\n/,
    );
    assertFooter(run.summary, { turns: 0, requester: 'rita' });
    assert.equal(
      run.stdout.trim().split('\n').at(-1),
      '⛔ Denied: @rita has "read" permission on Codertocat/Hello-World; "write" or more is needed',
    );
    assert.deepEqual(
      h.github.requests.slice(since).filter((r) => r.method !== 'GET'),
      [],
      'a denied run writes nothing on GitHub',
    );
    assert.equal(h.openai.requests.length, 0);
  });
});
