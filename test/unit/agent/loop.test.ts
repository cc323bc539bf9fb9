import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { RunBudget } from '../../../src/agent/budget.js';
import { type AgentEvent, runAgent } from '../../../src/agent/loop.js';
import { createTranscript, readTranscript } from '../../../src/agent/transcript.js';
import { renderTranscriptMarkdown } from '../../../src/outputs/transcript-markdown.js';
import { buildInitialMessages } from '../../../src/prompt/task-prompt.js';
import { createRedactor } from '../../../src/safety/redact.js';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { httpError, reply, reset } from '../../fakes/openai-server.js';
import { createProbeTool, createShellTool } from '../../helpers/agent-tools.js';
import { fakeClient } from '../../helpers/fake-llm-client.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';
import { createTempRepo } from '../../helpers/sum-repo.js';

const limits = (
  over: Partial<{ maxTurns: number; maxTokens: number; deadline: number; contextWindowTokens: number }> = {},
) => ({
  maxTurns: 20,
  maxTokens: 1_000_000,
  deadline: Date.now() + 60_000,
  ...over,
});
const start = (): ChatCompletionMessageParam[] =>
  buildInitialMessages({ task: 'Fix the sum function; its test fails.' });

describe('runAgent on a real repository', () => {
  const fake = useFakeOpenAI();
  let repo: Awaited<ReturnType<typeof createTempRepo>>;
  beforeEach(async () => {
    repo = await createTempRepo();
  });
  afterEach(() => repo.cleanup());

  it('reads, edits, runs the tests and finishes with a summary', async () => {
    const registry = createDefaultRegistry({ workspace: repo.dir }, [createShellTool(repo.dir)]);
    fake.enqueue(
      reply()
        .text('Let me look at the code and the test.')
        .tool('read_file', { path: 'src/sum.js' })
        .tool('read_file', { path: 'test/sum.test.js' })
        .tokens(900, 40),
      reply()
        .tool('edit_file', { path: 'src/sum.js', old_string: 'return a - b;', new_string: 'return a + b;' })
        .tokens(1100, 30),
      reply().tool('bash', { command: 'node --test' }).tokens(1200, 10),
      reply().text('Fixed `sum`: it subtracted instead of adding. The test passes now.').tokens(1400, 20),
    );
    const events: AgentEvent[] = [];
    const transcriptPath = path.join(repo.dir, '..', `${path.basename(repo.dir)}-transcript.jsonl`);
    const transcript = createTranscript({
      path: transcriptPath,
      redact: createRedactor(['sk-test-key-123456']),
    });
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry,
      messages: start(),
      budget: new RunBudget(limits()),
      transcript,
      onEvent: (e) => events.push(e),
    });

    assert.equal(result.stopReason, 'done');
    assert.equal(result.summary, 'Fixed `sum`: it subtracted instead of adding. The test passes now.');
    assert.equal(result.turns, 4);
    assert.deepEqual(result.tokens, { prompt: 4600, completion: 100, total: 4700 });
    assert.equal(result.toolCalls, 4);
    assert.match(await readFile(path.join(repo.dir, 'src/sum.js'), 'utf8'), /return a \+ b;/);
    assert.match(await repo.git('diff'), /-\s+return a - b;\n\+\s+return a \+ b;/);

    // The conversation: system, user, then per turn an assistant message and one tool message per call.
    const roles = result.messages.map((m) => m.role);
    assert.deepEqual(roles, [
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    const bashResult = result.messages[8];
    assert.equal(bashResult?.role, 'tool');
    assert.match(String(bashResult?.content), /pass 1/);
    assert.match(String(bashResult?.content), /exit code 0/);

    // What the model was sent on its last turn includes the tool results, keyed by tool_call_id.
    const lastRequest = fake.requests.at(-1)!.body;
    const toolMessages = lastRequest.messages.filter((m: any) => m.role === 'tool');
    const callIds = lastRequest.messages.flatMap((m: any) => (m.tool_calls ?? []).map((c: any) => c.id));
    assert.deepEqual(
      toolMessages.map((m: any) => m.tool_call_id),
      callIds,
    );
    assert.equal(lastRequest.tools.length, 7);

    const types = (await readTranscript(transcriptPath)).map((r) => r.type);
    assert.deepEqual(types, [
      'agent-start',
      'turn',
      'tool-call',
      'tool-call',
      'turn',
      'tool-call',
      'turn',
      'tool-call',
      'turn',
      'agent-end',
    ]);
    const markdown = renderTranscriptMarkdown(await readTranscript(transcriptPath));
    assert.match(markdown, /^<details>\n<summary>Transcript: 4 tool calls<\/summary>/);
    const rows = markdown.split('\n').filter((line) => /^\| `\w+` /.test(line));
    assert.deepEqual(
      rows.map((row) => /^\| (`\w+`)/.exec(row)?.[1]),
      ['`read_file`', '`read_file`', '`edit_file`', '`bash`'],
    );
    assert.ok(rows.every((row) => row.includes('✅')));
    assert.ok(events.some((e) => e.type === 'tool-start' && e.call.name === 'edit_file' && !e.readOnly));
    assert.equal(events.filter((e) => e.type === 'turn-end').length, 4);
  });

  it('continues an existing conversation with a new user turn', async () => {
    const registry = createDefaultRegistry({ workspace: repo.dir });
    fake.enqueue(reply().text('First answer.'), reply().text('Second answer, after CI.'));
    const first = await runAgent({
      llm: fakeClient(fake.url),
      registry,
      messages: start(),
      budget: new RunBudget(limits()),
    });
    const second = await runAgent({
      llm: fakeClient(fake.url),
      registry,
      messages: [...first.messages, { role: 'user', content: 'CI failed on your change.' }],
      budget: new RunBudget(limits()),
    });
    assert.equal(second.summary, 'Second answer, after CI.');
    const sent = fake.requests.at(-1)!.body.messages.map((m: any) => m.content);
    assert.deepEqual(sent.slice(-2), ['First answer.', 'CI failed on your change.']);
  });
});

describe('runAgent budgets and failures', () => {
  const fake = useFakeOpenAI();

  it('stops at max-turns with a summary of what was done', async () => {
    const probe = createProbeTool();
    fake.enqueue(
      reply().text('Looking at a.').tool('probe', { key: 'a' }),
      reply().text('Looking at b.').tool('probe', { key: 'b' }),
      reply().text('never requested'),
    );
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([probe.tool]),
      messages: start(),
      budget: new RunBudget(limits({ maxTurns: 2 })),
    });
    assert.equal(result.stopReason, 'max-turns');
    assert.equal(result.turns, 2);
    assert.equal(fake.requests.length, 2);
    assert.match(result.summary, /all 2 turns \(`max-turns`\)/);
    assert.match(result.summary, /2 tool calls/);
    assert.match(result.summary, /Looking at b\./);
    assert.equal(fake.pending(), 1, 'the third reply was never requested');
  });

  it('estimates tokens for an endpoint that sends no usage', async () => {
    fake.enqueue(reply().tool('probe', { key: 'a' }).noUsage(), reply().text('Done.').noUsage());
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([createProbeTool().tool]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(result.stopReason, 'done');
    assert.ok(result.tokens.prompt > 100, `estimated prompt tokens: ${result.tokens.prompt}`);
    assert.ok(result.tokens.completion > 0);
    assert.equal(result.tokens.total, result.tokens.prompt + result.tokens.completion);
  });

  it('stops before a turn would pass max-tokens', async () => {
    const probe = createProbeTool();
    fake.enqueue(reply().tool('probe', { key: 'a' }).tokens(9_000, 500), reply().text('unreachable'));
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([probe.tool]),
      messages: start(),
      budget: new RunBudget(limits({ maxTokens: 10_000 })),
    });
    assert.equal(result.stopReason, 'max-tokens');
    assert.deepEqual(result.tokens, { prompt: 9_000, completion: 500, total: 9_500 });
    assert.equal(fake.requests.length, 1);
    assert.match(result.summary, /10,000-token budget/);
  });

  it('stops on the deadline while the endpoint hangs, keeping what was done', async () => {
    const probe = createProbeTool();
    const { hang } = await import('../../fakes/openai-server.js');
    fake.enqueue(reply().tool('probe', { key: 'a' }), hang());
    const result = await runAgent({
      llm: fakeClient(fake.url, 30_000),
      registry: new ToolRegistry([probe.tool]),
      messages: start(),
      budget: new RunBudget(limits({ deadline: Date.now() + 500 })),
    });
    assert.equal(result.stopReason, 'timeout');
    assert.equal(result.turns, 2);
    assert.deepEqual(probe.runs, ['a']);
    assert.match(result.summary, /ran out of time \(`timeout-minutes`\)/);
    assert.equal(
      result.messages.at(-1)?.role,
      'tool',
      'the conversation stays valid for a later continuation',
    );
  });

  it('stops when the job is cancelled', async () => {
    const { hang } = await import('../../fakes/openai-server.js');
    fake.enqueue(hang());
    const controller = new AbortController();
    const pending = runAgent({
      llm: fakeClient(fake.url, 30_000),
      registry: new ToolRegistry([createProbeTool().tool]),
      messages: start(),
      budget: new RunBudget(limits()),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    const result = await pending;
    assert.equal(result.stopReason, 'cancelled');
    assert.match(result.summary, /cancelled/);
  });

  it('retries 429 (retry-after), 500 and a reset connection, then succeeds', async () => {
    fake.enqueue(
      httpError(429, { retryAfter: '0' }),
      httpError(503),
      reset(),
      reply().text('Done after retries.'),
    );
    const events: AgentEvent[] = [];
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([createProbeTool().tool]),
      messages: start(),
      budget: new RunBudget(limits()),
      onEvent: (e) => events.push(e),
    });
    assert.equal(result.stopReason, 'done');
    assert.equal(result.summary, 'Done after retries.');
    assert.equal(result.turns, 1);
    assert.equal(fake.requests.length, 4);
    const retries = events.flatMap((e) => (e.type === 'retry' ? [e] : []));
    assert.deepEqual(
      retries.map((r) => r.attempt),
      [1, 2, 3],
    );
    assert.equal(retries[0]?.reason, 'HTTP 429: fake error 429');
    assert.equal(retries[0]?.delayMs, 0, 'retry-after: 0 honoured');
    assert.equal(retries[1]?.reason, 'HTTP 503: fake error 503');
    assert.match(retries[2]?.reason ?? '', /connection/i);
  });

  it('restarts a turn whose stream broke before any call ran, running each call once', async () => {
    const writer = createProbeTool({ name: 'change', readOnly: false });
    fake.enqueue(
      reply().tool('change', { key: 'x' }).chunks(4).cut(4),
      reply().tool('change', { key: 'x' }).chunks(4),
      reply().text('Changed x.'),
    );
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([writer.tool]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(result.stopReason, 'done');
    assert.deepEqual(writer.runs, ['x']);
    assert.equal(fake.requests.length, 3);
    assert.equal(result.turns, 2);
  });

  it('keeps calls that already ran when the stream breaks later, and asks the model to continue', async () => {
    const reader = createProbeTool({ name: 'look' });
    const writer = createProbeTool({ name: 'change', readOnly: false });
    // look a completes (the next call starts), then the stream is cut inside `change`.
    fake.enqueue(
      reply().tool('look', { key: 'a' }).tool('change', { key: 'x' }).chunks(2).cut(6),
      reply().tool('change', { key: 'x' }),
      reply().text('Looked at a, changed x.'),
    );
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([reader.tool, writer.tool]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(result.stopReason, 'done');
    assert.deepEqual(reader.runs, ['a'], 'the read that ran before the break is not re-run');
    assert.deepEqual(writer.runs, ['x'], 'the write is run once, from the continued turn');
    const second = fake.requests[1]!.body.messages;
    assert.equal(second.at(-2).role, 'assistant');
    assert.deepEqual(
      second.at(-2).tool_calls.map((c: any) => c.function.name),
      ['look'],
    );
    // No user message after the tool result (Mistral refuses one): the note is part of it.
    assert.equal(second.at(-1).role, 'tool');
    assert.match(second.at(-1).content, /^probe a ok\n\n\[The connection dropped/);
  });

  it('fails fast on a bad key, naming the input', async () => {
    fake.enqueue(
      httpError(401, { code: 'invalid_api_key', message: 'Incorrect API key provided: sk-test-***' }),
    );
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([createProbeTool().tool]),
      messages: start(),
      budget: new RunBudget(limits()),
      redact: createRedactor(['sk-test-key-123456']),
    });
    assert.equal(result.stopReason, 'error');
    assert.equal(fake.requests.length, 1, 'no retry on 401');
    assert.match(result.error ?? '', /`api-key` input/);
    assert.match(result.summary, /LLM endpoint failed/);
  });

  it('gives up after max attempts on a persistent 500', async () => {
    fake.enqueue(httpError(500), httpError(500), httpError(500));
    const llm = fakeClient(fake.url);
    llm.retry = { ...llm.retry, maxAttempts: 3 };
    const result = await runAgent({
      llm,
      registry: new ToolRegistry([createProbeTool().tool]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(result.stopReason, 'error');
    assert.equal(fake.requests.length, 3);
    assert.match(result.error ?? '', /gave up after 3 attempts/);
  });

  it('hints after 3 identical failures and stops as stuck on the 4th', async () => {
    const failing = createProbeTool({ fail: true });
    for (let i = 0; i < 4; i++) fake.enqueue(reply().tool('probe', { key: 'same' }));
    fake.enqueue(reply().text('unreachable'));
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([failing.tool]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(result.stopReason, 'stuck');
    assert.equal(result.turns, 4);
    const toolOutputs = result.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    assert.equal(toolOutputs.length, 4);
    assert.doesNotMatch(toolOutputs[1]!, /failed 3 times in a row/);
    assert.match(toolOutputs[2]!, /failed 3 times in a row/);
    assert.match(result.summary, /repeating the same failing call \(`probe`\)/);
  });

  it('elides old tool results when the context nears the window, never the latest turn', async () => {
    const big = defineBigReader();
    fake.enqueue(
      reply().tool('read_big', { path: 'one.txt' }),
      reply().tool('read_big', { path: 'two.txt' }),
      reply().tool('read_big', { path: 'three.txt' }),
      reply().text('Read them all.'),
    );
    const events: AgentEvent[] = [];
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([big]),
      messages: start(),
      budget: new RunBudget(limits()),
      contextWindowTokens: 4_000,
      onEvent: (e) => events.push(e),
    });
    assert.equal(result.stopReason, 'done');
    const lastSent = fake.requests
      .at(-1)!
      .body.messages.filter((m: any) => m.role === 'tool')
      .map((m: any) => m.content);
    assert.equal(lastSent[0], '[output of read_big one.txt elided; read again if needed]');
    assert.equal(lastSent[2].length, 6000, 'the latest turn is intact');
    assert.ok(events.some((e) => e.type === 'compaction' && e.elided > 0));
  });
});

function defineBigReader() {
  return {
    name: 'read_big',
    description: 'Reads a big file.',
    parameters: z.object({ path: z.string() }),
    readOnly: true,
    execute: async () => ({ output: 'x'.repeat(6000), isError: false }),
  };
}
