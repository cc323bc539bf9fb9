import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkoutRef, type StartPoint } from '../../../src/git/checkout.js';
import { commitAll } from '../../../src/git/commit.js';
import { pushWithRebase } from '../../../src/git/push-with-rebase.js';
import { fetchReplyThread } from '../../../src/github/reply-thread.js';
import {
  collectThreadReplyPatch,
  postThreadReply,
  renderThreadReply,
} from '../../../src/outputs/thread-reply.js';
import { createRedactor } from '../../../src/safety/redact.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { gitWorkspace } from '../../helpers/git-workspace.js';

const CALC = 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n';
const { server, octokit, repo } = await useFakeGitHub({ files: { 'src/calc.ts': CALC } });
const redact = createRedactor([server.token]);

/** A PR (same repository or fork) with a `/agent` reply in a thread on line 2 of `src/calc.ts`. */
async function reviewRequest(options: { fork: boolean; branch: string }) {
  const main = (await server.git.resolve('main'))!;
  const headRef = options.fork ? 'patch-1' : options.branch;
  const number = Math.max(0, ...server.state.issues.keys()) + 1;
  const ref = options.fork ? `refs/pull/${number}/head` : headRef;
  const head = await server.git.commit(
    ref,
    { 'src/calc.ts': CALC.replace('c = 3', 'c = 4') },
    'change c',
    main,
  );
  const pr = server.state.addPullRequest({
    number,
    title: 'Change c',
    body: 'c is four now',
    user: 'alice',
    headRef,
    baseRef: 'main',
    ...(options.fork ? { headRepo: 'mallory/Hello-World' } : {}),
  });
  const at = {
    pullNumber: pr.number,
    path: 'src/calc.ts',
    line: 2,
    commitId: head,
    diffHunk: '@@ -1,3 +1,3 @@\n export const a = 1;\n export const b = 2;',
  };
  const root = server.state.addReviewComment({ ...at, body: 'b should be named', user: 'bob' });
  const request = server.state.addReviewComment({
    ...at,
    body: '/agent make b a named constant',
    user: 'bob',
    inReplyToId: root.id,
  });
  const thread = await fetchReplyThread(octokit, repo, { prNumber: pr.number, commentId: request.id });
  const { dir, git } = await gitWorkspace('thread-reply-', server);
  const from: StartPoint[] = thread.pullRequest.sameRepo
    ? [{ branch: thread.pullRequest.headRef }]
    : [{ sha: thread.pullRequest.headSha, via: `refs/pull/${pr.number}/head` }];
  const checkout = await checkoutRef(git, {
    remoteUrl: server.cloneUrl,
    branch: options.fork ? `agent/pr-${pr.number}` : headRef,
    from,
  });
  return { pr, root, request, thread, dir, git, checkout, head };
}

const transcript = (maxChars: number) =>
  `<details><summary>Transcript: 2 tool calls</summary>\n\n| # | tool |\n|---|---|\n| 1.1 | \`edit_file\` |\n\n</details>\n`.slice(
    0,
    maxChars,
  );

/** Replies to a fork's request with the change as a patch (what the action does when it cannot push). */
function postPatchReply(
  { pr, thread, checkout }: Pick<Awaited<ReturnType<typeof reviewRequest>>, 'pr' | 'thread' | 'checkout'>,
  patch: Awaited<ReturnType<typeof collectThreadReplyPatch>>,
  summary: string,
) {
  return postThreadReply(
    octokit,
    repo,
    {
      serverUrl: server.serverUrl,
      repo,
      comment: thread.comment,
      headSha: checkout.headSha,
      summary,
      result: { kind: 'patch', ...patch },
      runUrl: 'http://x/run',
      transcript,
    },
    { prNumber: pr.number, threadRootId: thread.threadRootId, redact },
  );
}

function replies(rootId: number) {
  return server.state.thread(rootId).filter((c) => c.user === server.state.tokenUser);
}

describe('review-thread replies against the OpenAPI-checked fake', () => {
  it('same-repository PR: pushes to the PR branch and replies in the thread with the commit link', async () => {
    const { pr, root, thread, dir, git, checkout } = await reviewRequest({
      fork: false,
      branch: 'feature-same',
    });
    await writeFile(
      path.join(dir, 'src/calc.ts'),
      (await readFile(path.join(dir, 'src/calc.ts'), 'utf8')).replace(
        'export const b = 2;',
        'const TWO = 2;\nexport const b = TWO;',
      ),
    );
    const commit = await commitAll(git, {
      message: 'Name the constant',
      author: { name: 'Agent', email: 'a@x' },
      runUrl: 'u',
      startSha: checkout.headSha,
    });
    const push = await pushWithRebase(git, {
      remoteUrl: server.cloneUrl,
      branch: thread.pullRequest.headRef,
      expectedSha: checkout.remoteSha!,
    });
    assert.equal(push.kind, 'pushed');
    const comments = server.state.issueComments.size;

    const posted = await postThreadReply(
      octokit,
      repo,
      {
        serverUrl: server.serverUrl,
        repo,
        comment: thread.comment,
        headSha: checkout.headSha,
        summary: `Named the constant \`TWO\`; thanks @bob. Token: ${server.token}`,
        result: { kind: 'push', branch: thread.pullRequest.headRef, push },
        runUrl: `${server.serverUrl}/Codertocat/Hello-World/actions/runs/7`,
        footer: `<sub>2 turns · 1,234 tokens · [run log](${server.serverUrl}/Codertocat/Hello-World/actions/runs/7)</sub>`,
        transcript,
      },
      { prNumber: pr.number, threadRootId: thread.threadRootId, redact },
    );

    assert.equal(
      await server.git.readFile('feature-same', 'src/calc.ts'),
      'export const a = 1;\nconst TWO = 2;\nexport const b = TWO;\nexport const c = 4;\n',
    );
    const [reply] = replies(root.id);
    assert.ok(reply);
    assert.equal(reply.id, posted.id);
    assert.equal(reply.inReplyToId, root.id, 'the reply is in the thread, under its first comment');
    assert.equal(server.state.issueComments.size, comments, 'no top-level comment');
    const sha = commit.sha!;
    assert.ok(
      reply.body.startsWith(
        `✅ Pushed [\`${sha.slice(0, 7)}\`](${server.serverUrl}/Codertocat/Hello-World/commit/${sha}) to \`feature-same\`.`,
      ),
      reply.body,
    );
    assert.match(reply.body, /Named the constant `TWO`/);
    assert.doesNotMatch(reply.body, new RegExp(server.token), 'the token is redacted');
    assert.doesNotMatch(reply.body, /(^|[^`])@bob/, 'mentions are neutralised');
    assert.match(
      reply.body,
      /<\/details>\n\n<sub>2 turns · 1,234 tokens · \[run log\]\(http:\/\/127\.0\.0\.1:\d+\/Codertocat\/Hello-World\/actions\/runs\/7\)<\/sub>$/,
    );
    assert.match(reply.body, /<details><summary>Transcript: 2 tool calls<\/summary>/);
    assert.ok(
      server.requests.some(
        (r) => r.method === 'POST' && r.url.endsWith(`/pulls/${pr.number}/comments/${root.id}/replies`),
      ),
    );
    server.assertNoViolations();
  });

  it('fork PR: nothing is pushed, the reply carries a one-click suggestion for the commented line', async () => {
    const { pr, root, thread, dir, git, checkout } = await reviewRequest({ fork: true, branch: '' });
    const branches = await server.git.branches();
    await writeFile(
      path.join(dir, 'src/calc.ts'),
      CALC.replace('c = 3', 'c = 4').replace('export const b = 2;', 'export const b = TWO; // named'),
    );
    const patch = await collectThreadReplyPatch(git, checkout.headSha, thread.comment.path);
    assert.equal(patch.oldText, CALC.replace('c = 3', 'c = 4'));
    await postPatchReply({ pr, thread, checkout }, patch, 'Named it.');
    const [reply] = replies(root.id);
    assert.ok(reply);
    assert.match(
      reply.body,
      /^💡 This pull request's branch is in a fork, so the action cannot push to it\. Here is the change as a suggestion you can commit:\n\n```suggestion\nexport const b = TWO; \/\/ named\n```\n\nNamed it\./,
    );
    assert.deepEqual(await server.git.branches(), branches, 'no branch was pushed');
    server.assertNoViolations();
  });

  it('fork PR: a change beyond the commented lines comes as a diff', async () => {
    const { pr, root, thread, dir, git, checkout } = await reviewRequest({ fork: true, branch: '' });
    await writeFile(
      path.join(dir, 'src/calc.ts'),
      'export const a = 10;\nexport const b = 20;\nexport const c = 4;\n',
    );
    const patch = await collectThreadReplyPatch(git, checkout.headSha, thread.comment.path);
    await postPatchReply({ pr, thread, checkout }, patch, 'Scaled both.');
    const body = replies(root.id)[0]?.body ?? '';
    assert.match(
      body,
      /as a patch \(not a suggestion: the change removes lines outside the commented lines\); apply it with `git apply`:\n\n```diff\ndiff --git a\/src\/calc\.ts b\/src\/calc\.ts\n/,
    );
    assert.match(
      body,
      /-export const a = 1;\n-export const b = 2;\n\+export const a = 10;\n\+export const b = 20;\n export const c = 4;\n```/,
    );
    assert.match(body, /\n\nView the run$/, 'a link off the GitHub server is dropped');
    assert.doesNotMatch(body, /```suggestion/);
    server.assertNoViolations();
  });
});

describe('renderThreadReply', () => {
  const base = {
    serverUrl: 'https://github.com',
    repo,
    comment: { path: 'src/calc.ts', startLine: null, line: 2, side: 'RIGHT' as const, commitId: 'abc' },
    headSha: 'abc',
    summary: 'Did it.',
    runUrl: 'https://github.com/o/r/actions/runs/1',
    transcript,
  };

  it('says so when the branch moved and the change conflicts, with the unpushed patch collapsed', () => {
    const body = renderThreadReply({
      ...base,
      result: {
        kind: 'push',
        branch: 'feature',
        push: {
          kind: 'conflict',
          remoteSha: 'f'.repeat(40),
          files: ['src/calc.ts'],
          message:
            "The branch `feature` moved while the agent worked (it is now at fffffff), and the agent's change conflicts with the new commits in `src/calc.ts`. Nothing was pushed.",
        },
        diff: 'diff --git a/src/calc.ts b/src/calc.ts\n--- a/src/calc.ts\n+++ b/src/calc.ts\n@@ -2 +2 @@\n-x\n+y\n',
      },
    });
    assert.match(
      body,
      /^⚠️ The branch `feature` moved while the agent worked .* Nothing was pushed\.\n\nAsk again to retry on the current head of the branch\.\n\n<details><summary>The change that was not pushed<\/summary>\n\n```diff\n/,
    );
    assert.match(body, /Did it\.\n\n/);
    assert.ok(body.endsWith(`[View the run](${base.runUrl})`), 'the link to the run ends the reply');
  });

  it('mentions a rebase, and says when the thread comment is on another version than the checkout', () => {
    const rebased = renderThreadReply({
      ...base,
      result: {
        kind: 'push',
        branch: 'feature',
        push: { kind: 'pushed', sha: '1234567abc', rebasedOnto: '89abcdef00' },
      },
    });
    assert.match(
      rebased,
      /^✅ Pushed \[`1234567`\]\(https:\/\/github\.com\/Codertocat\/Hello-World\/commit\/1234567abc\) to `feature` \(rebased onto 89abcde, which was pushed while the agent worked\)\./,
    );
    const diff =
      'diff --git a/src/calc.ts b/src/calc.ts\n--- a/src/calc.ts\n+++ b/src/calc.ts\n@@ -2 +2 @@\n-b\n+B\n';
    const outdated = renderThreadReply({
      ...base,
      headSha: 'def',
      result: { kind: 'patch', diff, oldText: 'a\nb\n' },
    });
    assert.match(outdated, /not a suggestion: the pull request changed since the comment was made/);
    const current = renderThreadReply({ ...base, result: { kind: 'patch', diff, oldText: 'a\nb\n' } });
    assert.match(current, /```suggestion\nB\n```/);
    assert.match(renderThreadReply({ ...base, result: { kind: 'no-changes' } }), /^ℹ️ No changes were made\./);
  });

  it('keeps the whole reply under the limit by giving the transcript what is left', () => {
    const body = renderThreadReply(
      {
        ...base,
        summary: 'x'.repeat(70_000),
        result: { kind: 'no-changes' },
        transcript: (max) => 'T'.repeat(Math.max(0, max - 1)),
      },
      65_536,
    );
    assert.ok(body.length <= 65_536, String(body.length));
    assert.match(body, /T\n\n\[View the run\]\([^)]+\)$/, 'the transcript, then the link to the run');
  });
});
