/**
 * The agent loop: stream a turn → run its tool calls → append the assistant message and one
 * `tool` message per call → next turn, until the model answers without tool calls (its text is
 * the summary) or a budget ends the run. A budget stop, a cancel or a refusing endpoint is a
 * result with a reason, not an exception; only bugs throw.
 *
 * The returned `messages` are the whole conversation, so a caller can append a user turn (say,
 * "CI failed on your change") and call `runAgent` again to continue it.
 */
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { Prices } from '../inputs.js';
import type { LlmClient } from '../llm/client.js';
import { LlmFatalError, RequestTooLargeError } from '../llm/retry.js';
import { addUsage, type TokenUsage, zeroUsage } from '../llm/token-usage.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { ToolCall, ToolResult } from '../tools/tool.js';
import { type StopReason, stopSummary } from './budget.js';
import { DEFAULT_CONTEXT_WINDOW_TOKENS, estimateTokens } from './compaction.js';
import { ContextBudget } from './context-budget.js';
import { DoomLoopGuard } from './doom-loop.js';
import { type RetryInfo, runTurn, type TurnOutcome } from './run-turn.js';
import { SpendMeter } from './spend.js';
import { noTranscript, type TranscriptWriter } from './transcript.js';
import { appendTurn, estimateUsage, logTurn } from './turn-record.js';

export type { StopReason } from './budget.js';

export interface AgentLimits {
  /** LLM round trips at most. */
  maxTurns: number;
  /** Prompt + completion tokens over all turns; the loop stops before a turn would pass it. */
  maxTokens: number;
  /** Epoch ms when the loop stops (see `loopDeadline`, which keeps a reserve for publishing). */
  deadline: number;
  /** Tokens one request may hold (the `context-window` input, or the model's known window); default 128k. */
  contextWindowTokens?: number;
  /** USD over all turns (`max-cost-usd`); the loop stops before a turn would pass it. Needs `prices`. */
  maxCostUsd?: number | undefined;
  /** The model's prices; undefined: the cost is unknown. */
  prices?: Prices | undefined;
}

/** Progress for the tracking comment and the CLI. */
export type AgentEvent =
  | { type: 'turn-start'; turn: number }
  | { type: 'text'; turn: number; text: string }
  | { type: 'tool-start'; turn: number; call: ToolCall; readOnly: boolean }
  | { type: 'tool-end'; turn: number; call: ToolCall; result: ToolResult }
  | { type: 'turn-end'; turn: number; tokens: TokenUsage; durationMs: number }
  | ({ type: 'retry'; turn: number } & RetryInfo)
  | { type: 'compaction'; turn: number; elided: number };

export interface AgentResult {
  stopReason: StopReason;
  /** The model's final answer, or what a budget stop managed (see `stopSummary`). */
  summary: string;
  turns: number;
  tokens: TokenUsage;
  /** USD spent, or undefined when the model has no price. */
  costUsd?: number;
  toolCalls: number;
  messages: ChatCompletionMessageParam[];
  error?: string;
}

export interface RunAgentOptions {
  llm: LlmClient;
  registry: ToolRegistry;
  /** The conversation so far: system prompt and task, or a previous run's messages plus a new user turn. */
  messages: ChatCompletionMessageParam[];
  limits: AgentLimits;
  /** The job's cancel signal. */
  signal?: AbortSignal;
  transcript?: TranscriptWriter;
  /**
   * Applied to tool output before it joins the conversation, and to the summary and error of the
   * result. The transcript redacts on its own; progress
   * events carry raw text, so whoever publishes them redacts them (`preparePublishedMarkdown`).
   */
  redact?: (text: string) => string;
  onEvent?: (event: AgentEvent) => void;
  /** `batch` disables streaming dispatch (for comparison). */
  dispatch?: 'streaming' | 'batch';
  now?: () => number;
  random?: () => number;
}

const CONTINUE_AFTER_BREAK =
  '[The connection dropped while you were answering. The tool calls above ran and their results are above; nothing else from that answer was kept. Continue from here.]';

/** Runs the loop until the model is done or a budget stops it. */
export async function runAgent(options: RunAgentOptions): Promise<AgentResult> {
  const { llm, registry, limits, onEvent } = options;
  const now = options.now ?? Date.now;
  const redact = options.redact ?? ((text: string) => text);
  const transcript = options.transcript ?? noTranscript;
  const messages = [...options.messages];
  // Sorted by name so the tool block of the prompt prefix is the same bytes whatever order tools register in.
  const tools = (registry.definitions() as ChatCompletionTool[]).sort((a, b) =>
    toolName(a) < toolName(b) ? -1 : toolName(a) > toolName(b) ? 1 : 0,
  );
  const toolTokens = estimateTokens([], tools);
  const tokens: TokenUsage = zeroUsage();
  const spend = new SpendMeter(limits.prices, limits.maxCostUsd);
  const budget = new ContextBudget(limits.contextWindowTokens ?? DEFAULT_CONTEXT_WINDOW_TOKENS, toolTokens);
  const allCalls: ToolCall[] = [];
  const guard = new DoomLoopGuard();
  let turns = 0;
  let lastText = '';

  // One signal for the job's cancel and the deadline; its reason says which fired.
  const stopper = new AbortController();
  const onCancel = () => stopper.abort('cancelled');
  if (options.signal?.aborted) onCancel();
  options.signal?.addEventListener('abort', onCancel, { once: true });
  // setTimeout fires at once for delays past 2^31-1 ms, so a far (or infinite) deadline gets no timer.
  const untilDeadline = Math.max(0, limits.deadline - now());
  const timer =
    untilDeadline < 2 ** 31 - 1 ? setTimeout(() => stopper.abort('timeout'), untilDeadline) : undefined;

  const finish = (
    stopReason: StopReason,
    extra: { summary?: string; error?: string; stuckCall?: ToolCall } = {},
  ) => {
    const summary =
      stopReason === 'done'
        ? extra.summary || lastText || 'The agent finished without writing a summary.'
        : stopSummary(stopReason, {
            turns,
            maxTurns: limits.maxTurns,
            totalTokens: tokens.total,
            maxTokens: limits.maxTokens,
            ...(spend.costUsd !== undefined ? { costUsd: spend.costUsd } : {}),
            ...(limits.maxCostUsd !== undefined ? { maxCostUsd: limits.maxCostUsd } : {}),
            calls: allCalls,
            lastText,
            ...extra,
          });
    const result: AgentResult = {
      stopReason,
      summary: redact(summary),
      turns,
      tokens: { ...tokens },
      ...(spend.costUsd !== undefined ? { costUsd: spend.costUsd } : {}),
      toolCalls: allCalls.length,
      messages,
      ...(extra.error ? { error: redact(extra.error) } : {}),
    };
    transcript.write({
      type: 'agent-end',
      reason: stopReason,
      summary: result.summary,
      turns,
      tokens,
      ...(result.costUsd !== undefined ? { costUsd: result.costUsd } : {}),
      toolCalls: allCalls.length,
      ...(result.error ? { error: result.error } : {}),
    });
    return result;
  };
  const stoppedBy = (): StopReason => (stopper.signal.reason === 'timeout' ? 'timeout' : 'cancelled');

  transcript.write({
    type: 'agent-start',
    model: llm.model,
    limits: { ...limits },
    messages: messages.length,
  });
  try {
    for (;;) {
      if (stopper.signal.aborted) return finish(stoppedBy());
      if (turns >= limits.maxTurns) return finish('max-turns');
      const turn = turns + 1;
      const compaction = budget.compact(messages);
      if (compaction.elided > 0) {
        transcript.write({ type: 'compaction', turn, ...compaction });
        onEvent?.({ type: 'compaction', turn, elided: compaction.elided });
      }
      const promptEstimate = estimateTokens(messages) + toolTokens;
      if (tokens.total + promptEstimate > limits.maxTokens) return finish('max-tokens');
      if (spend.wouldPass(promptEstimate)) return finish('max-cost');

      turns = turn;
      onEvent?.({ type: 'turn-start', turn });
      const started = now();
      let outcome: TurnOutcome;
      try {
        outcome = await runTurn({
          llm,
          messages,
          tools,
          registry,
          signal: stopper.signal,
          ...(options.dispatch ? { mode: options.dispatch } : {}),
          ...(options.random ? { random: options.random } : {}),
          onText: (text) => onEvent?.({ type: 'text', turn, text }),
          onToolStart: (call) =>
            onEvent?.({
              type: 'tool-start',
              turn,
              call,
              readOnly: registry.get(call.name)?.readOnly ?? true,
            }),
          onToolResult: (result, call) => onEvent?.({ type: 'tool-end', turn, call, result }),
          onRetry: (info) => {
            transcript.write({ type: 'retry', turn, ...info });
            onEvent?.({ type: 'retry', turn, ...info });
          },
        });
      } catch (error) {
        if (stopper.signal.aborted) return finish(stoppedBy());
        if (error instanceof LlmFatalError) return finish('error', { error: error.message });
        if (!(error instanceof RequestTooLargeError)) throw error;
        // Too large for the endpoint: a smaller window, compacted to, and the same turn again.
        const verdict = budget.afterTooLarge(messages, error, promptEstimate, llm);
        if (verdict.kind === 'fail') return finish('error', { error: verdict.error });
        transcript.write({ type: 'compaction', turn, ...verdict.compaction });
        onEvent?.({ type: 'compaction', turn, elided: verdict.compaction.elided });
        turns = turn - 1;
        continue;
      }

      const usage = outcome.usage ?? estimateUsage(promptEstimate, outcome);
      addUsage(tokens, usage);
      spend.add(usage);
      const cutOff = budget.afterTurn(messages, outcome, registry, promptEstimate, llm.model);
      if (cutOff) {
        transcript.write({ type: 'note', turn, message: 'the answer was cut off (finish_reason length)' });
        if (cutOff.kind === 'fail') return finish('error', { error: cutOff.error });
        continue;
      }
      if (outcome.content.trim()) lastText = outcome.content;
      allCalls.push(...outcome.calls);
      const stuckCall = appendTurn(messages, outcome, guard, redact);
      logTurn(transcript, turn, outcome, usage, now() - started);
      onEvent?.({ type: 'turn-end', turn, tokens: { ...tokens }, durationMs: now() - started });

      if (stuckCall) return finish('stuck', { stuckCall });
      if (stopper.signal.aborted) return finish(stoppedBy());
      if (outcome.kind === 'partial') {
        transcript.write({
          type: 'note',
          turn,
          message: `stream broke after ${outcome.calls.length} calls had run: ${outcome.brokenReason ?? ''}`,
        });
        continueAfterBreak(messages);
        continue;
      }
      if (outcome.calls.length === 0) return finish('done', { summary: outcome.content.trim() });
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCancel);
  }
}

/**
 * Tells the model its answer was cut after the calls that ran. The note goes into the last tool
 * result rather than a new user message: Mistral refuses a `user` message right after `tool`.
 */
function continueAfterBreak(messages: ChatCompletionMessageParam[]): void {
  const last = messages.at(-1);
  if (last?.role === 'tool' && typeof last.content === 'string') {
    messages[messages.length - 1] = { ...last, content: `${last.content}\n\n${CONTINUE_AFTER_BREAK}` };
  } else messages.push({ role: 'user', content: CONTINUE_AFTER_BREAK });
}

function toolName(tool: ChatCompletionTool): string {
  return tool.type === 'function' ? tool.function.name : tool.custom.name;
}
