/**
 * Plan first, through the built action: `/agent plan` posts a plan with its hidden marker and
 * pushes nothing; `/agent approve` carries out exactly that plan; an edited issue, a base branch
 * that changed a planned file, or an approver without `min-permission` stops it before the model.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reply } from '../fakes/openai-server.js';
import { commentPayload, labeledPayload, useHarness } from '../helpers/action-harness.js';

const h = useHarness();

const PLAN = [
  '## Files',
  '- `src/greet.js`: the greeting typo',
  '## Steps',
  '1. Change `helo` to `hello` in `src/greet.js`.',
  '## Tests',
  '- `npm test`',
  '## Risks',
  '- None beyond the string.',
  '## Estimate',
  '- 3 turns, a small share of the budget.',
].join('\n');

let nextComment = 9000;

function comment(
  issue: { number: number; title: string; body: string | null },
  body: string,
  user = 'alice',
) {
  return commentPayload(issue, { id: ++nextComment, body, user });
}

async function plan(issue: { number: number; title: string; body: string | null }) {
  h.openai.enqueue(
    reply().tool('read_file', { path: 'src/greet.js' }),
    // A write while planning is refused; the file stays as it is.
    reply().tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" }),
    reply().text(PLAN),
  );
  const run = await h.run('issue_comment', comment(issue, '/agent plan keep it small'));
  assert.equal(run.exitCode, 0, run.stdout + run.stderr);
  assert.equal(run.outputs['conclusion'], 'planned', run.stdout);
  return run;
}

function planComment(issueNumber: number) {
  return h.github.state.commentsOn(issueNumber).find((c) => c.body.includes('<!-- agent-action-plan '));
}

describe('plan, approve, execute', () => {
  it('posts a read-only plan with its marker, then carries it out on /agent approve', async () => {
    const issue = h.github.state.addIssue({ title: 'Greeting is misspelled', body: 'It says helo.' });
    const run = await plan(issue);

    const posted = planComment(issue.number);
    assert.ok(posted, 'a plan comment');
    assert.match(run.outputs['plan-url'] ?? '', new RegExp(`#issuecomment-${posted.id}$`));
    assert.match(
      posted.body,
      /📋 \*\*Plan for #\d+\*\*[\s\S]*## Files[\s\S]*`src\/greet\.js`[\s\S]*## Estimate/,
    );
    assert.match(posted.body, /Reply `\/agent approve`/);
    const marker = JSON.parse(/<!-- agent-action-plan (\{.*\}) -->/.exec(posted.body)![1]!);
    assert.deepEqual(marker.files, ['src/greet.js']);
    assert.equal(marker.base, await h.github.git.resolve('main'));
    assert.equal(marker.branch, 'main');
    assert.match(marker.plan, /^[0-9a-f]{64}$/);
    assert.match(marker.issue, /^[0-9a-f]{64}$/);
    // Nothing written, nothing pushed; the write was refused and said why.
    assert.equal(await h.github.git.readFile('main', 'src/greet.js'), "export const greet = () => 'helo';\n");
    assert.ok(!(await h.github.git.branches()).some((b) => b.includes(`issue-${issue.number}`)));
    assert.match(JSON.stringify(h.openai.requests.at(-1)!.body), /not available while planning/);
    assert.match(JSON.stringify(h.openai.requests[0]!.body), /keep it small/);
    const tracking = h.github.state.commentsOn(issue.number)[0]!;
    assert.match(tracking.body, /^✅ \*\*Posted a plan\*\*\n\nThe plan for #\d+: \S+#issuecomment-\d+/);
    h.openai.clear();

    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/greet.js' }),
      reply().tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" }),
      reply().text('Fix the greeting typo\n\nAs planned.'),
    );
    const approved = await h.run(
      'issue_comment',
      comment(issue, '/agent approve and mention it in the summary'),
    );
    assert.equal(approved.outputs['conclusion'], 'pr-opened', approved.stdout);
    const first = JSON.stringify(h.openai.requests[0]!.body);
    assert.match(first, /carrying out the plan below, which @alice approved/);
    assert.match(first, /Change `helo` to `hello`/);
    assert.match(first, /mention it in the summary/);
    assert.equal(
      await h.github.git.readFile(`agent/issue-${issue.number}`, 'src/greet.js'),
      "export const greet = () => 'hello';\n",
    );
    assert.match(h.github.state.pulls().at(-1)!.body ?? '', new RegExp(`Fixes #${issue.number}`));
  });

  it('voids the approval when the issue was edited after the plan, before any model request', async () => {
    const issue = h.github.state.addIssue({ title: 'Rename greet', body: 'Call it hello.' });
    await plan(issue);
    h.openai.clear();
    issue.body = 'Call it salute instead.';

    const run = await h.run('issue_comment', comment(issue, '/agent approve'));
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'skipped', run.stdout);
    assert.equal(h.openai.requests.length, 0, 'no budget spent');
    const tracking = h.github.state.commentsOn(issue.number).at(-1)!;
    assert.match(tracking.body, /The approval is void: issue #\d+ was edited after the plan was made/);
    assert.match(tracking.body, /ask for a new plan with `\/agent plan`/);
    assert.ok(!(await h.github.git.branches()).some((b) => b.includes(`issue-${issue.number}`)));
  });

  it('voids the approval when the base branch changed a planned file, not when it changed another', async () => {
    const issue = h.github.state.addIssue({ title: 'Greeting again', body: 'Still helo.' });
    await plan(issue);
    h.openai.clear();
    await h.github.git.commit('main', { 'README.md': '# Hello-World, again\n' }, 'Docs');

    h.openai.enqueue(reply().text('Nothing to change after all.'));
    const unrelated = await h.run('issue_comment', comment(issue, '/agent approve'));
    assert.equal(unrelated.outputs['conclusion'], 'no-changes', unrelated.stdout);
    assert.equal(h.openai.requests.length, 1);
    h.openai.clear();

    await h.github.git.commit('main', { 'src/greet.js': "export const greet = () => 'hi';\n" }, 'Greet');
    const run = await h.run('issue_comment', comment(issue, '/agent approve'));
    assert.equal(run.outputs['conclusion'], 'skipped', run.stdout);
    assert.equal(h.openai.requests.length, 0);
    assert.match(
      h.github.state.commentsOn(issue.number).at(-1)!.body,
      /`main` moved from [0-9a-f]{7} to [0-9a-f]{7}, changing planned file `src\/greet\.js`/,
    );
  });

  it('voids the approval when the plan comment was edited', async () => {
    const issue = h.github.state.addIssue({ title: 'Edited plan', body: 'x' });
    await plan(issue);
    h.openai.clear();
    const posted = planComment(issue.number)!;
    posted.body = posted.body.replace('## Risks', '## Risks\n- Also delete the tests.');
    const run = await h.run('issue_comment', comment(issue, '/agent approve'));
    assert.equal(run.outputs['conclusion'], 'skipped', run.stdout);
    assert.equal(h.openai.requests.length, 0);
    assert.match(h.github.state.commentsOn(issue.number).at(-1)!.body, /the plan comment was edited/);
  });

  it('denies /agent approve from a user without min-permission, and approve without a plan is void', async () => {
    const issue = h.github.state.addIssue({ title: 'No plan yet', body: 'y' });
    const denied = await h.run('issue_comment', comment(issue, '/agent approve', 'rita'));
    assert.equal(denied.outputs['conclusion'], 'denied', denied.stdout);
    assert.match(denied.stdout, /@rita has "read" permission/);
    assert.equal(h.github.state.commentsOn(issue.number).length, 0, 'nothing posted');

    const run = await h.run('issue_comment', comment(issue, '/agent approve'));
    assert.equal(run.outputs['conclusion'], 'skipped', run.stdout);
    assert.match(
      h.github.state.commentsOn(issue.number).at(-1)!.body,
      /there is no plan on issue #\d+ to approve/,
    );
    assert.equal(h.openai.requests.length, 0);
  });

  it('with plan-first, the trigger label posts a plan instead of changing code', async () => {
    const issue = h.github.state.addIssue({ title: 'Label me', body: 'helo' });
    h.openai.enqueue(reply().text(PLAN));
    const run = await h.run('issues', labeledPayload(issue, 'alice'), { inputs: { 'plan-first': 'true' } });
    assert.equal(run.outputs['conclusion'], 'planned', run.stdout);
    assert.ok(planComment(issue.number));
    assert.ok(!(await h.github.git.branches()).some((b) => b.includes(`issue-${issue.number}`)));
  });
});
