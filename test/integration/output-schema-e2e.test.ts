/**
 * `output-schema` through the built action on both wire formats, with an endpoint that takes no
 * response format alongside tools, so the model answers through the `final_answer` tool: a valid
 * answer becomes the `result` output a following step reads; an invalid one gets one repair turn
 * with the validator's errors; one that never matches fails the run, naming the schema error,
 * while the answer is still published.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reply } from '../fakes/openai-server.js';
import { labeledPayload, useHarness } from '../helpers/action-harness.js';

const h = useHarness();
const SCHEMA = JSON.stringify({
  type: 'object',
  properties: { risk: { enum: ['low', 'high'] }, files: { type: 'array', items: { type: 'string' } } },
  required: ['risk', 'files'],
});

for (const api of ['chat-completions', 'responses'] as const) {
  describe(`output-schema over ${api}, end to end`, () => {
    const runWith = (issue: { number: number }) =>
      h.run(
        'issues',
        labeledPayload({ ...issue, title: 'Assess', body: 'How risky is greet.js?' }, 'alice'),
        {
          inputs: { mode: 'comment', api, 'output-schema': SCHEMA },
        },
      );

    it('sets result to the validated answer, which a following step reads as JSON', async () => {
      const issue = h.github.state.addIssue({
        title: 'Assess',
        body: 'How risky is greet.js?',
        user: 'alice',
      });
      h.openai.enqueue(
        reply().tool('read_file', { path: 'src/greet.js' }),
        reply()
          .text('Low risk.')
          .tool('final_answer', { answer: { risk: 'low', files: ['src/greet.js'] } }),
      );
      const run = await runWith(issue);
      assert.equal(run.exitCode, 0, run.stdout + run.stderr);
      assert.equal(run.outputs['conclusion'], 'commented');
      // A following step gets the output as text and reads it with fromJSON.
      assert.deepEqual(JSON.parse(run.outputs['result']!), { risk: 'low', files: ['src/greet.js'] });
      const tools = (
        h.openai.requests[0]!.body.tools as { name?: string; function?: { name: string } }[]
      ).map((t) => t.function?.name ?? t.name);
      assert.ok(tools.includes('final_answer'), 'the endpoint is asked through the final_answer tool');
    });

    it('gives one repair turn with the validator’s errors, then takes the corrected answer', async () => {
      const issue = h.github.state.addIssue({
        title: 'Assess',
        body: 'How risky is greet.js?',
        user: 'alice',
      });
      h.openai.enqueue(
        reply().tool('final_answer', { answer: { risk: 'medium', files: [] } }),
        reply().tool('final_answer', { answer: { risk: 'high', files: [] } }),
      );
      const run = await runWith(issue);
      assert.equal(run.exitCode, 0, run.stdout + run.stderr);
      assert.deepEqual(JSON.parse(run.outputs['result']!), { risk: 'high', files: [] });
      assert.equal(h.openai.requests.length, 2);
      assert.match(
        JSON.stringify(h.openai.requests[1]!.body),
        /risk.*(must be equal to one of|allowed values)/,
      );
    });

    it('fails clearly when the answer never matches, and still publishes it', async () => {
      const issue = h.github.state.addIssue({
        title: 'Assess',
        body: 'How risky is greet.js?',
        user: 'alice',
      });
      h.openai.enqueue(
        reply()
          .text('Medium, I think.')
          .tool('final_answer', { answer: { risk: 'medium', files: [] } }),
        reply()
          .text('Still medium.')
          .tool('final_answer', { answer: { risk: 'medium' } }),
      );
      const run = await runWith(issue);
      assert.notEqual(run.exitCode, 0);
      assert.equal(run.outputs['result'], '');
      assert.match(run.stdout, /::error::.*does not match `output-schema` after one repair turn/);
      const [comment] = h.github.state.commentsOn(issue.number);
      assert.match(comment!.body, /does not match `output-schema`/);
      assert.match(comment!.body, /medium/i, 'the answer is still published');
    });
  });
}
