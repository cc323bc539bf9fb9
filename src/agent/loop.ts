/**
 * The agent loop: stream a turn → run its tool calls → append the assistant message and one
 * `tool` message per call → next turn, until the model answers without tool calls (its text is
 * the summary) or a budget ends the run. A budget stop, a cancel or a refusing endpoint is a
 * result with a reason, not an exception; only bugs throw.
 *
 * Every budget check is the {@link RunBudget}'s; the loop asks it before each turn and records
 * each turn's spending on it. The returned `messages` are the whole conversation, so a caller can
 * append a user turn (say, "CI failed on your change") and call `runAgent` again with the same
 * budget to continue it: the call gets what the earlier ones left, and its turns are numbered on
 * from theirs in events and the transcript, so "turn 1" never appears twice.
 */
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { DEFAULT_CONTEXT_WINDOW_TOKENS } from '../limits.js';
import type { LlmClient } from '../llm/client.js';
import { LlmFatalError, RequestTooLargeError } from '../llm/retry.js';
import type { StreamedTurn } from '../llm/stream-turn.js';
import type { TokenUsage } from '../llm/token-usage.js';
import type { ToolCall } from '../llm/tool-call.js';
import type { AnswerSchema } from '../schema/answer-schema.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { ToolResult } from '../tools/tool.js';
import { type RunBudget, type StopReason, stopSummary } from './budget.js';
import { estimateTokens } from './compaction.js';
import { ContextBudget } from './context-budget.js';
import { DoomLoopGuard } from './doom-loop.js';
import { answerSummary, type FinalAnswer, FinalAnswerGate } from './final-answer.js';
import { type RetryInfo, runTurn, type TurnOutcome } from './run-turn.js';
import { noTranscript, type TranscriptWriter } from './transcript.js';
import { appendTurn, estimateUsage, logTurn } from './turn-record.js';

export type { StopReason } from './budget.js';

/** Progress for the tracking comment and the CLI; `turn` counts over the budget's whole run, `tokens` too. */
export type AgentEvent =
  /** `messages` is the conversation the turn sends (the live array: read it at once or not at all). */
  | { type: 'turn-start'; turn: number; messages?: readonly ChatCompletionMessageParam[] }
  /** The model finished streaming the turn (its tool calls may still be running). */
  | { type: 'model-end'; turn: number; response: StreamedTurn }
  | { type: 'text'; turn: number; text: string }
  | { type: 'tool-start'; turn: number; call: ToolCall; readOnly: boolean }
  | { type: 'tool-end'; turn: number; call: ToolCall; result: ToolResult }
  /** `tokens`: the run's so far; `usage`: this turn's. */
  | { type: 'turn-end'; turn: number; tokens: TokenUsage; usage?: TokenUsage; durationMs: number }
  | ({ type: 'retry'; turn: number } & RetryInfo)
  | { type: 'compaction'; turn: number; elided: number };

export interface AgentResult {
  stopReason: StopReason;
  /** The model's final answer, or what a budget stop managed (see `stopSummary`). */
  summary: string;
  /** This call's turns and tokens (the budget has the run's). */
  turns: number;
  tokens: TokenUsage;
  /** USD this call spent, or undefined when the model has no price. */
  costUsd?: number;
  toolCalls: number;
  messages: ChatCompletionMessageParam[];
  error?: string;
  /** With an output schema: the final answer, valid or not; absent when the run stopped before one. */
  answer?: FinalAnswer;
}

export interface RunAgentOptions {
  llm: LlmClient;
  registry: ToolRegistry;
  /** The conversation so far: system prompt and task, or a previous run's messages plus a new user turn. */
  messages: ChatCompletionMessageParam[];
  /** The run's budget; this call takes what earlier calls on it left. */
  budget: RunBudget;
  /** Tokens one request may hold (the `context-window` input, or the model's known window); default 128k. */
  contextWindowTokens?: number | undefined;
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
  /** With `output-schema`: the final answer must be JSON that matches it (see `final-answer.ts`). */
  answerSchema?: AnswerSchema | undefined;
  /** `batch` disables streaming dispatch (for comparison). */
  dispatch?: 'streaming' | 'batch';
  now?: () => number;
  random?: () => number;
}

const CONTINUE_AFTER_BREAK =
  '[The connection dropped while you were answering. The tool calls above ran and their results are above; nothing else from that answer was kept. Continue from here.]';

/** Runs the loop until the model is done or a budget stops it. */
export async function runAgent(options: RunAgentOptions): Promise<AgentResult> {
  const { llm, registry, budget, onEvent } = options;
  const now = options.now ?? Date.now;
  const redact = options.redact ?? ((text: string) => text);
  const transcript = options.transcript ?? noTranscript;
  const messages = [...options.messages];
  // The registry's order: the core sorted by name (the same bytes whatever order tools register
  // in), then what `tool_search` loaded, in load order; read again when a load added some.
  let tools = registry.definitions() as ChatCompletionTool[];
  let toolTokens = estimateTokens([], tools);
  const context = new ContextBudget(options.contextWindowTokens ?? DEFAULT_CONTEXT_WINDOW_TOKENS, toolTokens);
  const allCalls: ToolCall[] = [];
  const guard = new DoomLoopGuard();
  const gate = options.answerSchema ? new FinalAnswerGate(options.answerSchema, llm) : undefined;
  let lastText = '';
  budget.beginCall();

  // One signal for the job's cancel and the deadline; its reason says which fired.
  const stopper = new AbortController();
  const onCancel = () => stopper.abort('cancelled');
  if (options.signal?.aborted) onCancel();
  options.signal?.addEventListener('abort', onCancel, { once: true });
  // setTimeout fires at once for delays past 2^31-1 ms, so a far (or infinite) deadline gets no timer.
  const untilDeadline = budget.msLeft(now());
  const timer =
    untilDeadline < 2 ** 31 - 1 ? setTimeout(() => stopper.abort('timeout'), untilDeadline) : undefined;

  const finish = (
    stopReason: StopReason,
    extra: { summary?: string; error?: string; stuckCall?: ToolCall; answer?: FinalAnswer } = {},
  ) => {
    const spent = budget.callSpent();
    const summary =
      stopReason === 'done'
        ? extra.summary || lastText || 'The agent finished without writing a summary.'
        : stopSummary(stopReason, { ...budget.stopFacts(), calls: allCalls, lastText, ...extra });
    const result: AgentResult = {
      stopReason,
      summary: redact(summary),
      turns: spent.turns,
      tokens: spent.tokens,
      ...(spent.costUsd !== undefined ? { costUsd: spent.costUsd } : {}),
      toolCalls: allCalls.length,
      messages,
      ...(extra.error ? { error: redact(extra.error) } : {}),
      ...(extra.answer ? { answer: extra.answer } : {}),
    };
    transcript.write({
      type: 'agent-end',
      reason: stopReason,
      summary: result.summary,
      turns: spent.turns,
      tokens: spent.tokens,
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
    limits: { ...budget.callLimits(), contextWindowTokens: options.contextWindowTokens },
    messages: messages.length,
  });
  try {
    for (;;) {
      if (stopper.signal.aborted) return finish(stoppedBy());
      const early = budget.stopBeforeTurn(now());
      if (early) return finish(early);
      const turn = budget.nextTurnNumber();
      if (registry.names().length !== tools.length) {
        tools = registry.definitions() as ChatCompletionTool[];
        toolTokens = estimateTokens([], tools);
        context.fixedTokens = toolTokens;
      }
      const compaction = context.compact(messages);
      if (compaction.elided > 0) {
        transcript.write({ type: 'compaction', turn, ...compaction });
        onEvent?.({ type: 'compaction', turn, elided: compaction.elided });
      }
      const promptEstimate = estimateTokens(messages) + toolTokens;
      const stop = budget.stopBeforeTurn(now(), promptEstimate);
      if (stop) return finish(stop);

      budget.startTurn();
      onEvent?.({ type: 'turn-start', turn, messages });
      const started = now();
      const offered = gate ? gate.turn(tools, registry) : { tools, registry };
      let outcome: TurnOutcome;
      try {
        outcome = await runTurn({
          llm,
          messages,
          tools: offered.tools,
          registry: offered.registry,
          ...(offered.responseSchema ? { responseSchema: offered.responseSchema } : {}),
          onStreamed: (response) => onEvent?.({ type: 'model-end', turn, response }),
          signal: stopper.signal,
          ...(options.dispatch ? { mode: options.dispatch } : {}),
          ...(options.random ? { random: options.random } : {}),
          onText: (text) => onEvent?.({ type: 'text', turn, text }),
          onToolStart: (call) =>
            onEvent?.({
              type: 'tool-start',
              turn,
              call,
              readOnly: offered.registry.get(call.name)?.readOnly ?? true,
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
        const verdict = context.afterTooLarge(messages, error, promptEstimate, llm);
        if (verdict.kind === 'fail') return finish('error', { error: verdict.error });
        transcript.write({ type: 'compaction', turn, ...verdict.compaction });
        onEvent?.({ type: 'compaction', turn, elided: verdict.compaction.elided });
        budget.retractTurn();
        continue;
      }

      const usage = outcome.usage ?? estimateUsage(promptEstimate, outcome);
      budget.record(usage);
      const cutOff = context.afterTurn(messages, outcome, offered.registry, promptEstimate, llm.model);
      if (cutOff) {
        transcript.write({ type: 'note', turn, message: 'the answer was cut off (finish_reason length)' });
        if (cutOff.kind === 'fail') return finish('error', { error: cutOff.error });
        continue;
      }
      if (outcome.content.trim()) lastText = outcome.content;
      allCalls.push(...outcome.calls);
      const stuckCall = appendTurn(messages, outcome, guard, redact);
      logTurn(transcript, turn, outcome, usage, now() - started);
      onEvent?.({
        type: 'turn-end',
        turn,
        tokens: budget.spent().tokens,
        usage,
        durationMs: now() - started,
      });

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
      const step = gate?.review(outcome);
      if (step?.kind === 'finish') {
        if (step.answer.kind === 'invalid')
          transcript.write({
            type: 'note',
            turn,
            message: `final answer rejected: ${step.answer.errors.join('; ')}`,
          });
        return finish('done', { summary: answerSummary(step.answer, step.prose), answer: step.answer });
      }
      if (step?.kind === 'repair') {
        transcript.write({
          type: 'note',
          turn,
          message: 'final answer does not match the output schema: one repair turn',
        });
        if (step.note) messages.push({ role: 'user', content: step.note });
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
