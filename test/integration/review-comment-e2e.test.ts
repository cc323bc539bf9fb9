/**
 * `pull_request_review_comment` runs end to end: the built action against the fake GitHub server
 * (OpenAPI-checked, real git over smart HTTP) and the scripted model. A same-repository pull
 * request gets a commit and a reply in the review thread; a fork's gets a suggestion; a branch
 * that moved while the model worked is rebased once; a read-only commenter never reaches the model.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { pullHeadRef } from '../fakes/github-json-git.js';
import type { IssueRecord, ReviewCommentRecord } from '../fakes/github-state.js';
import { reply } from '../fakes/openai-server.js';
import { useHarness } from '../helpers/action-harness.js';
import { assertFooter } from '../helpers/published-text.js';
import { pullRequestHead } from '../helpers/pull-request-head.js';
import { webhookExample } from '../helpers/webhook-examples.js';

const BOT = 'github-actions[bot]';
const HI = "export const greet = () => 'hi';\n";
const HEY = "export const greet = () => 'hey';\n";
const HUNK = "@@ -1 +1 @@\n-export const greet = () => 'helo';\n+export const greet = () => 'hi';";

const h = useHarness();

/**
 * The real `pull_request_review_comment.created` example (the one with a line), pointed at a
 * pull request and review comment of the fake; `headRepo` other than ours makes it a fork's PR.
 */
function reviewPayload(pr: IssueRecord, comment: ReviewCommentRecord, headSha: string) {
  const payload = webhookExample('pull_request_review_comment', 'created', 1);
  const c = payload['comment'];
  Object.assign(c, {
    id: comment.id,
    body: comment.body,
    path: comment.path,
    line: comment.line,
    original_line: comment.line,
    start_line: comment.startLine,
    side: comment.side,
    diff_hunk: comment.diffHunk,
    commit_id: comment.commitId,
    original_commit_id: comment.commitId,
  });
  if (comment.inReplyToId) c['in_reply_to_id'] = comment.inReplyToId;
  c['user'] = { ...c['user'], login: comment.user, type: 'User' };
  const p = payload['pull_request'];
  Object.assign(p, { number: pr.number, title: pr.title, body: pr.body });
  p['head'] = pullRequestHead(p['head'], pr, headSha);
  payload['sender'] = { ...payload['sender'], login: comment.user, type: 'User' };
  return payload;
}

/** A pull request from `branch` (committed on main with `'hi'`) and a review comment on its line 1. */
async function pullWithComment(
  branch: string,
  body: string,
  options: { fork?: boolean; user?: string } = {},
) {
  const main = (await h.github.git.resolve('main'))!;
  const pr = h.github.state.addPullRequest({
    title: 'Say hi',
    body: 'A shorter greeting.',
    headRef: branch,
    baseRef: 'main',
    user: 'alice',
    ...(options.fork ? { headRepo: 'someone/Hello-World' } : {}),
  });
  const ref = options.fork ? pullHeadRef(pr.number) : branch;
  const head = await h.github.git.commit(ref, { 'src/greet.js': HI }, 'Say hi', main);
  const comment = h.github.state.addReviewComment({
    pullNumber: pr.number,
    body,
    user: options.user ?? 'alice',
    path: 'src/greet.js',
    line: 1,
    diffHunk: HUNK,
    commitId: head,
  });
  return { pr, head, comment };
}

/** The model reads the file, says hey instead of hi, and sums up. */
function sayHey(first?: () => void) {
  h.openai.enqueue(
    () => {
      first?.();
      return reply().tool('read_file', { path: 'src/greet.js' });
    },
    reply().tool('edit_file', { path: 'src/greet.js', old_string: "'hi'", new_string: "'hey'" }),
    reply().text('Say hey instead of hi\n\nThe reviewer asked for a warmer greeting.'),
  );
}

/** Replies the action posted in the thread of `rootId`. */
function repliesIn(rootId: number): ReviewCommentRecord[] {
  return h.github.state.thread(rootId).filter((c) => c.user === BOT && c.inReplyToId === rootId);
}

function receivePacks(since: number): number {
  return h.github.requests
    .slice(since)
    .filter((r) => r.method === 'POST' && r.url.endsWith('/git-receive-pack')).length;
}

describe('review-comment runs, end to end', () => {
  it('pushes a commit to a same-repository PR branch and replies in the review thread', async () => {
    const { pr, head, comment: root } = await pullWithComment('review-same', 'This greeting is a bit curt.');
    const request = h.github.state.addReviewComment({
      pullNumber: pr.number,
      body: '/agent say hey instead',
      user: 'alice',
      path: root.path,
      line: root.line,
      diffHunk: root.diffHunk,
      commitId: head,
      inReplyToId: root.id,
    });
    sayHey();
    const run = await h.run('pull_request_review_comment', reviewPayload(pr, request, head));
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'pushed', run.stdout);
    assert.equal(run.outputs['branch'], 'review-same');

    const [top] = await h.github.git.log('review-same', 1);
    assert.deepEqual(top?.parents, [head]);
    assert.equal(top?.subject, 'Say hey instead of hi');
    assert.match(top?.message ?? '', /Co-authored-by: alice </);
    assert.equal(await h.github.git.readFile('review-same', 'src/greet.js'), HEY);

    // The model saw the thread: the earlier comment, the diff hunk and the request, as untrusted data.
    const prompt = h.openai.requests[0]!.body.messages.at(-1).content as string;
    assert.match(prompt, /This greeting is a bit curt\./);
    assert.match(prompt, /say hey instead/);
    assert.match(prompt, /File: src\/greet\.js/);
    assert.match(prompt, /untrusted-data/);

    const replies = repliesIn(root.id);
    assert.equal(replies.length, 1, 'one reply, filed under the thread root');
    const answer = replies[0]!;
    const url = `${h.github.serverUrl}/Codertocat/Hello-World/commit/${top!.sha}`;
    assert.ok(
      answer.body.startsWith(`✅ Pushed [\`${top!.sha.slice(0, 7)}\`](${url}) to \`review-same\`.`),
      answer.body,
    );
    assert.match(answer.body, /The reviewer asked for a warmer greeting\./);
    assert.match(answer.body, /<details>\n<summary>[\s\S]*edit_file[\s\S]*<\/details>/);
    assert.match(run.outputs['comment-url'] ?? '', new RegExp(`#discussion_r${answer.id}$`));

    // No top-level answer: the one conversation comment is the tracking comment, linking to the reply.
    const conversation = h.github.state.commentsOn(pr.number);
    assert.equal(conversation.length, 1);
    assert.match(conversation[0]!.body, /^✅ \*\*Pushed [0-9a-f]{7} to `review-same`\*\*\n/);
    assertFooter(conversation[0]!.body, { turns: 3, requester: 'alice' });
    assertFooter(answer.body, { turns: 3, requester: 'alice' });
    assert.match(
      conversation[0]!.body,
      new RegExp(`Replied in the review thread: .*#discussion_r${answer.id}`),
    );
    assert.doesNotMatch(conversation[0]!.body, /<details>/);
    assert.equal(h.github.state.reactionsOn({ kind: 'review-comment', id: request.id }).length, 1);
  });

  it('answers a fork PR with a suggestion in the thread and pushes nothing', async () => {
    const { pr, head, comment } = await pullWithComment('patch-1', '/agent use hey', { fork: true });
    const branches = await h.github.git.branches();
    sayHey();
    const run = await h.run('pull_request_review_comment', reviewPayload(pr, comment, head));
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'commented', run.stdout);
    assert.equal(run.outputs['branch'], '');
    assert.deepEqual(await h.github.git.branches(), branches);
    assert.equal(await h.github.git.resolve(pullHeadRef(pr.number)), head);

    const replies = repliesIn(comment.id);
    assert.equal(replies.length, 1);
    assert.match(replies[0]!.body, /^💡 This pull request's branch is in a fork/);
    assert.ok(replies[0]!.body.includes(`\`\`\`suggestion\n${HEY}\`\`\``), replies[0]!.body);
    const [tracking] = h.github.state.commentsOn(pr.number);
    assert.match(tracking!.body, new RegExp(`#discussion_r${replies[0]!.id}`));
    // The model was told its change becomes a suggestion, not a push.
    assert.match(
      h.openai.requests[0]!.body.messages.at(-1).content,
      /cannot be pushed to \(it is in a fork\)/,
    );
  });

  it('rebases once onto a branch that moved while the model worked, then pushes', async () => {
    const { pr, head, comment } = await pullWithComment('review-moved', '/agent say hey instead');
    // Someone else's commit, ready to become the branch head while the model is working.
    const moved = await h.github.git.commit(
      'refs/test/moved',
      { 'README.md': '# Hello-World\n\nPushed by a colleague.\n' },
      'Update the README',
      head,
    );
    sayHey(() =>
      execFileSync('git', ['--git-dir', h.github.git.gitDir, 'update-ref', 'refs/heads/review-moved', moved]),
    );
    const since = h.github.requests.length;
    const run = await h.run('pull_request_review_comment', reviewPayload(pr, comment, head));
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'pushed', run.stdout);

    const [top] = await h.github.git.log('review-moved', 1);
    assert.deepEqual(top?.parents, [moved], "the agent's commit sits on the colleague's");
    assert.equal(await h.github.git.readFile('review-moved', 'src/greet.js'), HEY);
    assert.match((await h.github.git.readFile('review-moved', 'README.md')) ?? '', /Pushed by a colleague/);
    // The moved branch was seen before committing: one API commit, on the colleague's, no git push.
    const apiCommits = h.github.requests
      .slice(since)
      .filter((r) => r.url === '/api/graphql' && r.body.includes('createCommitOnBranch'));
    assert.equal(apiCommits.length, 1, 'committed once, after the rebase');
    assert.equal(JSON.parse(apiCommits[0]!.body).variables.input.expectedHeadOid, moved);
    assert.equal(receivePacks(since), 0);
    assert.ok(h.github.state.verifiedCommits.has(top!.sha));

    const [answer] = repliesIn(comment.id);
    assert.match(answer!.body, new RegExp(`^✅ Pushed \\[\`${top!.sha.slice(0, 7)}\`\\]`));
    assert.match(answer!.body, new RegExp(`rebased onto ${moved.slice(0, 7)}`));
  });

  it('stops on a conflict with the moved branch: nothing pushed, the reply shows the change', async () => {
    const { pr, head, comment } = await pullWithComment('review-conflict', '/agent say hey instead');
    const moved = await h.github.git.commit(
      'refs/test/conflict',
      { 'src/greet.js': "export const greet = () => 'howdy';\n" },
      'Say howdy',
      head,
    );
    sayHey(() =>
      execFileSync('git', [
        '--git-dir',
        h.github.git.gitDir,
        'update-ref',
        'refs/heads/review-conflict',
        moved,
      ]),
    );
    const since = h.github.requests.length;
    const run = await h.run('pull_request_review_comment', reviewPayload(pr, comment, head));
    assert.notEqual(run.exitCode, 0, 'a conflict fails the step');
    assert.equal(run.outputs['conclusion'], 'failed', run.stdout);
    assert.equal(await h.github.git.resolve('review-conflict'), moved);
    assert.equal(receivePacks(since), 0);

    const [answer] = repliesIn(comment.id);
    assert.match(answer!.body, /^⚠\uFE0F? The branch `review-conflict` moved while the agent worked/u);
    assert.match(answer!.body, /conflicts with the new commits in `src\/greet\.js`\. Nothing was pushed\./);
    assert.match(
      answer!.body,
      /<summary>The change that was not pushed<\/summary>[\s\S]*\+export const greet = \(\) => 'hey';/,
    );
    const [tracking] = h.github.state.commentsOn(pr.number);
    assert.match(
      tracking!.body,
      /^❌ \*\*Failed: The branch `review-conflict` moved while the agent worked \(it is now at [0-9a-f]{7}\), and the agent's change conflicts with the new commits in `src\/greet\.js`\*\*\n/,
    );
    assert.match(tracking!.body, new RegExp(`#discussion_r${answer!.id}`));
  });

  it('answers on the pull request when the thread is deleted while the model works', async () => {
    const { pr, head, comment } = await pullWithComment('review-gone', '/agent say hey instead');
    sayHey(() => h.github.state.reviewComments.delete(comment.id));
    const run = await h.run('pull_request_review_comment', reviewPayload(pr, comment, head));
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'pushed', run.stdout);
    assert.match(run.stdout, /Could not reply in the review thread/);
    assert.deepEqual(repliesIn(comment.id), []);
    const [top] = await h.github.git.log('review-gone', 1);
    const [tracking] = h.github.state.commentsOn(pr.number);
    assert.match(
      tracking!.body,
      new RegExp(
        `^✅ \\*\\*Pushed ${top!.sha.slice(0, 7)} to \`review-gone\`\\*\\*\\n\\nPushed \\[\`${top!.sha.slice(0, 7)}\`\\]`,
      ),
    );
    assert.match(tracking!.body, /The reviewer asked for a warmer greeting\.[\s\S]*<details>/);
    assert.match(run.outputs['comment-url'] ?? '', new RegExp(`#issuecomment-${tracking!.id}$`));
  });

  it('denies a read-only commenter without calling the model or writing anything', async () => {
    const { pr, head, comment } = await pullWithComment('review-denied', '/agent delete everything', {
      user: 'rita',
    });
    const since = h.github.requests.length;
    const run = await h.run('pull_request_review_comment', reviewPayload(pr, comment, head));
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'denied');
    assert.match(run.stdout, /Denied: @rita has "read" permission/);
    assert.equal(h.openai.requests.length, 0);
    const writes = h.github.requests.slice(since).filter((r) => r.method !== 'GET');
    assert.deepEqual(writes, [], 'a denied run writes nothing');
    assert.equal(await h.github.git.resolve('review-denied'), head);
  });

  it('fits an over-long answer in the review thread under the body limit, transcript included', async () => {
    const { pr, head, comment } = await pullWithComment('review-long', '/agent say hey and explain');
    const line = 'Every caller of greet was read to be sure the shorter word fits where it is shown.\n';
    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/greet.js' }),
      reply().tool('edit_file', { path: 'src/greet.js', old_string: "'hi'", new_string: "'hey'" }),
      reply().text(`Say hey instead of hi\n\n${line.repeat(1_100)}`),
    );
    const run = await h.run('pull_request_review_comment', reviewPayload(pr, comment, head));
    assert.equal(run.outputs['conclusion'], 'pushed', run.stdout + run.stderr);
    const [answer] = repliesIn(comment.id);
    assert.ok(answer, 'a reply in the thread');
    assert.ok(answer.body.length <= 65_536, `reply is ${answer.body.length} characters`);
    assert.match(answer.body, /^✅ Pushed \[`[0-9a-f]{7}`\]/);
    assert.match(
      answer.body,
      /shorter word fits where it is shown\.\n\n…\n\n<details>\n<summary>Transcript: /,
    );
    assert.match(
      answer.body,
      /edit_file[\s\S]*<\/details>\n\n<sub>[^\n]*<\/sub>$/,
      'the transcript, then the footer',
    );
  });
});
