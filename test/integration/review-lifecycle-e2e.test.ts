/**
 * Reviews across the life of a pull request, end to end: the built action against the fake GitHub
 * (REST checked against the OpenAPI description, GraphQL against GitHub's schema, real git) and
 * the scripted model. Three pushes to one pull request: the second review covers only the new
 * commit and repeats nothing, the finding the third push fixes gets its thread resolved with a
 * one-line reason, the finding its author answered "won't fix" is never raised again, and a
 * comment whose quote is not on its line is dropped and counted. A thread a person resolved by hand
 * dismisses its finding for good. A force-push falls back to a full review and says so.
 * `review-agents: 3` posts one review with the reviewers' findings merged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reviewsOf } from '../fakes/github-handlers-reviews.js';
import type { IssueRecord, ReviewCommentRecord } from '../fakes/github-state.js';
import { type RecordedRequest, reply, type Step } from '../fakes/openai-server.js';
import { DEFAULT_FILES, useHarness } from '../helpers/action-harness.js';
import { pullRequestPayload } from '../helpers/pull-request-head.js';

const MATH = 'export const add = (a, b) => a + b;\n';
const TEXT = 'export const trim = (s) => s.trim();\n';
const DIV = 'export const div = (a, b) => a / b;';
const UPPER = 'export const upper = (s) => s.toUpperCase();';

const h = useHarness({ ...DEFAULT_FILES, 'src/math.js': MATH, 'src/text.js': TEXT }, { alice: 'write' });
const REVIEW = { mode: 'review' };

/** A pull request by alice whose first push adds `div` and `upper`. */
async function openPullRequest(branch: string) {
  const main = (await h.github.git.resolve('main'))!;
  const pr = h.github.state.addPullRequest({
    title: 'Math and text',
    headRef: branch,
    baseRef: 'main',
    user: 'alice',
  });
  const head = await h.github.git.commit(
    branch,
    { 'src/math.js': `${MATH}${DIV}\n`, 'src/text.js': `${TEXT}${UPPER}\n` },
    'Add div and upper',
    main,
  );
  return { pr, head };
}

function reviewsOn(pr: IssueRecord) {
  return reviewsOf(h.github.state).filter((r) => r.pullNumber === pr.number);
}

function commentsOf(review: { commentIds: number[] }): ReviewCommentRecord[] {
  return review.commentIds.map((id) => h.github.state.reviewComments.get(id)!);
}

/** The review's hidden marker, parsed. */
function markerOf(body: string) {
  const json = /<!-- agent-action:review (.*) -->$/.exec(body)?.[1];
  assert.ok(json, 'the review body ends with its marker');
  return JSON.parse(json) as {
    head: string;
    open: { path: string; title: string }[];
    dismissed: { fp: string }[];
  };
}

/** Everything the model saw in one request. */
const seen = (request: RecordedRequest) => JSON.stringify(request.body.messages);

async function review(
  pr: IssueRecord,
  head: string,
  action: string,
  inputs: Record<string, string> = REVIEW,
) {
  const since = h.openai.requests.length;
  const run = await h.run('pull_request', pullRequestPayload(action, pr, head), { inputs });
  assert.equal(run.exitCode, 0, run.stdout + run.stderr);
  assert.equal(run.outputs['conclusion'], 'reviewed', run.stdout);
  return { run, requests: h.openai.requests.slice(since), review: reviewsOn(pr).at(-1)! };
}

describe('reviews across pushes, end to end', () => {
  it('reviews only new commits, resolves a fixed finding, never repeats a dismissed one, drops a misquote', async () => {
    const { pr, head: first } = await openPullRequest('lifecycle');

    // Push 1: a full review with two findings.
    h.openai.enqueue(
      reply()
        .tool('add_review_comment', {
          path: 'src/math.js',
          line: 2,
          quote: 'a / b',
          title: 'division by zero',
          severity: 'blocking',
          body: '`div` returns Infinity when `b` is 0.',
        })
        .tool('add_review_comment', {
          path: 'src/text.js',
          line: 2,
          quote: 's.toUpperCase()',
          title: 'null input',
          body: '`upper(null)` throws.',
        }),
      reply().text('Adds `div` and `upper`.'),
    );
    const one = await review(pr, first, 'opened');
    assert.match(one.review.body, /Reviewed the whole pull request \(2 files\)\./);
    const [divComment, upperComment] = commentsOf(one.review);
    assert.deepEqual([divComment?.path, upperComment?.path], ['src/math.js', 'src/text.js']);
    assert.match(divComment!.body, /\*\*How checked:\*\* the quoted code `a \/ b` is at `src\/math\.js:2`/);
    assert.equal(markerOf(one.review.body).head, first);

    // Alice, the author, turns the second finding down.
    h.github.state.addReviewComment({
      pullNumber: pr.number,
      body: "Won't fix: callers never pass null.",
      user: 'alice',
      path: 'src/text.js',
      line: 2,
      diffHunk: upperComment!.diffHunk,
      commitId: first,
      inReplyToId: upperComment!.id,
    });

    // Push 2 adds a file: the review covers that commit only and repeats nothing.
    const second = await h.github.git.commit(
      'lifecycle',
      { 'src/list.js': 'export const first = (xs) => xs[0];\n' },
      'Add first',
      first,
    );
    h.openai.enqueue(
      reply()
        .tool('add_review_comment', {
          path: 'src/math.js',
          line: 2,
          quote: 'a / b',
          title: 'division by zero',
          severity: 'blocking',
          body: 'Still divides by zero.',
        })
        .tool('add_review_comment', {
          path: 'src/list.js',
          line: 1,
          quote: 'xs[0]',
          title: 'empty list',
          body: '`first([])` is `undefined`; say so in its name or throw.',
        }),
      reply().text('Adds `first`.'),
    );
    const two = await review(pr, second, 'synchronize');
    assert.equal(two.requests.length, 2, 'no re-check: no open finding’s code changed');
    const task = seen(two.requests[0]!);
    assert.match(task, /This is a re-review: the pull request was last reviewed at [0-9a-f]{40}/);
    assert.match(task, /\+export const first = \(xs\) => xs\[0\];/);
    assert.doesNotMatch(
      task,
      /\+export const div|\+export const upper/,
      'code reviewed before is not shown again',
    );
    assert.match(
      task,
      /findings raised by earlier reviews, still open[\s\S]*src\/math\.js:2: division by zero/,
    );
    assert.match(task, /findings people dismissed[\s\S]*src\/text\.js: null input/);
    assert.match(
      seen(two.requests[1]!),
      /Not recorded: an earlier review raised this finding and it is still open/,
    );
    assert.deepEqual(
      commentsOf(two.review).map((c) => [c.path, c.line]),
      [['src/list.js', 1]],
      'only the new finding is posted',
    );
    assert.match(
      two.review.body,
      /Reviewed the 1 file changed since the last review at [0-9a-f]{7} \(1 commit\)/,
    );
    assert.match(two.review.body, /1 already raised and still open, not repeated/);

    // Push 3 fixes div and touches text.js: the div thread is resolved; "won't fix" stays unraised.
    const third = await h.github.git.commit(
      'lifecycle',
      {
        'src/math.js': `${MATH}export const div = (a, b) => (b === 0 ? NaN : a / b);\n`,
        'src/text.js': `${TEXT}${UPPER}\nexport const lower = (s) => s.toLowerCase();\n`,
      },
      'Guard div; add lower',
      second,
    );
    h.openai.enqueue(
      reply().text('FIXED: `div` now returns NaN when `b` is 0.'),
      reply()
        .tool('add_review_comment', {
          path: 'src/text.js',
          line: 2,
          quote: 's.toUpperCase()',
          title: 'null input',
          body: '`upper(null)` still throws.',
        })
        .tool('add_review_comment', {
          path: 'src/text.js',
          line: 2,
          quote: 's.toLowerCase()',
          title: 'locale',
          body: '`toLowerCase` ignores the locale.',
        }),
      reply().text('Guards `div`; adds `lower`.'),
    );
    const three = await review(pr, third, 'synchronize');
    const recheck = three.requests[0]!;
    assert.equal(recheck.body.tools, undefined, 'the re-check offers no tools');
    assert.match(seen(recheck), /division by zero[\s\S]*b === 0 \? NaN/);
    assert.equal(three.requests.length, 3, 'one re-check, then the reviewer');

    const resolvedBy = h.github.state.resolvedThreads.get(divComment!.id);
    assert.equal(resolvedBy, h.github.state.tokenUser, 'the fixed finding’s thread is resolved');
    const why = h.github.state.thread(divComment!.id).at(-1)!;
    assert.equal(why.user, h.github.state.tokenUser);
    assert.match(why.body, /^Resolved at [0-9a-f]{7}: `div` now returns NaN when `b` is 0\.$/);
    assert.equal(
      h.github.state.resolvedThreads.has(upperComment!.id),
      false,
      'the dismissed thread is left as alice left it',
    );

    assert.match(seen(three.requests[2]!), /Not recorded: a person dismissed this finding earlier/);
    assert.match(
      seen(three.requests[2]!),
      /Not recorded: the quoted code was not there \(src\/text\.js:2\)\. That code is at line 3/,
    );
    assert.equal(three.review.commitId, third);
    assert.deepEqual(commentsOf(three.review), [], 'nothing new is posted');
    assert.match(
      three.review.body,
      /No issues in the 2 files changed since the last review\. \(1 dismissed earlier, not raised again\)/,
    );
    assert.match(three.review.body, /\n1 finding dropped: the quoted code was not there\.\n/);
    assert.match(
      three.review.body,
      /### Resolved since the last review\n\n- `src\/math\.js:2` division by zero: `div` now returns NaN when `b` is 0\./,
    );
    const marker = markerOf(three.review.body);
    assert.deepEqual(
      marker.open.map((f) => [f.path, f.title]),
      [['src/list.js', 'empty list']],
    );
    assert.equal(marker.dismissed.length, 1);
  });

  it('never raises again a finding whose thread a person resolved by hand', async () => {
    const { pr, head } = await openPullRequest('resolved-by-hand');
    const divFinding = {
      path: 'src/math.js',
      line: 2,
      quote: 'a / b',
      title: 'division by zero',
      body: '`div(1, 0)` is Infinity.',
    };
    h.openai.enqueue(reply().tool('add_review_comment', divFinding), reply().text('Adds `div`.'));
    const one = await review(pr, head, 'opened');
    const [divComment] = commentsOf(one.review);
    assert.ok(divComment, 'the first review posts the finding');

    // Bob reads it and clicks "Resolve conversation" without a word.
    h.github.state.resolveThread(divComment.id, 'bob');

    const next = await h.github.git.commit(
      'resolved-by-hand',
      { 'src/math.js': `${MATH}${DIV}\nexport const mod = (a, b) => a % b;\n` },
      'Add mod',
      head,
    );
    h.openai.enqueue(
      reply().tool('add_review_comment', { ...divFinding, body: 'Still divides by zero.' }),
      reply().text('Adds `mod`.'),
    );
    const two = await review(pr, next, 'synchronize');
    assert.equal(two.requests.length, 2, 'nothing open to re-check');
    assert.match(seen(two.requests[0]!), /findings people dismissed[\s\S]*src\/math\.js: division by zero/);
    assert.match(seen(two.requests[1]!), /Not recorded: a person dismissed this finding earlier/);
    assert.deepEqual(commentsOf(two.review), [], 'the dismissed finding is not posted again');
    assert.match(two.review.body, /\(1 dismissed earlier, not raised again\)/);
    assert.equal(markerOf(two.review.body).dismissed.length, 1, 'the dismissal is carried forward');
    assert.equal(h.github.state.resolvedThreads.get(divComment.id), 'bob', 'left as bob resolved it');
  });

  it('falls back to a full review after a force-push and says so', async () => {
    const { pr, head } = await openPullRequest('forced');
    h.openai.enqueue(reply().text('First look.'));
    await review(pr, head, 'opened');
    const main = (await h.github.git.resolve('main'))!;
    const rewritten = await h.github.git.commit(
      'forced',
      { 'src/math.js': `${MATH}${DIV}\n` },
      'Only div',
      main,
    );
    h.openai.enqueue(reply().text('Second look.'));
    const again = await review(pr, rewritten, 'synchronize');
    assert.match(
      again.review.body,
      /Full review: the head the last review read \([0-9a-f]{7}\) is no longer in the branch's history \(a force-push or rebase\), so the whole pull request \(1 file\) was reviewed again\./,
    );
    assert.doesNotMatch(seen(again.requests[0]!), /This is a re-review/);
    assert.match(seen(again.requests[0]!), /\+export const div/);
  });

  it('posts on the head it read when a push lands during the review, says so, and keeps to max-review-comments', async () => {
    const { pr, head } = await openPullRequest('moving');
    let newer = '';
    h.openai.enqueue(
      // The author pushes again while the model is at work.
      async () => {
        newer = await h.github.git.commit(
          'moving',
          { 'src/list.js': 'export const none = [];\n' },
          'More',
          head,
        );
        return reply()
          .tool('add_review_comment', {
            path: 'src/math.js',
            line: 2,
            quote: 'a / b',
            title: 'zero',
            body: 'Zero.',
          })
          .tool('add_review_comment', {
            path: 'src/text.js',
            line: 2,
            quote: 'upper',
            title: 'null',
            body: 'Null.',
          });
      },
      reply().text('Reviewed the first push.'),
    );
    const { review: posted } = await review(pr, head, 'opened', { ...REVIEW, 'max-review-comments': '1' });
    assert.equal(posted.commitId, head, 'the review is of the commit it read');
    assert.match(
      posted.body,
      new RegExp(
        `A newer push \\(${newer.slice(0, 7)}\\) arrived while this review ran; this review is of the commit it read`,
      ),
    );
    assert.equal(commentsOf(posted).length, 1);
    assert.match(
      posted.body,
      /### Over the limit of 1 inline comments \(`max-review-comments`\)\n\n- `src\/text\.js:2` Null\.\n {2}\n {2}<details><summary>Why flagged · how checked<\/summary>/,
    );
  });

  it('runs three reviewers in parallel with read tools only and posts one review with their findings merged', async () => {
    const { pr, head } = await openPullRequest('three-reviewers');
    const divFinding = (severity: string) => ({
      path: 'src/math.js',
      line: 2,
      quote: 'a / b',
      title: 'division by zero',
      severity,
      body: '`div(1, 0)` is Infinity.',
    });
    const script: Record<string, Step[]> = {
      correctness: [
        reply().tool('add_review_comment', divFinding('suggestion')),
        reply().text('Division is unchecked.'),
      ],
      security: [
        reply().tool('add_review_comment', divFinding('blocking')),
        reply().text('Nothing exploitable.'),
      ],
      tests: [
        reply()
          .tool('add_review_comment', {
            path: 'src/text.js',
            line: 2,
            quote: 'upper',
            title: 'untested upper',
            body: '`upper` has no test.',
          })
          .tool('add_review_comment', {
            path: 'src/text.js',
            line: 2,
            quote: 'toUpperCase',
            title: 'naming',
            severity: 'nit',
            body: 'Name it `toUpper`.',
          }),
        reply().text('No tests added.'),
      ],
    };
    // Requests arrive concurrently: each is answered by its reviewer's focus and turn.
    const byFocus = (request: RecordedRequest): Step => {
      const focus = /Your focus: (\w+)/.exec(request.body.messages[0].content)?.[1] ?? '';
      const turn = request.body.messages.filter((m: { role: string }) => m.role === 'assistant').length;
      return script[focus]![turn]!;
    };
    h.openai.enqueue(...Array.from({ length: 6 }, () => byFocus));
    const {
      run,
      requests,
      review: posted,
    } = await review(pr, head, 'opened', {
      ...REVIEW,
      'review-agents': '3',
      'review-min-severity': 'suggestion',
    });
    assert.equal(requests.length, 6);
    assert.deepEqual(
      requests.slice(0, 3).map((r) => r.body.messages.length),
      [2, 2, 2],
      'all three reviewers started before any had its second turn',
    );
    for (const request of requests) {
      const tools = request.body.tools.map((t: { function: { name: string } }) => t.function.name).sort();
      assert.deepEqual(
        tools,
        ['add_review_comment', 'glob', 'grep', 'read_file'],
        'read tools only, no bash',
      );
    }
    assert.equal(reviewsOn(pr).length, 1, 'one review');
    const comments = commentsOf(posted);
    assert.deepEqual(
      comments.map((c) => [c.path, c.body.split('\n\n')[0]]),
      [
        ['src/math.js', '**Blocking:** `div(1, 0)` is Infinity.'],
        ['src/text.js', '`upper` has no test.'],
      ],
      'the division finding twice is one comment, at its most severe',
    );
    assert.match(
      comments[0]!.body,
      /\*\*Why flagged:\*\* the correctness and security reviewers raised it as blocking/,
    );
    assert.match(
      posted.body,
      /^:warning: \*\*Reviewed\*\* — 1 blocking finding\n\n\*\*correctness:\*\* Division is unchecked\.\n\n\*\*security:\*\* Nothing exploitable\.\n\n\*\*tests:\*\* No tests added\./,
    );
    assert.match(
      posted.body,
      /<details><summary>1 finding below `review-min-severity` \(suggestion\)<\/summary>\n\n- `src\/text\.js:2` \*\*Nit:\*\* Name it `toUpper`\./,
    );
    const tokens = Number(run.outputs['tokens']);
    assert.ok(tokens > 0);
    assert.match(
      posted.body,
      new RegExp(
        `\\*\\*Reviewers:\\*\\* correctness, security, tests · ${tokens.toLocaleString('en-US')} tokens`,
      ),
    );
  });
});
