/**
 * The built action fixes an issue through every Chat Completions provider persona (see
 * `test/fakes/providers/` and docs/providers.md): each persona refuses what its provider refuses,
 * with that provider's error bodies, and streams the way it streams. A run that cannot work there
 * (a model without tools, a retired service) fails at once, quoting the provider.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RecordedRequest } from '../fakes/openai-server.js';
import { reply, type Step } from '../fakes/openai-server.js';
import { openRouterWithoutTools } from '../fakes/providers/gemini.js';
import { githubModelsRetired } from '../fakes/providers/github-models.js';
import { chatCompletionsPersonas, type Persona } from '../fakes/providers/index.js';
import { llamaCppWithoutJinja } from '../fakes/providers/local-servers.js';
import { openAiGpt56ChatCompletions } from '../fakes/providers/openai.js';
import { API_KEY, DEFAULT_FILES, labeledPayload, useHarness } from '../helpers/action-harness.js';

const GITHUB_TOKEN = 'ghs_workflowTokenForModels0123456789abcd';
const h = useHarness(DEFAULT_FILES);

const read = () => reply().tool('read_file', { path: 'src/greet.js' });
const edit = () =>
  reply().tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" });
const done = () => reply().text('Fix the greeting typo\n\nThe greeting said "helo"; it now says "hello".');

/** The replies each persona's run is scripted with; the plain fix unless the persona needs more. */
const scripts: Record<string, () => Step[]> = {
  // A stream cut after the read ran: the continue note must not become a user message after tool.
  mistral: () => [
    read().tool('edit_file', { path: 'x', old_string: 'a', new_string: 'b' }).cut(3),
    edit(),
    done(),
  ],
  // Cut off at the length limit with nothing usable, then arguments the model broke off.
  ollama: () => [
    reply().text('I will fix').finish('length'),
    reply().tool('read_file', '{"path": "src/greet.js"'),
    read(),
    edit(),
    done(),
  ],
  // The parser drops the first call's final brace: that call must not run, and must not poison the history.
  'vllm-old': () => [read(), read(), edit(), done()],
};

const accepted = (requests: RecordedRequest[], refused: Set<RecordedRequest>) =>
  requests.filter((r) => !refused.has(r));

/** Persona-specific facts about the requests the action sent. */
const checks: Record<string, (requests: RecordedRequest[], stdout: string) => void> = {
  'openai-gpt-4.1': (requests) => {
    assert.ok(requests.every((r) => r.body.parallel_tool_calls === true && r.body.stream_options));
  },
  'openai-o-series': (requests, stdout) => {
    assert.ok('parallel_tool_calls' in requests[0]!.body);
    assert.ok(requests.slice(1).every((r) => !('parallel_tool_calls' in r.body)));
    assert.equal(stdout.match(/refused `parallel_tool_calls`/g)?.length, 1, 'logged once');
  },
  'azure-openai-legacy': (requests) => {
    for (const r of requests) {
      assert.match(
        r.path,
        /^\/openai\/deployments\/o3-mini-prod\/chat\/completions\?api-version=2024-10-21$/,
      );
      assert.equal(r.headers['api-key'], API_KEY);
      assert.equal(r.headers.authorization, undefined, 'no Bearer header on the deployment URL');
    }
  },
  'azure-ai-foundry': (requests) => {
    assert.ok('stream_options' in requests[0]!.body);
    assert.ok(requests.slice(1).every((r) => !('stream_options' in r.body)));
    assert.ok(requests.every((r) => r.path.endsWith('?api-version=2024-05-01-preview')));
  },
  mistral: (requests) => {
    const later = requests.filter((r) => !('stream_options' in r.body));
    assert.ok(later.length >= 3);
    const roles = later.at(-1)!.body.messages.map((m: { role: string }) => m.role);
    assert.ok(!roles.some((role: string, i: number) => role === 'user' && roles[i - 1] === 'tool'));
  },
  'gemini-direct': (requests) => {
    const call = requests.at(-1)!.body.messages.find((m: any) => m.tool_calls)?.tool_calls[0];
    assert.match(call.extra_content.google.thought_signature, /^sig-/);
  },
  'openrouter-gemini': (requests) => {
    const assistant = requests.at(-1)!.body.messages.find((m: any) => m.tool_calls);
    assert.deepEqual(
      assistant.reasoning_details.map((d: any) => d.type),
      ['reasoning.text', 'reasoning.encrypted'],
    );
    assert.equal(assistant.reasoning_details[0].text, 'Looking at it.');
  },
  'deepseek-thinking': (requests) => {
    const assistant = requests.at(-1)!.body.messages.find((m: any) => m.tool_calls);
    assert.equal(assistant.reasoning_content, 'The user wants the typo fixed.');
    assert.ok(requests.every((r) => r.path === '/chat/completions'));
  },
  ollama: (requests) => {
    const last = requests.at(-1)!.body.messages;
    assert.ok(
      !last.some((m: any) => m.role === 'assistant' && m.content === 'I will fix'),
      'a cut-off answer is no answer',
    );
    const broken = last.find((m: any) => m.tool_calls?.[0]?.function.arguments === '{}');
    assert.ok(broken, 'the broken call is kept with arguments that parse');
    const result = last[last.indexOf(broken) + 1];
    assert.match(result.content, /not valid JSON/);
  },
  'vllm-old': (requests) => {
    const second = requests[1]!.body.messages;
    assert.equal(second.at(-2).tool_calls[0].function.arguments, '{}');
    assert.match(second.at(-1).content, /cut off/);
  },
};

describe('the action through each provider persona', () => {
  for (const persona of chatCompletionsPersonas(API_KEY)) {
    it(`fixes an issue through ${persona.name} (${persona.provider})`, async () => {
      const refused = trackRefusals(persona);
      h.openai.usePersona(persona);
      h.openai.enqueue(...(scripts[persona.name]?.() ?? [read(), edit(), done()]));
      const issue = h.github.state.addIssue({
        title: 'Greeting is misspelled',
        body: 'It says helo.',
        user: 'alice',
      });
      const run = await h.run('issues', labeledPayload(issue, 'alice'), {
        inputs: persona.inputs(h.openai.origin),
      });
      h.openai.usePersona(undefined);
      assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
      assert.equal(
        await h.github.git.readFile(`agent/issue-${issue.number}`, 'src/greet.js'),
        "export const greet = () => 'hello';\n",
      );
      assert.equal(h.openai.pending(), 0, 'every scripted reply was used');
      checks[persona.name]?.(h.openai.requests, run.stdout);
      assert.ok(accepted(h.openai.requests, refused).length > 0);
    });
  }
});

describe('runs that cannot work fail at once, quoting the provider and naming the fix', () => {
  const cases: Array<{ persona: Persona; inputs?: Record<string, string>; expect: RegExp[] }> = [
    {
      persona: openRouterWithoutTools(),
      expect: [/No endpoints found that support tool use/, /cannot call tools/, /`model` input/],
    },
    { persona: llamaCppWithoutJinja(), expect: [/tools param requires --jinja flag/, /`--jinja`/] },
    {
      persona: githubModelsRetired(GITHUB_TOKEN),
      expect: [
        /GitHub Models was retired on 2026-07-30/,
        /HTTP 410: GitHub Models has been retired/,
        /Change the `base-url`, `api-key` and `model` inputs to another provider/,
      ],
    },
    {
      persona: openAiGpt56ChatCompletions(),
      expect: [/Function tools with reasoning_effort are not supported/, /`reasoning-effort` input/],
    },
  ];
  for (const { persona, expect } of cases) {
    it(`${persona.name}: one request, then a failure that says what to change`, async () => {
      h.openai.usePersona(persona);
      h.openai.enqueue(read(), edit(), done());
      const issue = h.github.state.addIssue({
        title: 'Greeting is misspelled',
        body: 'It says helo.',
        user: 'alice',
      });
      const run = await h.run('issues', labeledPayload(issue, 'alice'), {
        inputs: persona.inputs(h.openai.origin),
      });
      h.openai.usePersona(undefined);
      assert.equal(run.outputs['conclusion'], 'failed', run.stdout);
      assert.equal(h.openai.requests.length, 1, 'no retries for what waiting cannot fix');
      const comment = h.github.state.commentsOn(issue.number).at(-1)?.body ?? '';
      for (const pattern of expect) assert.match(run.stdout, pattern);
      assert.match(comment, expect[0]!);
    });
  }

  it('gpt-5.6 on Chat Completions works once `reasoning-effort` is `none`', async () => {
    h.openai.usePersona(openAiGpt56ChatCompletions());
    h.openai.enqueue(read(), edit(), done());
    const issue = h.github.state.addIssue({
      title: 'Greeting is misspelled',
      body: 'It says helo.',
      user: 'alice',
    });
    const inputs = { ...openAiGpt56ChatCompletions().inputs(h.openai.origin), 'reasoning-effort': 'none' };
    const run = await h.run('issues', labeledPayload(issue, 'alice'), { inputs });
    h.openai.usePersona(undefined);
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    assert.ok(h.openai.requests.every((r) => r.body.reasoning_effort === 'none'));
  });
});

/** Wraps the persona's refusals so the test knows which requests were refused. */
function trackRefusals(persona: Persona): Set<RecordedRequest> {
  const refused = new Set<RecordedRequest>();
  const refuse = persona.refuse;
  if (refuse) {
    persona.refuse = (request) => {
      const step = refuse(request);
      if (step) refused.add(request);
      return step;
    };
  }
  return refused;
}
