/**
 * The built action fixing an issue over the OpenAI Responses API, against the fake's Responses
 * persona (which refuses a follow-up that drops the reasoning or pairs an output with no call):
 * on OpenAI's `/v1` path and on Azure OpenAI's `/openai/v1` path.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reply } from '../fakes/openai-server.js';
import { labeledPayload, useHarness } from '../helpers/action-harness.js';

const h = useHarness();

function fixGreeting() {
  h.openai.enqueue(
    reply().text('Let me look at the greeting.').tool('read_file', { path: 'src/greet.js' }).chunks(7),
    reply()
      .tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" })
      .chunks(9),
    reply().text('Fix the greeting typo\n\nThe greeting said "helo"; it now says "hello".'),
  );
}

/** Type (or role) of every input item of a recorded request. */
const shapes = (body: { input: { type?: string; role?: string }[] }) =>
  body.input.map((item) => item.type ?? item.role);

describe('the action on the Responses API, end to end', () => {
  for (const [label, path] of [
    ['OpenAI', '/v1'],
    ['Azure OpenAI v1', '/openai/v1'],
  ] as const) {
    it(`fixes a labelled issue over ${label} (${path}/responses), with the reasoning carried across tool calls`, async () => {
      const issue = h.github.state.addIssue({
        title: `Greeting typo (${label})`,
        body: 'It says helo.',
        user: 'alice',
      });
      fixGreeting();
      const baseUrl = h.openai.url.replace(/\/v1$/, path);
      const run = await h.run('issues', labeledPayload(issue, 'alice'), {
        inputs: { 'base-url': baseUrl, api: 'responses', 'reasoning-effort': 'high' },
      });
      assert.equal(run.exitCode, 0, run.stdout + run.stderr);
      assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
      assert.equal(
        await h.github.git.readFile(`agent/issue-${issue.number}`, 'src/greet.js'),
        "export const greet = () => 'hello';\n",
      );
      const pr = h.github.state.pulls().find((p) => p.pull?.headRef === `agent/issue-${issue.number}`);
      assert.equal(pr?.title, 'Fix the greeting typo');

      const requests = h.openai.requests;
      assert.equal(requests.length, 3);
      assert.deepEqual(
        requests.map((r) => r.path),
        Array(3).fill(`${path}/responses`),
      );
      for (const { body } of requests) {
        assert.equal(body.store, false);
        assert.deepEqual(body.include, ['reasoning.encrypted_content']);
        assert.deepEqual(body.reasoning, { effort: 'high' });
        assert.equal(body.messages, undefined);
        assert.match(body.instructions, /\S/, 'the system prompt travels as instructions');
        assert.ok(body.tools.every((tool: { name?: string }) => typeof tool.name === 'string'));
      }
      // Turn 3 sees both earlier turns, each reasoning item right before what it led to.
      assert.deepEqual(shapes(requests[2]!.body), [
        'user',
        'reasoning',
        'message',
        'function_call',
        'function_call_output',
        'reasoning',
        'function_call',
        'function_call_output',
      ]);
      const reasoning = requests[2]!.body.input.filter(
        (item: { type?: string }) => item.type === 'reasoning',
      );
      assert.ok(
        reasoning.every((item: { encrypted_content?: string }) =>
          item.encrypted_content?.startsWith('gAAAAAB'),
        ),
      );
      assert.equal(run.outputs['turns'], '3');
      assert.ok(Number(run.outputs['tokens']) > 0);
    });
  }

  it('fails at once, quoting OpenAI and naming the input, when the model refuses the reasoning setting', async () => {
    const issue = h.github.state.addIssue({ title: 'Typo again', body: 'It says helo.', user: 'alice' });
    fixGreeting();
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { api: 'responses', 'reasoning-effort': 'high', model: 'gpt-4.1' },
    });
    assert.equal(run.exitCode, 1, run.stdout + run.stderr);
    assert.equal(h.openai.requests.length, 1, 'a refusal is not retried');
    assert.equal(h.openai.requests[0]!.path, '/v1/responses');
    const error = run.stdout.split('\n').find((line) => line.startsWith('::error::')) ?? '';
    assert.match(error, /'reasoning\.effort' is not supported with this model/);
    assert.match(error, /`reasoning-effort` input/);
  });

  it('learns from the first refusal that a model without reasoning takes no encrypted reasoning, and fixes the issue', async () => {
    const issue = h.github.state.addIssue({ title: 'Typo on gpt-4.1', body: 'It says helo.', user: 'alice' });
    fixGreeting();
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { api: 'responses', model: 'gpt-4.1' },
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    const requests = h.openai.requests;
    assert.equal(requests.length, 4, 'one refused request, then the three turns');
    assert.deepEqual(requests[0]!.body.include, ['reasoning.encrypted_content']);
    assert.ok(requests.slice(1).every((r) => r.body.include === undefined));
    assert.match(
      run.stdout,
      /refused `include` \(HTTP 400: Encrypted content is not supported with this model\.\)/,
    );
    assert.equal((run.stdout.match(/refused `include`/g) ?? []).length, 1, 'said once for the run');
  });
});
