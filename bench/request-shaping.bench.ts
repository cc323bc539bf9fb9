/**
 * What deciding the request costs per turn: `buildChatRequest` (learned parameter rules, message
 * order every provider takes) over a 40-turn history, next to `JSON.stringify` of the same body,
 * which the SDK does for every request anyway. Also the history's argument check per call.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { historyArguments } from '../src/agent/turn-record.js';
import { buildChatRequest } from '../src/llm/chat-request.js';
import { RequestRules } from '../src/llm/request-rules.js';
import type { BenchFigure } from './run.js';

function history(turns: number): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: 'You fix bugs.'.repeat(150) },
    { role: 'user', content: 'Fix the failing test.' },
  ];
  for (let i = 0; i < turns; i++) {
    messages.push({
      role: 'assistant',
      content: i % 3 === 0 ? 'Reading the next file.' : null,
      tool_calls: [
        {
          id: `c${i}`,
          type: 'function',
          function: { name: 'read_file', arguments: JSON.stringify({ path: `src/f${i}.ts` }) },
        },
      ],
    });
    messages.push({ role: 'tool', tool_call_id: `c${i}`, content: `line\n`.repeat(800) });
  }
  // One note after tool results, as a CI round leaves it: the shaping has something to fold.
  messages.push({ role: 'user', content: 'CI failed on your change.' });
  return messages;
}

function timePerCall(rounds: number, work: () => void): number {
  for (let i = 0; i < 50; i++) work();
  const started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) work();
  return Number(process.hrtime.bigint() - started) / 1e3 / rounds;
}

export default async function bench(): Promise<BenchFigure[]> {
  const messages = history(40);
  const tools = [
    { type: 'function' as const, function: { name: 'read_file', parameters: { type: 'object' } } },
  ];
  const rules = new RequestRules();
  rules.drop(['parallel_tool_calls'], 'bench');
  const input = { model: 'm', messages, tools, rules, reasoningEffort: 'low' as const };
  const body = buildChatRequest(input);
  const rounds = 2000;
  // Side by side, alternated, so load changes hit both.
  let shaping = 0;
  let serialising = 0;
  for (let pass = 0; pass < 5; pass++) {
    shaping += timePerCall(rounds, () => buildChatRequest(input));
    serialising += timePerCall(rounds / 10, () => JSON.stringify(body));
  }
  const args = ['{"path":"src/a.ts"}', '{"path": "src/a.ts"', "{'path': 'a'}"];
  const perCall =
    timePerCall(20_000, () => {
      for (const a of args) historyArguments(a);
    }) / args.length;
  return [
    { name: 'request_shaping.us_per_turn', value: shaping / 5, unit: 'µs', target: '< 100' },
    { name: 'request_shaping.share_of_serialise', value: shaping / serialising, unit: '×', target: '< 0.1' },
    { name: 'request_shaping.serialise_us_per_turn', value: serialising / 5, unit: 'µs' },
    { name: 'history_arguments.us_per_call', value: perCall, unit: 'µs', target: '< 50' },
  ];
}
