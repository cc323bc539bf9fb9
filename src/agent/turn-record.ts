/**
 * Recording one finished turn: into the conversation (the assistant message and one `tool`
 * message per call, with the doom-loop hint where due) and into the transcript.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { TokenUsage } from '../llm/stream-turn.js';
import type { ToolCall } from '../tools/tool.js';
import { DOOM_LOOP_HINT, type DoomLoopGuard } from './doom-loop.js';
import type { TurnOutcome } from './run-turn.js';
import type { TranscriptWriter } from './transcript.js';

/**
 * Appends the assistant message and one `tool` message per call. Returns the call that made the
 * doom-loop guard give up, if any; a call nearing that point gets the stronger hint. Tool output
 * is redacted before it joins the conversation: whatever a command managed to print of a secret
 * (where no sandbox stood in its way) must not be sent to the model provider.
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
    content: content || null,
    ...(calls.length > 0
      ? {
          tool_calls: calls.map((c) => ({
            ...c.providerFields,
            id: c.id,
            type: 'function' as const,
            function: { name: c.name, arguments: c.arguments },
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
    const hinted = verdict === 'warn' ? `${output}\n\n${DOOM_LOOP_HINT}` : output;
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
    durationMs,
    toolCalls: outcome.calls.length,
    attempts: outcome.attempts,
    partial: outcome.kind === 'partial',
    text: outcome.content,
  });
  outcome.calls.forEach((call, index) => {
    const result = outcome.results[index];
    const fullOutputPath = result?.meta.fullLogPath ?? result?.meta.fullOutputPath;
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
      excerpt: (result?.output ?? '').slice(0, 500),
      ...(typeof fullOutputPath === 'string' ? { fullOutputPath } : {}),
    });
  });
}

/** For endpoints that send no usage: about four characters per token. */
export function estimateUsage(promptEstimate: number, outcome: TurnOutcome): TokenUsage {
  const chars =
    outcome.content.length + outcome.calls.reduce((n, c) => n + c.name.length + c.arguments.length, 0);
  const completion = Math.ceil(chars / 4);
  return { prompt: promptEstimate, completion, total: promptEstimate + completion };
}
