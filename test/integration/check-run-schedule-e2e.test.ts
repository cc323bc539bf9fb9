/**
 * The built action on a failed check run of a CI system other than GitHub Actions (a
 * CircleCI-style check with output and paged annotations) and on a schedule, against the
 * OpenAPI-checked fake GitHub server, the scripted fake model and real git over smart HTTP.
 *
 * `@octokit/webhooks-examples` has no `schedule` example (a schedule is not a webhook), so that
 * payload is built from GitHub's documented shape of the event file: the cron expression, with
 * the actor in `GITHUB_ACTOR`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CheckAnnotationRecord } from '../fakes/github-records.js';
import { notFound } from '../fakes/github-reply.js';
import { reply } from '../fakes/openai-server.js';
import { useHarness } from '../helpers/action-harness.js';
import { webhookExample } from '../helpers/webhook-examples.js';

const h = useHarness();

/** A CircleCI-style failing check on `sha` of `branch`: the real example of a third-party app's check, made red. */
function circleCheck(sha: string, branch: string, annotationsCount: number) {
  const payload = webhookExample('check_run', 'completed', 1);
  const check = payload['check_run'];
  const id = h.github.state.id();
  Object.assign(check, {
    id,
    name: 'ci/circleci: test',
    head_sha: sha,
    conclusion: 'failure',
    details_url: 'https://circleci.example/gh/Codertocat/Hello-World/77',
    app: { ...check['app'], slug: 'circleci-checks', name: 'CircleCI Checks' },
    output: {
      ...check['output'],
      title: '1 of 12 tests failed',
      summary: '\u001b[31m✖ 1 failing\u001b[0m',
      text: [
        '2024-05-01T10:00:00.0000000Z > hello-world@ test',
        '2024-05-01T10:00:01.0000000Z \u001b[31m✖ greets with hello\u001b[39m',
        "2024-05-01T10:00:01.1000000Z   AssertionError: expected 'hallo' to equal 'hello'",
      ].join('\n'),
      annotations_count: annotationsCount,
    },
  });
  check['check_suite'] = { ...check['check_suite'], head_branch: branch, head_sha: sha };
  payload['sender'] = { ...payload['sender'], login: 'alice', type: 'User' };
  return { payload, id };
}

/** 120 annotations (two pages): warnings, and the one failure that explains the check. */
function annotations(sha: string): CheckAnnotationRecord[] {
  const warnings = Array.from({ length: 119 }, (_, i) => ({
    path: 'README.md',
    startLine: i + 1,
    level: 'warning' as const,
    message: `style warning ${i}`,
    sha,
  }));
  return [
    ...warnings,
    {
      path: 'src/greet.js',
      startLine: 1,
      level: 'failure',
      title: 'greets with hello',
      message: "expected 'hallo' to equal 'hello'",
      rawDetails: 'at test/greet.test.js:4:10',
      sha,
    },
  ];
}

async function breakOn(branch: string, message = 'Break the greeting') {
  const main = (await h.github.git.resolve('main'))!;
  return h.github.git.commit(
    branch,
    { 'src/greet.js': "export const greet = () => 'hallo';\n" },
    message,
    main,
  );
}

describe('a failed check run of another CI, end to end with the built action', () => {
  it('turns a CircleCI-style failing check into a fix PR into the failing branch', async () => {
    const sha = await breakOn('release');
    const { payload, id } = circleCheck(sha, 'release', 120);
    h.github.state.checkAnnotations.set(id, annotations(sha));
    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/greet.js' }),
      reply().tool('edit_file', { path: 'src/greet.js', old_string: "'hallo'", new_string: "'hello'" }),
      reply().text('Restore the hello greeting the test expects'),
    );
    const run = await h.run('check_run', payload);
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);

    const prompt = h.openai.requests[0]!.body.messages.at(-1).content as string;
    assert.match(prompt, /The check "ci\/circleci: test" reported by circleci-checks failed/);
    assert.match(prompt, /Title: 1 of 12 tests failed/);
    assert.match(prompt, /AssertionError: expected 'hallo' to equal 'hello'/);
    assert.match(prompt, /src\/greet\.js:1 \[failure\] greets with hello: expected 'hallo' to equal 'hello'/);
    assert.doesNotMatch(prompt, /\u001b|2024-05-01T10/);
    const pages = h.github.requests.filter((r) => r.operationId === 'checks/list-annotations');
    assert.deepEqual(
      pages.map((r) => new URL(r.url, 'http://x').searchParams.get('page') ?? '1'),
      ['1', '2'],
      'both pages of annotations read',
    );

    const branch = `agent/check-${id}`;
    const pr = h.github.state.pulls().find((p) => p.pull?.headRef === branch);
    assert.equal(pr?.pull?.baseRef, 'release');
    assert.match(pr?.body ?? '', /Fixes the failing check "ci\/circleci: test" \(circleci-checks\)/);
    assert.deepEqual((await h.github.git.log(branch, 1))[0]?.parents, [sha]);
    assert.equal(
      await h.github.git.readFile(branch, 'src/greet.js'),
      "export const greet = () => 'hello';\n",
    );
    assert.match(run.stdout, /Mode: pull request from `agent\/check-\d+` into `release` \(`mode: auto`\)/);
    assert.match(run.summary, /\*\*Mode:\*\* pull request from/);
  });

  it('says plainly when the server lacks the annotations API, and fixes from the output alone', async () => {
    const sha = await breakOn('hotfix');
    const { payload, id } = circleCheck(sha, 'hotfix', 3);
    const undo = h.github.intercept('checks/list-annotations', () => notFound());
    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/greet.js' }),
      reply().tool('edit_file', { path: 'src/greet.js', old_string: "'hallo'", new_string: "'hello'" }),
      reply().text('Restore the hello greeting'),
    );
    try {
      const run = await h.run('check_run', payload);
      assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
      assert.match(
        run.stdout,
        /::warning::http:\/\/127\.0\.0\.1:\d+ answered 404 to GET \/repos\/\{owner\}\/\{repo\}\/check-runs\/\{check_run_id\}\/annotations: this GitHub \(an older GitHub Enterprise Server\?\) lacks the API for check-run annotations/,
      );
      const prompt = h.openai.requests[0]!.body.messages.at(-1).content as string;
      assert.match(prompt, /AssertionError: expected 'hallo' to equal 'hello'/);
      assert.match(prompt, /Annotations: http:\/\/127\.0\.0\.1:\d+ answered 404/);
      assert.ok(h.github.state.pulls().some((p) => p.pull?.headRef === `agent/check-${id}`));
    } finally {
      undo();
    }
  });

  it("skips a fork's check: the SHA is not the head of the branch of that name here", async () => {
    await breakOn('patch-1');
    const forkSha = 'c0ffee'.padEnd(40, '0');
    const { payload } = circleCheck(forkSha, 'patch-1', 0);
    const run = await h.run('check_run', payload);
    assert.equal(run.outputs['conclusion'], 'skipped', run.stdout + run.stderr);
    assert.match(run.stdout, /is not the head of patch-1 .*a fork's commit or a stale check/);
    assert.equal(h.openai.requests.length, 0);
  });

  it('skips the real github-actions check example (those come as workflow_run)', async () => {
    const run = await h.run('check_run', webhookExample('check_run', 'completed', 0));
    assert.equal(run.outputs['conclusion'], 'skipped');
    assert.match(run.stdout, /made by GitHub Actions/);
    assert.equal(h.openai.requests.length, 0);
  });

  it("denies a check on the action's own commit (loop guard)", async () => {
    const sha = await breakOn('agent/issue-99', 'Try a fix\n\nAgent-Action-Run: http://127.0.0.1/run/1');
    const { payload } = circleCheck(sha, 'agent/issue-99', 0);
    const run = await h.run('check_run', payload);
    assert.equal(run.outputs['conclusion'], 'denied', run.stdout + run.stderr);
    assert.match(run.stdout, /pushed by this action \(loop guard\)/);
    assert.equal(h.openai.requests.length, 0);
  });
});

describe('a schedule, end to end with the built action', () => {
  const nightly = { schedule: '0 3 * * *' };

  it('runs the prompt and opens a PR from agent/run-<run_id>', async () => {
    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/greet.js' }),
      reply().tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" }),
      reply().text('Fix the oldest bug: the greeting typo'),
    );
    const run = await h.run('schedule', nightly, {
      inputs: { prompt: 'Look at the oldest open bug and fix it.' },
      env: { GITHUB_RUN_ID: '5151', GITHUB_ACTOR: 'alice' },
    });
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
    assert.match(run.stdout, /Trigger: scheduled prompt \(cron "0 3 \* \* \*"\) as @alice \(run 5151\)/);
    const prompt = h.openai.requests[0]!.body.messages.at(-1).content as string;
    assert.match(prompt, /Look at the oldest open bug and fix it\./);
    const pr = h.github.state.pulls().find((p) => p.pull?.headRef === 'agent/run-5151');
    assert.equal(pr?.pull?.baseRef, 'main');
  });

  it('with mode: comment answers in the job summary and pushes nothing', async () => {
    const before = { pulls: h.github.state.pulls().length, comments: h.github.state.issueComments.size };
    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/greet.js' }),
      reply().text('Nightly triage: the oldest open bug is the greeting typo in src/greet.js.'),
    );
    const run = await h.run('schedule', nightly, {
      inputs: { prompt: 'Triage the open bugs.', mode: 'comment' },
      env: { GITHUB_RUN_ID: '5252', GITHUB_ACTOR: 'alice' },
    });
    assert.equal(run.outputs['conclusion'], 'no-changes', run.stdout + run.stderr);
    assert.match(run.summary, /Nightly triage: the oldest open bug is the greeting typo/);
    assert.match(
      run.summary,
      /\*\*Mode:\*\* answer only, nothing pushed; the answer goes to the job summary/,
    );
    assert.match(run.stdout, /Mode: answer only, nothing pushed; the answer goes to the job summary/);
    assert.equal(h.github.state.pulls().length, before.pulls);
    assert.equal(h.github.state.issueComments.size, before.comments);
    assert.equal(await h.github.git.resolve('agent/run-5252'), undefined);
  });

  it('is denied when GITHUB_ACTOR lacks the permission', async () => {
    const run = await h.run('schedule', nightly, {
      inputs: { prompt: 'Triage.' },
      env: { GITHUB_RUN_ID: '5353', GITHUB_ACTOR: 'rita' },
    });
    assert.equal(run.outputs['conclusion'], 'denied');
    assert.equal(h.openai.requests.length, 0);
  });
});
