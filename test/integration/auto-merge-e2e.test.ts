/**
 * `auto-merge: on-green` and the `agent-action` commit status through the built action: GitHub's
 * auto-merge is armed (GraphQL checked against the schema) for exactly the head the action
 * verified, only when every gate holds, and a later push disarms it; each unmet gate arms nothing
 * and is named in the output and the tracking comment.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gatesOf } from '../fakes/github-gate-state.js';
import { autoMergeOf } from '../fakes/github-handlers-gates.js';
import { reviewsOf } from '../fakes/github-handlers-reviews.js';
import { reply } from '../fakes/openai-server.js';
import { labeledPayload, useHarness } from '../helpers/action-harness.js';

const h = useHarness();

const ON_GREEN = { 'auto-merge': 'on-green', 'verify-command': 'test -f src/greet.js' };
let edit = 0;

/** One change to the greeting, different each time so every run pushes a new head. */
function changeGreeting() {
  edit++;
  h.openai.enqueue(
    reply().tool('read_file', { path: 'src/greet.js' }),
    reply().tool('write_file', {
      path: 'src/greet.js',
      content: `export const greet = () => 'hello ${edit}';\n`,
    }),
    reply().text(`Greet ${edit}`),
  );
}

const armRequests = () =>
  h.github.requests.filter(
    (r) => r.url.endsWith('/graphql') && r.body.includes('enablePullRequestAutoMerge'),
  );

const armed = (number: number) =>
  autoMergeOf(
    {
      state: h.github.state,
      git: h.github.git,
      urls: { apiUrl: h.github.apiUrl, serverUrl: h.github.serverUrl },
    },
    number,
  );

describe('auto-merge on green', () => {
  const issue = () => h.github.state.issues.get(1)!;

  it('arms auto-merge for the verified head when every gate holds; a later push disarms it', async () => {
    h.github.state.addIssue({ number: 1, title: 'Greeting', body: 'Say hello.' });
    gatesOf(h.github.state).protection.set('main', { contexts: ['test'] });
    changeGreeting();
    const run = await h.run('issues', labeledPayload(issue(), 'alice'), {
      inputs: { ...ON_GREEN, 'merge-method': 'rebase' },
    });
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    assert.equal(run.outputs['auto-merge'], 'armed', run.stdout);

    const pr = h.github.state.pulls()[0]!;
    const head = await h.github.git.resolve('agent/issue-1');
    const merge = await armed(pr.number);
    assert.deepEqual(merge, {
      expectedHeadOid: head,
      mergeMethod: 'REBASE',
      enabledBy: h.github.state.tokenUser,
    });
    assert.equal(armRequests().length, 1);
    assert.match(
      h.github.state.commentsOn(1)[0]!.body,
      /Auto-merge armed for [0-9a-f]{7} \(rebase\)[\s\S]*`test`/,
    );

    const statuses = gatesOf(h.github.state).statuses.filter((s) => s.sha === head);
    assert.deepEqual(
      statuses.map((s) => [s.context, s.state, s.description]),
      [['agent-action', 'success', 'verify-command passed']],
    );
    assert.match(statuses[0]!.targetUrl ?? '', /\/actions\/runs\/4242$/);

    // Someone pushes after arming: GitHub disarms it, since the head is no longer the one armed.
    await h.github.git.commit('agent/issue-1', { 'NOTES.md': 'by hand\n' }, 'A push by a person');
    assert.equal(await armed(pr.number), undefined);
  });

  const refusals: [string, string, () => void | Promise<void>, Record<string, string>][] = [
    ['verification', 'no `verify-command` is set', () => {}, { 'auto-merge': 'on-green' }],
    [
      'verification',
      '`verify-command` failed',
      () => {},
      { 'auto-merge': 'on-green', 'verify-command': 'false' },
    ],
    [
      'ci',
      '`ci-rounds` is 0',
      () => {
        h.github.state.addWorkflow({ path: '.github/workflows/ci.yml', name: 'CI' });
        h.github.state.scriptRuns('ci.yml', { conclusion: 'success' });
      },
      { ...ON_GREEN, 'ci-workflow': 'ci.yml' },
    ],
    [
      'threads',
      '1 review thread(s) are unresolved (opened by @bob)',
      async () => {
        const pr = h.github.state.pulls()[0]!;
        h.github.state.addReviewComment({
          pullNumber: pr.number,
          body: 'Why this string?',
          user: 'bob',
          path: 'src/greet.js',
          line: 1,
          diffHunk: '@@ -1 +1 @@',
          commitId: (await h.github.git.resolve('agent/issue-1'))!,
        });
      },
      ON_GREEN,
    ],
    [
      'changes-requested',
      '@carol requested changes',
      async () => {
        const thread = [...h.github.state.reviewComments.values()].find((c) => c.user === 'bob')!;
        h.github.state.resolvedThreads.set(thread.id, 'alice');
        reviewsOf(h.github.state).push({
          id: h.github.state.id(),
          pullNumber: h.github.state.pulls()[0]!.number,
          user: 'carol',
          body: 'Not like this.',
          event: 'REQUEST_CHANGES',
          commitId: (await h.github.git.resolve('agent/issue-1'))!,
          commentIds: [],
          submittedAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        });
      },
      ON_GREEN,
    ],
    [
      'unprotected-base',
      '`main` requires no status check',
      () => {
        const review = reviewsOf(h.github.state).find((r) => r.user === 'carol')!;
        reviewsOf(h.github.state).push({ ...review, id: h.github.state.id(), event: 'APPROVE' });
        gatesOf(h.github.state).protection.delete('main');
      },
      ON_GREEN,
    ],
  ];

  for (const [gate, reason, arrange, inputs] of refusals) {
    it(`arms nothing and says so when the ${gate} gate does not hold (${reason})`, async () => {
      await arrange();
      const before = armRequests().length;
      changeGreeting();
      const run = await h.run('issues', labeledPayload(issue(), 'alice'), { inputs });
      assert.equal(run.outputs['conclusion'], 'pr-updated', run.stdout);
      assert.equal(run.outputs['auto-merge'], gate, run.stdout);
      assert.equal(armRequests().length, before, 'no enablePullRequestAutoMerge request');
      assert.equal(await armed(h.github.state.pulls()[0]!.number), undefined);
      // Published text keeps mentions from pinging: `@bob` is shown as code.
      const tracking = h.github.state
        .commentsOn(1)
        .at(-1)!
        .body.replace(/`+(@[\w-]+)`+/g, '$1');
      assert.ok(tracking.includes(`Auto-merge not armed (gate \`${gate}\`): ${reason}`), tracking);
    });
  }

  it('arms onto a base whose required check comes from a ruleset', async () => {
    gatesOf(h.github.state).rules.set('main', { contexts: ['agent-action'] });
    changeGreeting();
    const run = await h.run('issues', labeledPayload(issue(), 'alice'), { inputs: ON_GREEN });
    assert.equal(run.outputs['auto-merge'], 'armed', run.stdout);
    const merge = await armed(h.github.state.pulls()[0]!.number);
    assert.equal(merge?.mergeMethod, 'SQUASH');
    assert.equal(merge?.expectedHeadOid, await h.github.git.resolve('agent/issue-1'));
  });

  it('sets a failure status on a head whose verification failed', async () => {
    changeGreeting();
    const run = await h.run('issues', labeledPayload(issue(), 'alice'), {
      inputs: { 'verify-command': 'false' },
    });
    assert.equal(run.outputs['auto-merge'], '', 'auto-merge is off by default');
    const head = await h.github.git.resolve('agent/issue-1');
    const status = gatesOf(h.github.state)
      .statuses.filter((s) => s.sha === head)
      .at(-1);
    assert.deepEqual([status?.context, status?.state], ['agent-action', 'failure']);
  });
});
