/**
 * What a run leaves for other tools, through the built action: the transcript uploaded as one
 * artifact to a fake of the Actions results service (the real `@actions/artifact` client speaking
 * its Twirp and blob protocol), and the run's trace sent to a real OTLP/HTTP receiver that decodes
 * the protobuf the official exporter writes. A secret the model repeats (the API key and an
 * `otel-headers` value) reaches neither. A refused upload and an unreachable or unlisted collector
 * are warnings; the run's result stands.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { type ArtifactService, startArtifactService } from '../fakes/artifact-service.js';
import { reply } from '../fakes/openai-server.js';
import { type OtlpReceiver, startOtlpReceiver } from '../fakes/otlp-receiver.js';
import { API_KEY, labeledPayload, useHarness } from '../helpers/action-harness.js';

const h = useHarness();
const OTEL_TOKEN = 'otel-secret-token-7f3a9c1e5b2d4680';

describe('transcript artifact and OpenTelemetry trace, end to end', () => {
  let artifacts: ArtifactService;
  let receiver: OtlpReceiver;
  before(async () => {
    artifacts = await startArtifactService();
    receiver = await startOtlpReceiver();
  });
  after(async () => {
    await artifacts.close();
    await receiver.close();
  });

  /** The runner's environment for an upload: the results service, and a github.com-like server name. */
  const uploadEnv = () => ({
    ...artifacts.env(),
    // `@actions/artifact` refuses GitHub Enterprise Server hosts; `*.localhost` is what it takes
    // for a local one, and git (curl) resolves it to the fake's loopback address.
    GITHUB_SERVER_URL: h.github.actionEnv()['GITHUB_SERVER_URL']!.replace('127.0.0.1', 'github.localhost'),
    GITHUB_JOB: 'agent',
    OTEL_TOKEN,
  });
  const otelInputs = () => ({
    'otel-endpoint': receiver.url,
    'otel-headers': 'x-otel-token=$OTEL_TOKEN',
    'allowed-domains': `127.0.0.1:${new URL(receiver.url).port}`,
  });
  const fourTurns = () =>
    h.openai.enqueue(
      reply()
        .text(`Reading it; my key is ${API_KEY} and ${OTEL_TOKEN}.`)
        .tool('read_file', { path: 'src/greet.js' }),
      reply().tool('bash', { command: 'curl https://example.com' }),
      reply().tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" }),
      reply().text('Fixed the greeting typo.'),
    );

  it('uploads the transcript as one artifact and sends a trace per run, spans per turn and tool call, no content', async () => {
    const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
    fourTurns();
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: otelInputs(),
      env: uploadEnv(),
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    assert.equal(run.outputs['turns'], '4');

    // The artifact: one, named for the trigger and the run, with the transcript as the run wrote it.
    assert.deepEqual(artifacts.violations, []);
    assert.equal(artifacts.artifacts.length, 1);
    const [artifact] = artifacts.artifacts;
    assert.equal(artifact!.name, `agent-transcript-issue${issue.number}-run4242.1-agent`);
    assert.deepEqual(Object.keys(artifact!.files).sort(), ['transcript.jsonl', 'transcript.md']);
    const jsonl = artifact!.files['transcript.jsonl']!;
    assert.equal(
      jsonl,
      await readFile(run.outputs['transcript-path']!, 'utf8'),
      'the JSONL is the transcript-path file',
    );
    const types = jsonl
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { type: string }).type);
    assert.equal(types.filter((t) => t === 'turn').length, 4);
    assert.ok(types.includes('run-end'));
    const markdown = artifact!.files['transcript.md']!;
    assert.match(markdown, /read_file/);
    assert.match(markdown, /curl https:\/\/example\.com/, 'the Markdown has every call in full');
    for (const text of Object.values(artifact!.files)) {
      assert.ok(!text.includes(API_KEY) && !text.includes(OTEL_TOKEN), 'no secret in the artifact');
    }
    assert.match(markdown, /my key is \*\*\* and \*\*\*/);

    const url = `${uploadEnv().GITHUB_SERVER_URL}/Codertocat/Hello-World/actions/runs/4242/artifacts/${artifact!.id}`;
    assert.equal(run.outputs['artifact-url'], url);
    assert.ok(run.summary.includes(`[transcript](${url})`), run.summary);
    const [comment] = h.github.state.commentsOn(issue.number);
    assert.equal(comment!.body.split(`[transcript](${url})`).length, 2, 'linked once, in the footer');

    // The trace: one per run, the root span with a chat span per turn and a tool span per call under it.
    assert.equal(receiver.headers.length, 1, 'one export at the end of the run');
    assert.equal(
      receiver.headers[0]!['x-otel-token'],
      OTEL_TOKEN,
      'the header comes from the named variable',
    );
    const spans = receiver.spans;
    const roots = spans.filter((s) => s.parentSpanId === '');
    assert.equal(roots.length, 1);
    const root = roots[0]!;
    assert.equal(root.name, 'invoke_agent agent-action');
    assert.equal(root.resource['service.name'], 'agent-action');
    assert.ok(spans.every((s) => s.traceId === root.traceId && s.traceId.length === 32));
    const children = spans.filter((s) => s !== root);
    assert.ok(
      children.every((s) => s.parentSpanId === root.spanId),
      'every turn and call is a child of the run',
    );
    assert.ok(
      children.every((s) => s.startNs >= root.startNs && s.endNs <= root.endNs && s.startNs <= s.endNs),
    );
    const chats = children.filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
    assert.deepEqual(
      chats.map((s) => [
        s.name,
        s.kind,
        s.attributes['agent_action.turn'],
        s.attributes['gen_ai.response.finish_reasons'],
      ]),
      [
        ['chat fake-model', 3, 1, ['tool_calls']],
        ['chat fake-model', 3, 2, ['tool_calls']],
        ['chat fake-model', 3, 3, ['tool_calls']],
        ['chat fake-model', 3, 4, ['stop']],
      ],
    );
    for (const chat of chats) {
      assert.equal(chat.attributes['gen_ai.request.model'], 'fake-model');
      assert.equal(typeof chat.attributes['gen_ai.usage.input_tokens'], 'number');
      assert.ok((chat.attributes['gen_ai.usage.output_tokens'] as number) > 0);
    }
    const tools = children.filter((s) => s.attributes['gen_ai.operation.name'] === 'execute_tool');
    assert.deepEqual(
      tools.map((s) => [s.name, s.attributes['gen_ai.tool.name'], s.attributes['agent_action.tool.outcome']]),
      [
        ['execute_tool read_file', 'read_file', 'ok'],
        ['execute_tool bash', 'bash', 'denied'],
        ['execute_tool edit_file', 'edit_file', 'ok'],
      ],
    );
    const denied = tools[1]!;
    assert.equal(denied.statusCode, 2);
    assert.equal(typeof denied.attributes['agent_action.tool.denial_rule'], 'string');
    assert.equal(root.attributes['agent_action.conclusion'], 'pr-opened');
    assert.equal(root.attributes['agent_action.turns'], 4);
    assert.equal(root.attributes['agent_action.tool_calls'], 3);
    // No content by default, and no secret anywhere in what was sent.
    for (const span of spans) {
      for (const key of ['gen_ai.output.messages', 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result'])
        assert.equal(span.attributes[key], undefined, `${span.name} has no ${key}`);
    }
    const sent = Buffer.concat(receiver.bodies).toString('latin1');
    assert.ok(
      !sent.includes(API_KEY) && !sent.includes(OTEL_TOKEN) && !sent.includes('helo'),
      'no content, no secret',
    );
  });

  it('warns on a refused upload and still succeeds; with otel-content the spans carry the masked text', async () => {
    artifacts.failWith(403);
    receiver.spans.length = 0;
    receiver.bodies.length = 0;
    const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
    fourTurns();
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { ...otelInputs(), 'otel-content': 'true' },
      env: uploadEnv(),
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'pr-opened');
    assert.equal(run.outputs['artifact-url'], '');
    assert.match(run.stdout, /::warning::Could not upload the transcript artifact/);
    assert.doesNotMatch(run.stdout, /::error::/);
    const [comment] = h.github.state.commentsOn(issue.number);
    assert.ok(!comment!.body.includes('/artifacts/'), comment!.body);

    const first = receiver.spans.find(
      (s) => s.attributes['agent_action.turn'] === 1 && s.name.startsWith('chat'),
    );
    assert.match(String(first?.attributes['gen_ai.output.messages']), /my key is \*\*\* and \*\*\*/);
    const bash = receiver.spans.find((s) => s.name === 'execute_tool bash');
    assert.match(String(bash?.attributes['gen_ai.tool.call.arguments']), /curl https:\/\/example\.com/);
    const sent = Buffer.concat(receiver.bodies).toString('latin1');
    assert.ok(!sent.includes(API_KEY) && !sent.includes(OTEL_TOKEN), 'no secret in the spans');
  });

  it('warns when the collector is not in allowed-domains or does not answer, and sends nothing there', async () => {
    const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
    h.openai.enqueue(reply().text('Nothing to change.'));
    const exports = receiver.headers.length;
    const unlisted = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { 'otel-endpoint': receiver.url },
    });
    assert.equal(unlisted.exitCode, 0, unlisted.stdout + unlisted.stderr);
    assert.match(
      unlisted.stdout,
      /::warning::Could not send the run's trace to otel-endpoint .*allowed-domains/,
    );
    assert.equal(receiver.headers.length, exports, 'an unlisted collector is never contacted');
    assert.match(unlisted.stdout, /No artifact service on this runner/);

    h.openai.enqueue(reply().text('Nothing to change.'));
    const down = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { 'otel-endpoint': 'http://127.0.0.1:9', 'allowed-domains': '127.0.0.1:9' },
    });
    assert.equal(down.exitCode, 0, down.stdout + down.stderr);
    assert.match(down.stdout, /::warning::Could not send the run's trace to otel-endpoint 127\.0\.0\.1:9/);
  });
});
