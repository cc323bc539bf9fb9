/**
 * Money through the built action: `max-cost-usd` stops a run against the fake model reporting
 * usage with cached prompt tokens, and the run still publishes what it did; the outputs, the
 * tracking comment, the job summary and the pull request's transcript header show tokens, cached
 * tokens and cost, on a failed run too. A money budget for a model with no price fails at start.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { httpError, reply } from '../fakes/openai-server.js';
import { labeledPayload, useHarness } from '../helpers/action-harness.js';
import { assertFooter, firstLine } from '../helpers/published-text.js';

const h = useHarness();
// USD per million tokens: input / cached input / output.
const prices = '2/0.2/10';

describe('cost and cache hits, end to end', () => {
  it('stops at max-cost-usd, publishes the work, and shows tokens, cached tokens and cost everywhere', async () => {
    const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
    // Turn 1: 100k prompt tokens, none cached = $0.20. The next turn's estimate fits under $0.25;
    // turn 2: 100k prompt, 50k cached, 1k out = $0.10 + $0.01 + $0.01 → $0.32: turn 3 never starts.
    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/greet.js' }).tokens(100_000, 0),
      reply()
        .tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" })
        .tokens(100_000, 1_000, 50_000),
      reply().text('never asked for'),
    );
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { prices, 'max-cost-usd': '0.25' },
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(h.openai.requests.length, 2, 'no turn after the budget');
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    assert.equal(run.outputs['turns'], '2');
    assert.equal(run.outputs['tokens'], '201000');
    assert.equal(run.outputs['cached-tokens'], '50000');
    assert.equal(run.outputs['cost-usd'], '0.3200');
    assert.equal(
      await h.github.git.readFile(`agent/issue-${issue.number}`, 'src/greet.js'),
      "export const greet = () => 'hello';\n",
      'the work done before the stop is published',
    );

    const [comment] = h.github.state.commentsOn(issue.number);
    const pr = h.github.state.pulls().find((p) => p.pull?.headRef === `agent/issue-${issue.number}`);
    const heads = [
      [
        comment!.body,
        `:warning: **Opened pull request #${pr?.number} as a draft** — stopped at the cost cap ($0.25, \`max-cost-usd\`)`,
      ],
      [pr?.body ?? '', ':warning: **Draft** — stopped at the cost cap ($0.25, `max-cost-usd`)'],
      [
        run.summary,
        `:warning: **Opened pull request #${pr?.number} as a draft** — stopped at the cost cap ($0.25, \`max-cost-usd\`)`,
      ],
    ];
    for (const [text, head] of heads) {
      assert.equal(firstLine(text!), head);
      assert.doesNotMatch(text!, /No changes/, 'a stop with changes is not "no changes"');
      assertFooter(text!, {
        turns: 2,
        requester: 'alice',
        cost: / · 201,000 tokens \(25% cached\) · \$0\.32 · /,
      });
    }
    assert.equal(pr?.pull?.draft, true, 'a stopped run opens a draft');
    assert.match(pr?.body ?? '', /<summary>Transcript: 2 tool calls · stopped: max-cost<\/summary>/);

    // The prefix is the same bytes on both turns, and the cache key is sent with each.
    const [first, second] = h.openai.requests.map((r) => r.body);
    assert.equal(JSON.stringify(second.messages.slice(0, 2)), JSON.stringify(first.messages.slice(0, 2)));
    assert.equal(JSON.stringify(second.tools), JSON.stringify(first.tools));
    assert.match(first.prompt_cache_key, /^agent-action-[0-9a-f]{24}$/);
    assert.equal(second.prompt_cache_key, first.prompt_cache_key);
  });

  it('sets tokens, cached tokens and cost on a failed run, and says them on the tracking comment', async () => {
    const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
    // 600 full + 400 cached + 100 out = $0.0012 + $0.00008 + $0.001 = $0.00228; then a refusal.
    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/greet.js' }).tokens(1_000, 100, 400),
      httpError(400, { code: 'invalid_request_error', message: 'The model refused the request.' }),
    );
    const run = await h.run('issues', labeledPayload(issue, 'alice'), { inputs: { prices } });
    assert.notEqual(run.exitCode, 0);
    assert.equal(run.outputs['conclusion'], 'failed');
    // The refused turn counts as a turn, as for max-turns.
    assert.equal(run.outputs['turns'], '2');
    assert.equal(run.outputs['tokens'], '1100');
    assert.equal(run.outputs['cached-tokens'], '400');
    assert.equal(run.outputs['cost-usd'], '0.0023');
    const [comment] = h.github.state.commentsOn(issue.number);
    assert.match(firstLine(comment!.body), /^❌ \*\*Failed: The LLM endpoint [^*]* refused the request/);
    for (const text of [comment!.body, run.summary])
      assertFooter(text, {
        turns: 2,
        requester: 'alice',
        cost: / · 1,100 tokens \(40% cached\) · \$0\.0023 · /,
      });
  });

  it('a cap below what the next turn costs: the cap printed as set, the advice to raise it, never "No changes"', async () => {
    const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
    // Turn 1: 1,000 prompt + 100 out = $0.003; the next turn's estimate passes the $0.00472 cap.
    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/greet.js' }).tokens(1_000, 100),
      reply().text('never asked for'),
    );
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { prices, 'max-cost-usd': '0.00472' },
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(h.openai.requests.length, 1);
    assert.equal(run.outputs['conclusion'], 'no-changes');
    const [comment] = h.github.state.commentsOn(issue.number);
    for (const text of [comment!.body, run.summary]) {
      assert.equal(
        firstLine(text),
        ':warning: **Stopped before making a change** — stopped at the cost cap ($0.0047, `max-cost-usd`)',
      );
      assert.doesNotMatch(text, /No changes|\$0\.00\b/);
      assert.match(
        text,
        /the next turn would pass the \$0\.0047 budget \(`max-cost-usd`\)\. Raise `max-cost-usd` to let it finish\./,
      );
      assertFooter(text, { turns: 1, requester: 'alice', cost: / · \$0\.003 · / });
    }
  });

  it('fails at start when max-cost-usd is set for a model with no price, naming prices', async () => {
    const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
    const run = await h.run('issues', labeledPayload(issue, 'alice'), { inputs: { 'max-cost-usd': '1' } });
    assert.notEqual(run.exitCode, 0);
    assert.equal(run.outputs['conclusion'], 'failed');
    assert.equal(run.outputs['cost-usd'], '');
    assert.match(
      run.stdout + run.stderr,
      /max-cost-usd is set but model "fake-model" has no known price[^\n]*`prices`/,
    );
    assert.equal(h.openai.requests.length, 0);
  });
});
