/**
 * Recording one finished turn: into the conversation (the assistant message and one `tool`
 * message per call, with the doom-loop hint where due) and into the transcript.
 */
import { jsonrepair } from 'jsonrepair';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { TRANSCRIPT_EXCERPT_CHARS } from '../limits.js';
import { EMPTY_ANSWER } from '../llm/chat-request.js';
import type { TokenUsage } from '../llm/token-usage.js';
import type { ToolCall } from '../llm/tool-call.js';
import { DOOM_LOOP_HINT, type DoomLoopGuard } from './doom-loop.js';
import type { TurnOutcome } from './run-turn.js';
import type { TranscriptWriter } from './transcript.js';

/**
 * Appends the assistant message and one `tool` message per call. Returns the call that made the
 * doom-loop guard give up, if any; a call nearing that point gets the stronger hint. Tool output
 * is redacted before it joins the conversation: whatever a command managed to print of a secret
 * (where no sandbox stood in its way) must not be sent to the model provider.
 *
 * The history only ever holds arguments that parse (see {@link historyArguments}): Ollama, SGLang
 * and older vLLM re-parse every earlier call and refuse the whole request over one broken one.
 * An answer with no text and no calls is stored with placeholder text, since several providers
 * refuse an assistant message whose content is null without tool calls.
 */
export function appendTurn(
  messages: ChatCompletionMessageParam[],
  outcome: TurnOutcome,
  guard: DoomLoopGuard,
  redact: (text: string) => string = (text) => text,
): ToolCall | undefined {
  const { content, calls, results } = outcome;
  messages.push({
    // Provider fields first, so they can never replace the fields this project owns.
    ...outcome.assistantFields,
    role: 'assistant',
    content: content || (calls.length > 0 ? null : EMPTY_ANSWER),
    ...(calls.length > 0
      ? {
          tool_calls: calls.map((c) => ({
            ...c.providerFields,
            id: c.id,
            type: 'function' as const,
            function: { name: c.name, arguments: historyArguments(c.arguments) },
          })),
        }
      : {}),
  });
  let stuck: ToolCall | undefined;
  calls.forEach((call, i) => {
    const result = results[i];
    const output = result ? redact(result.output) : 'No result: the call did not run.';
    const verdict = result ? guard.record(call, result) : 'ok';
    if (verdict === 'stuck') stuck ??= call;
    const repaired = result?.meta['repairedArguments']
      ? `[Your arguments were not valid JSON; they were read as ${historyArguments(call.arguments)}.]\n\n`
      : '';
    const hinted = `${repaired}${verdict === 'warn' ? `${output}\n\n${DOOM_LOOP_HINT}` : output}`;
    messages.push({ role: 'tool', tool_call_id: call.id, content: hinted });
  });
  return stuck;
}

/** Writes the turn and each of its calls, in call order, to the transcript. */
export function logTurn(
  transcript: TranscriptWriter,
  turn: number,
  outcome: TurnOutcome,
  usage: TokenUsage,
  durationMs: number,
) {
  transcript.write({
    type: 'turn',
    turn,
    tokensIn: usage.prompt,
    tokensOut: usage.completion,
    estimated: outcome.usage === undefined,
    ...(usage.cachedPrompt ? { tokensCached: usage.cachedPrompt } : {}),
    ...(usage.reasoning ? { tokensReasoning: usage.reasoning } : {}),
    durationMs,
    toolCalls: outcome.calls.length,
    attempts: outcome.attempts,
    partial: outcome.kind === 'partial',
    text: outcome.content,
  });
  outcome.calls.forEach((call, index) => {
    const result = outcome.results[index];
    const fullOutputPath = result?.meta.fullLogPath ?? result?.meta.fullOutputPath;
    // The policy rule behind a refusal, so the published report can group refusals by rule.
    const rule = result?.meta.status === 'denied' ? result.meta.rule : undefined;
    const server = result?.meta['server'];
    transcript.write({
      type: 'tool-call',
      turn,
      index,
      callId: call.id,
      name: call.name,
      arguments: call.arguments,
      readOnly: result?.meta.readOnly ?? false,
      status: result?.meta.status ?? 'skipped',
      durationMs: result?.meta.durationMs ?? 0,
      excerpt: (result?.output ?? '').slice(0, TRANSCRIPT_EXCERPT_CHARS),
      ...(typeof fullOutputPath === 'string' ? { fullOutputPath } : {}),
      ...(typeof rule === 'string' ? { rule } : {}),
      ...(typeof server === 'string' ? { server } : {}),
    });
  });
}

/** For endpoints that send no usage: about four characters per token. */
export function estimateUsage(promptEstimate: number, outcome: TurnOutcome): TokenUsage {
  const chars =
    outcome.content.length + outcome.calls.reduce((n, c) => n + c.name.length + c.arguments.length, 0);
  const completion = Math.ceil(chars / 4);
  return { prompt: promptEstimate, completion, total: promptEstimate + completion, estimated: true };
}

/**
 * The arguments a call keeps in the history: as streamed when they parse as a JSON object, the
 * repaired JSON when a repair makes them one (the call ran with exactly that), else `{}` (the
 * call did not run, and its tool result says why).
 */
export function historyArguments(raw: string): string {
  if (raw.trim() === '') return '{}';
  if (isObject(raw)) return raw;
  try {
    const repaired = jsonrepair(raw);
    // Merely closing cut-off text is not a repair: the call was refused, not run with a guess.
    if (!repaired.trim().startsWith(raw.trim()) && isObject(repaired))
      return JSON.stringify(JSON.parse(repaired));
  } catch {
    // Not repairable: fall through.
  }
  return '{}';
}

function isObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
