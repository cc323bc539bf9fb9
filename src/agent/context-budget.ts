/**
 * The run's context window and what the loop does when a request does not fit it: compaction
 * before each turn, a smaller window learned from a "too large" refusal, and a retry with room
 * after an answer cut off at the length limit with nothing usable in it.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { LENGTH_FINISH_RETRIES } from '../limits.js';
import { tooLargeMessage } from '../llm/refusal.js';
import type { RequestTooLargeError } from '../llm/retry.js';
import type { ToolCall } from '../llm/tool-call.js';
import type { ToolRegistry } from '../tools/registry.js';
import { type CompactionResult, compactMessages } from './compaction.js';

/** What the loop does next after a setback. */
export type BudgetVerdict = { kind: 'retry'; compaction: CompactionResult } | { kind: 'fail'; error: string };

/** One per `runAgent` call. */
export class ContextBudget {
  private lengthRetries = 0;

  constructor(
    /** Tokens one request may hold; lowered when the endpoint says so. */
    public windowTokens: number,
    /** Tokens sent besides the messages (tool definitions); grows when the model loads tools. */
    public fixedTokens: number,
  ) {}

  /** Compacts `messages` (in place) as the window requires, before a turn. */
  compact(messages: ChatCompletionMessageParam[]): CompactionResult {
    return compactMessages(messages, { windowTokens: this.windowTokens, fixedTokens: this.fixedTokens });
  }

  /** The endpoint refused the request as too large: learn a smaller window and compact to it. */
  afterTooLarge(
    messages: ChatCompletionMessageParam[],
    error: RequestTooLargeError,
    promptEstimate: number,
    endpoint: { baseUrl: string; model: string },
  ): BudgetVerdict {
    this.windowTokens = Math.min(this.windowTokens, error.limitTokens ?? Math.floor(promptEstimate * 0.8));
    const compaction = compactMessages(messages, {
      windowTokens: this.windowTokens,
      fixedTokens: this.fixedTokens,
      triggerRatio: 0,
    });
    if (compaction.elided === 0)
      return { kind: 'fail', error: tooLargeMessage(error.refusal, endpoint, this.windowTokens) };
    return { kind: 'retry', compaction };
  }

  /**
   * Whether a finished turn is an answer cut off with nothing to act on. If so, it is not an
   * answer: the prompt is compacted to make room (on servers like Ollama the prompt and the
   * output share one context) and the turn asked again, or, after the retry, reported.
   */
  afterTurn(
    messages: ChatCompletionMessageParam[],
    outcome: { finishReason?: string | undefined; calls: ToolCall[] },
    registry: ToolRegistry,
    promptEstimate: number,
    model: string,
  ): BudgetVerdict | undefined {
    if (outcome.finishReason !== 'length' || outcome.calls.some((call) => usable(call, registry))) {
      this.lengthRetries = 0;
      return undefined;
    }
    if (this.lengthRetries >= LENGTH_FINISH_RETRIES)
      return { kind: 'fail', error: lengthMessage(model, this.windowTokens) };
    this.lengthRetries += 1;
    const compaction = compactMessages(messages, {
      windowTokens: Math.min(this.windowTokens, promptEstimate),
      fixedTokens: this.fixedTokens,
      triggerRatio: 0,
    });
    return { kind: 'retry', compaction };
  }
}

/** A call the run could act on: a known tool with arguments that parse as a JSON object. */
function usable(call: ToolCall, registry: ToolRegistry): boolean {
  if (!registry.get(call.name)) return false;
  try {
    const value: unknown = JSON.parse(call.arguments.trim() || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function lengthMessage(model: string, windowTokens: number): string {
  return `Model \`${model}\` stopped at its length limit twice with no usable answer (finish_reason \`length\`). The model's context or output limit is smaller than the request needs (about ${windowTokens.toLocaleString('en-US')} tokens assumed): set the \`context-window\` input to what the model really holds (Ollama's default is 4096 tokens; raise it on the server with \`OLLAMA_CONTEXT_LENGTH\`), or use a model with more room.`;
}
