import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { TOOL_OUTPUT_MAX_CHARS } from '../../../src/limits.js';
import { FAILURE_HINT, invokeTool, parseToolArguments } from '../../../src/tools/invoke.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { defineTool } from '../../../src/tools/tool.js';

const echo = defineTool({
  name: 'echo',
  description: 'Echo the arguments back.',
  parameters: z.object({
    text: z.string(),
    loud: z.boolean().optional(),
    times: z.number().int().min(1).optional(),
  }),
  readOnly: true,
  async execute(args) {
    return { output: JSON.stringify(args), isError: false };
  },
});
const thrower = defineTool({
  name: 'thrower',
  description: 'Always throws.',
  parameters: z.object({}),
  readOnly: false,
  async execute() {
    throw new Error('disk on fire');
  },
});
const slow = defineTool({
  name: 'slow',
  description: 'Waits for its signal.',
  parameters: z.object({}),
  readOnly: true,
  timeoutMs: 50,
  execute: (_args, { signal }) =>
    new Promise((resolve) => {
      signal.addEventListener('abort', () => resolve({ output: 'stopped by signal', isError: true }), {
        once: true,
      });
    }),
});
const chatty = defineTool({
  name: 'chatty',
  description: 'Returns a huge output.',
  parameters: z.object({}),
  readOnly: true,
  execute: async () => ({ output: `${'a'.repeat(80_000)}END`, isError: false }),
});
const denier = defineTool({
  name: 'denier',
  description: 'Refuses by policy.',
  parameters: z.object({}),
  readOnly: false,
  execute: async () => ({ output: 'Refused by path policy (rule proc)', isError: true, status: 'denied' }),
});

const registry = new ToolRegistry([echo, thrower, slow, chatty, denier]);
const live = () => new AbortController().signal;
const call = (name: string, args: string) => ({ id: `call-${name}`, name, arguments: args });

describe('parseToolArguments', () => {
  const schema = echo.parameters;

  it('accepts valid JSON without repair', () => {
    assert.deepEqual(parseToolArguments('{"text":"hi"}', schema), {
      kind: 'parsed',
      value: { text: 'hi' },
      repaired: false,
    });
  });

  it('repairs trailing commas, ```json fences and Python literals when the repair validates', () => {
    assert.deepEqual(parseToolArguments('{"text": "hi", "times": 2,}', schema), {
      kind: 'parsed',
      value: { text: 'hi', times: 2 },
      repaired: true,
    });
    assert.deepEqual(parseToolArguments('```json\n{"text": "fenced"}\n```', schema), {
      kind: 'parsed',
      value: { text: 'fenced' },
      repaired: true,
    });
    assert.deepEqual(parseToolArguments('{"text": "py", "loud": True, "times": None}', schema), {
      kind: 'parsed',
      value: { text: 'py', loud: true },
      repaired: true,
    });
  });

  it('returns the original parse error when the text cannot be repaired', () => {
    const result = parseToolArguments('not json at all {', schema);
    assert.equal(result.kind, 'invalid');
    assert.match(
      result.kind === 'invalid' ? result.message : '',
      /^Arguments are not valid JSON: Unexpected token 'o'/,
    );
  });

  it('returns the original parse error, not a validation error, when the repair does not validate', () => {
    const result = parseToolArguments("{'text': 3,}", schema);
    assert.ok(result.kind === 'invalid');
    assert.match(result.message, /^Arguments are not valid JSON: Expected property name/);
  });

  it('refuses to "repair" arguments that were cut off', () => {
    const result = parseToolArguments('{"text": "half a fi', schema);
    assert.ok(result.kind === 'invalid');
    assert.match(result.message, /look cut off/);
  });

  it('names the field and the expectation when validation fails', () => {
    const result = parseToolArguments('{"text": 5, "times": 0}', schema);
    assert.ok(result.kind === 'invalid');
    assert.match(result.message, /- text: Invalid input: expected string, received number/);
    assert.match(result.message, /- times: .*>=1/);
    const missing = parseToolArguments('{}', schema);
    assert.ok(missing.kind === 'invalid' && /- text: .*expected string/.test(missing.message));
  });

  it('treats empty arguments as an empty object', () => {
    assert.deepEqual(parseToolArguments('', z.object({})), { kind: 'parsed', value: {}, repaired: false });
  });
});

describe('invokeTool', () => {
  it('runs a tool and shapes a success', async () => {
    const result = await invokeTool(registry, call('echo', '{"text":"hi"}'), live());
    assert.equal(result.callId, 'call-echo');
    assert.equal(result.isError, false);
    assert.equal(result.output, '{"text":"hi"}');
    assert.equal(result.meta.tool, 'echo');
    assert.equal(result.meta.status, 'ok');
    assert.equal(result.meta.readOnly, true);
    assert.equal(typeof result.meta.durationMs, 'number');
    assert.ok(!result.output.includes(FAILURE_HINT));
  });

  it('marks repaired arguments in meta', async () => {
    const result = await invokeTool(registry, call('echo', '{"text":"hi",}'), live());
    assert.equal(result.isError, false);
    assert.equal(result.meta.repairedArguments, true);
  });

  it('turns invalid arguments into an error result ending with the fixed hint', async () => {
    const result = await invokeTool(registry, call('echo', 'nonsense {'), live());
    assert.equal(result.isError, true);
    assert.equal(result.meta.status, 'error');
    assert.match(result.output, /^Arguments are not valid JSON/);
    assert.ok(result.output.endsWith(FAILURE_HINT));
  });

  it('turns a thrown exception into an error result', async () => {
    const result = await invokeTool(registry, call('thrower', '{}'), live());
    assert.equal(result.isError, true);
    assert.match(result.output, /^thrower failed unexpectedly: disk on fire/);
    assert.equal(result.meta.exception, true);
    assert.ok(result.output.endsWith(FAILURE_HINT));
  });

  it('lists the available tools for an unknown name', async () => {
    const result = await invokeTool(registry, call('rm_rf', '{}'), live());
    assert.equal(result.isError, true);
    assert.match(
      result.output,
      /Unknown tool "rm_rf"\. Available tools: chatty, denier, echo, slow, thrower\./,
    );
  });

  it('aborts a tool at its timeout and reports it', async () => {
    const result = await invokeTool(registry, call('slow', '{}'), live());
    assert.equal(result.isError, true);
    assert.equal(result.meta.timedOut, true);
    assert.match(result.output, /^stopped by signal/);
  });

  it('does not start a tool when the turn is already cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('budget exhausted'));
    const result = await invokeTool(registry, call('echo', '{"text":"x"}'), controller.signal);
    assert.equal(result.meta.status, 'skipped');
    assert.match(result.output, /Cancelled before it started: budget exhausted/);
  });

  it('caps over-long output in one place, keeping head and tail', async () => {
    const result = await invokeTool(registry, call('chatty', '{}'), live());
    assert.ok(result.output.length < TOOL_OUTPUT_MAX_CHARS + 100);
    assert.ok(result.output.endsWith('END'));
    assert.match(result.output, /characters omitted/);
    assert.equal(result.meta.omittedChars, 80_003 - TOOL_OUTPUT_MAX_CHARS);
  });

  it('keeps a policy refusal as status denied', async () => {
    const result = await invokeTool(registry, call('denier', '{}'), live());
    assert.equal(result.isError, true);
    assert.equal(result.meta.status, 'denied');
    assert.ok(result.output.endsWith(FAILURE_HINT));
  });
});
