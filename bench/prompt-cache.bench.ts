/**
 * What the provider's prompt cache can serve of a run, and what that saves. A scripted 40-turn run
 * with realistic tool outputs (reads of 200–800 lines, test runs with failures, greps, edits) goes
 * through the loop's own compaction and request building; each request is rendered the way
 * providers cache it (tool definitions, then the messages in order) and compared with the one
 * before it. The shared leading part is what a prefix cache serves, counted as OpenAI does: only
 * from 1,024 tokens on, in steps of 128.
 *
 * - `tokens.cacheable_prefix_ratio`: repeated prefix tokens ÷ prompt tokens, with a window small
 *   enough that compaction runs (the default 128k window; also 64k), and (`.no_compaction`) with
 *   one large enough that it does not.
 * - `tokens.previous_request_reuse.no_compaction`: repeated tokens ÷ the previous request's tokens,
 *   which an append-only history keeps near 1 (the ratio above is lower only because each turn
 *   appends new output, never because anything before it changed).
 * - `tokens.effective_cost_ratio`: that run priced with cached input at 10% of input ÷ priced
 *   without caching (completions at 4× the input price, in both).
 * - `tokens.fixed_overhead`: the system prompt plus the tool definitions, in tokens (chars / 4).
 * - `tokens.cacheable_prefix_ratio.mcp_tools_loaded_mid_run`: the 128k run with 60 MCP tools on the
 *   shelf, where three turns are `tool_search` calls that load 2, 1 and 2 of them: each load adds
 *   tools after the sorted core, so the request after it repeats the prefix up to them and sends
 *   the rest again once; `.mcp_tools_loaded_early` loads the same five in the first two turns.
 *   `tokens.mcp_cost_vs_all_sent.*` prices each against the same run with all 60 tools in every
 *   request (cached input at 10%).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { compactMessages, estimateTokens } from '../src/agent/compaction.js';
import { buildChatRequest } from '../src/llm/chat-request.js';
import { RequestRules } from '../src/llm/request-rules.js';
import { buildInitialMessages } from '../src/prompt/task-prompt.js';
import { createDefaultRegistry } from '../src/tools/default-registry.js';
import { invokeTool } from '../src/tools/invoke.js';
import type { ToolRegistry } from '../src/tools/registry.js';
import type { BenchFigure } from './run.js';
import { fakeMcpShelf, loadBashTool } from './tool-schemas.bench.js';

const TURNS = 40;
const COMPLETION_TOKENS = 150;

/** A small deterministic generator, so every run measures the same history. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const WORDS = [
  'const',
  'value',
  'return',
  'await',
  'import',
  'export',
  'result',
  'config',
  'if',
  'for',
  'the',
  'map',
];
function codeLine(random: () => number): string {
  const indent = '  '.repeat(Math.floor(random() * 4));
  const words = Array.from(
    { length: 3 + Math.floor(random() * 7) },
    () => WORDS[Math.floor(random() * WORDS.length)],
  );
  return `${indent}${words.join(' ')};`;
}

function readOutput(random: () => number): string {
  const lines = 200 + Math.floor(random() * 601);
  const width = String(lines).length;
  const body = Array.from(
    { length: lines },
    (_, i) => `${String(i + 1).padStart(width)}→${codeLine(random)}`,
  );
  return `${body.join('\n')}\n[${lines} lines]`;
}

function testOutput(random: () => number, failing: number): string {
  const lines = [];
  for (let i = 0; i < 40 + Math.floor(random() * 60); i++)
    lines.push(`✔ case ${i} (${(random() * 9).toFixed(3)}ms)`);
  for (let i = 0; i < failing; i++) {
    lines.push(`✖ case f${i}`, '  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:');
    for (let k = 0; k < 12; k++) lines.push(`      at ${codeLine(random)} (src/mod${k}.ts:${k + 10}:5)`);
  }
  lines.push(`ℹ tests ${lines.length}`, `ℹ fail ${failing}`);
  return `${lines.join('\n')}\n\n[Exit code ${failing > 0 ? 1 : 0}. 3.2 s.]`;
}

/** The scripted turn `i`: one call and its result. */
function scriptedTurn(
  i: number,
  random: () => number,
): { name: string; args: object; output: string; note: string } {
  const file = `src/module-${i % 13}.ts`;
  switch (i % 8) {
    case 0:
    case 2:
    case 5:
      return { name: 'read_file', args: { path: file }, output: readOutput(random), note: '' };
    case 1:
      return {
        name: 'grep',
        args: { pattern: `function${i}` },
        output: Array.from({ length: 30 }, (_, k) => `src/m${k}.ts:${k * 7}: ${codeLine(random)}`).join('\n'),
        note: 'Looking for the callers.',
      };
    case 3:
    case 6:
      return {
        name: 'edit_file',
        args: { path: file, old_string: codeLine(random), new_string: codeLine(random) },
        output: `Edited ${file}: 1 replacement, first at line ${10 + i}.`,
        note: 'Fixing the comparison.',
      };
    default:
      return {
        name: 'bash',
        args: { command: 'npm test' },
        output: testOutput(random, i % 16 === 4 ? 3 : 0),
        note: '',
      };
  }
}

/** The text a prefix cache sees: tool definitions, then each message in order. */
function rendered(tools: readonly ChatCompletionTool[], messages: ChatCompletionMessageParam[]): string {
  const body = buildChatRequest({
    model: 'm',
    messages,
    tools,
    rules: new RequestRules(),
    reasoningEffort: undefined,
  });
  return JSON.stringify(body.tools ?? []) + body.messages.map((m) => JSON.stringify(m)).join('');
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

interface RunFigures {
  prompt: number;
  cached: number;
  /** Tokens of each request but the last: what the next one could repeat at most. */
  previous: number;
  compactions: number;
}

/** Turns that are `tool_search` calls, with the MCP tools each loads: spread over the run … */
const MCP_LOADS = new Map([
  [6, ['mcp__github__operation_04', 'mcp__github__operation_07']],
  [15, ['mcp__docs__operation_03']],
  [27, ['mcp__github__operation_11', 'mcp__github__operation_22']],
]);
/** … or the same five at the start, as a model that searches before it works does. */
const MCP_EARLY_LOADS = new Map([
  [0, ['mcp__github__operation_04', 'mcp__github__operation_07', 'mcp__docs__operation_03']],
  [1, ['mcp__github__operation_11', 'mcp__github__operation_22']],
]);

/**
 * The scripted run. With a registry (its tools read again each turn, as the loop does), the turns
 * in `loads` are real `tool_search` calls that load MCP tools into it.
 */
async function scriptedRun(
  toolsOrRegistry: ChatCompletionTool[] | ToolRegistry,
  start: ChatCompletionMessageParam[],
  windowTokens: number,
  loads: ReadonlyMap<number, string[]> = new Map(),
): Promise<RunFigures> {
  const random = seeded(19);
  const messages = [...start];
  const toolsNow = () =>
    Array.isArray(toolsOrRegistry)
      ? toolsOrRegistry
      : (toolsOrRegistry.definitions() as ChatCompletionTool[]);
  let previous = '';
  const figures: RunFigures = { prompt: 0, cached: 0, previous: 0, compactions: 0 };
  for (let i = 0; i < TURNS; i++) {
    const tools = toolsNow();
    const fixedTokens = estimateTokens([], tools);
    if (compactMessages(messages, { windowTokens, fixedTokens }).elided > 0) figures.compactions += 1;
    const text = rendered(tools, messages);
    const tokens = Math.ceil(text.length / 4);
    const shared = Math.floor(commonPrefix(previous, text) / 4);
    figures.prompt += tokens;
    figures.previous += Math.ceil(previous.length / 4);
    figures.cached += shared >= 1024 ? Math.floor(shared / 128) * 128 : 0;
    previous = text;
    const load = loads.get(i);
    const turn =
      load && !Array.isArray(toolsOrRegistry)
        ? await toolSearchTurn(toolsOrRegistry, load)
        : scriptedTurn(i, random);
    const id = `call_${i}`;
    messages.push(
      {
        role: 'assistant',
        content: turn.note || null,
        tool_calls: [
          { id, type: 'function', function: { name: turn.name, arguments: JSON.stringify(turn.args) } },
        ],
      },
      { role: 'tool', tool_call_id: id, content: turn.output },
    );
  }
  return figures;
}

/** A `tool_search` turn that loads `names`, run through the registry's own tool. */
async function toolSearchTurn(registry: ToolRegistry, names: string[]) {
  const args = { query: 'issues pull requests', load: names };
  const call = { id: 'search', name: 'tool_search', arguments: JSON.stringify(args) };
  const result = await invokeTool(registry, call, new AbortController().signal);
  return { name: 'tool_search', args, output: result.output, note: 'Looking for the repository tools.' };
}

/** What a run costs in input-token units, cached input at 10% and completions at 4×. */
function cost(run: RunFigures): number {
  return run.prompt - run.cached + run.cached * 0.1 + TURNS * COMPLETION_TOKENS * 4;
}

function costRatio(run: RunFigures): number {
  return cost(run) / (run.prompt + TURNS * COMPLETION_TOKENS * 4);
}

export default async function bench(): Promise<BenchFigure[]> {
  const workspace = await mkdtemp(path.join(tmpdir(), 'prompt-cache-'));
  try {
    const bash = await loadBashTool(workspace);
    const definitions = createDefaultRegistry(
      { workspace },
      bash ? [bash] : [],
    ).definitions() as ChatCompletionTool[];
    // As the loop sends them: sorted by name.
    const name = (tool: ChatCompletionTool) =>
      tool.type === 'function' ? tool.function.name : tool.custom.name;
    const tools = definitions.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
    const start = buildInitialMessages({
      system: { repository: 'octo-org/octo-repo', verifyCommand: 'npm test' },
      task: 'Fix the issue below, then verify your change.',
      context: [
        {
          source: 'issue #12 by @alice',
          text: 'The totals are off by one when the list is empty.\n'.repeat(8),
        },
      ],
    });
    const compacted = await scriptedRun(tools, start, 128_000);
    const small = await scriptedRun(tools, start, 64_000);
    const whole = await scriptedRun(tools, start, 10_000_000);
    // 60 MCP tools on the shelf, loaded by tool_search calls; and the same runs with all 60 in
    // every request instead.
    const registry = (preload: boolean) =>
      createDefaultRegistry({ workspace }, bash ? [bash] : []).withShelf(fakeMcpShelf(60), preload);
    const midRun = await scriptedRun(registry(false), start, 128_000, MCP_LOADS);
    const midRunAllSent = await scriptedRun(registry(true), start, 128_000, MCP_LOADS);
    const early = await scriptedRun(registry(false), start, 128_000, MCP_EARLY_LOADS);
    const earlyAllSent = await scriptedRun(registry(true), start, 128_000, MCP_EARLY_LOADS);
    const system = String(start[0]!.content);
    return [
      {
        name: 'tokens.cacheable_prefix_ratio',
        value: compacted.cached / compacted.prompt,
        unit: `ratio (${compacted.compactions} compactions)`,
        target: '>= 0.90',
      },
      {
        // A window half the default: compaction runs three times as often, each cut re-sent uncached.
        name: 'tokens.cacheable_prefix_ratio.window_64k',
        value: small.cached / small.prompt,
        unit: `ratio (${small.compactions} compactions)`,
      },
      {
        // Three loads of MCP tools: each costs one request's worth of history sent again.
        name: 'tokens.cacheable_prefix_ratio.mcp_tools_loaded_mid_run',
        value: midRun.cached / midRun.prompt,
        unit: `ratio (${midRun.compactions} compactions, ${MCP_LOADS.size} loads)`,
        target: '>= 0.85',
      },
      {
        name: 'tokens.cacheable_prefix_ratio.mcp_tools_loaded_early',
        value: early.cached / early.prompt,
        unit: `ratio (${early.compactions} compactions, ${MCP_EARLY_LOADS.size} loads)`,
      },
      {
        // Lazy loading against every MCP tool in every request, priced with caching: a load late
        // in a run sends its history again once; all tools sent are cached after the first turn.
        name: 'tokens.mcp_cost_vs_all_sent.loaded_mid_run',
        value: cost(midRun) / cost(midRunAllSent),
        unit: `ratio (${Math.round(midRun.prompt / 1000)}k vs ${Math.round(midRunAllSent.prompt / 1000)}k prompt tokens)`,
      },
      {
        name: 'tokens.mcp_cost_vs_all_sent.loaded_early',
        value: cost(early) / cost(earlyAllSent),
        unit: `ratio (${Math.round(early.prompt / 1000)}k vs ${Math.round(earlyAllSent.prompt / 1000)}k prompt tokens)`,
      },
      {
        name: 'tokens.cacheable_prefix_ratio.no_compaction',
        value: whole.cached / whole.prompt,
        unit: `ratio (${whole.compactions} compactions)`,
      },
      {
        // How much of each request the next one keeps: 1 for an append-only history.
        name: 'tokens.previous_request_reuse.no_compaction',
        value: whole.cached / whole.previous,
        unit: 'ratio',
      },
      { name: 'tokens.effective_cost_ratio', value: costRatio(compacted), unit: 'ratio', target: '<= 0.35' },
      {
        name: 'tokens.fixed_overhead',
        value: Math.ceil(system.length / 4) + estimateTokens([], tools),
        unit: bash ? 'tokens' : 'tokens (no bash)',
        target: '< 2000',
      },
    ];
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
