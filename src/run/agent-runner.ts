/**
 * The agent as this run configures it: one LLM client, the run's tools, transcript, progress
 * reporting and budget. The first task and every later turn of the same conversation (a CI fix
 * round) go through it, so they cannot drift apart. A later call gets what is left of `max-turns`
 * and `max-tokens`, and its turns are numbered on from the earlier ones in the transcript and on
 * the tracking comment, so "turn 1" never appears twice.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { type AgentEvent, type AgentResult, runAgent } from '../agent/loop.js';
import type { TranscriptEvent, TranscriptWriter } from '../agent/transcript.js';
import { createLlmClient } from '../llm/client.js';
import { contextWindowFor } from '../llm/context-window.js';
import { pricesFor } from '../llm/model-prices.js';
import { promptCacheKey } from '../llm/prompt-cache-key.js';
import type { RunOutcome } from '../outputs/action-outputs.js';
import type { TrackingComment } from '../outputs/tracking-comment.js';
import { progressReporter } from '../pipeline/progress.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { RunContext } from './context.js';

/** What earlier calls of the same run used up. */
export interface AgentSpent {
  turns: number;
  tokens: number;
  /** USD, when the model has a price. */
  costUsd?: number | undefined;
}

/** Runs the agent on `messages`; `spent` (default nothing) is taken off the run's budgets. */
export type AgentRunner = (
  messages: ChatCompletionMessageParam[],
  spent?: AgentSpent,
) => Promise<AgentResult>;

export interface AgentRunnerOptions {
  registry: ToolRegistry;
  transcript: TranscriptWriter;
  tracking: TrackingComment | undefined;
  /** Epoch ms at which every call stops (`loopDeadline`, which keeps the publish reserve). */
  deadline: number;
  /** What the run does (`pull-request`, `push`, `comment`): with the repository, the prompt-cache key. */
  runKind: string;
}

/** Binds the run's agent options once; see {@link AgentRunner}. */
export function createAgentRunner(ctx: RunContext, options: AgentRunnerOptions): AgentRunner {
  const { config } = ctx;
  const llm = createLlmClient({
    baseUrl: config.llm.baseUrl,
    apiKey: config.llm.apiKey,
    model: config.llm.model,
    api: config.llm.api,
    reasoningEffort: config.llm.reasoningEffort,
    promptCacheKey: promptCacheKey(`${ctx.repo.owner}/${ctx.repo.repo}`, options.runKind),
    log: (message) => ctx.log.info(message),
  });
  const contextWindowTokens = contextWindowFor(config.llm.model, config.llm.contextWindow);
  const prices = pricesFor(config.llm.model, config.llm.prices);
  const maxCostUsd = config.limits.maxCostUsd;
  const report = progressReporter(ctx.log, options.tracking);
  return (messages, spent = { turns: 0, tokens: 0 }) =>
    runAgent({
      llm,
      registry: options.registry,
      messages,
      limits: {
        maxTurns: Math.max(0, config.limits.maxTurns - spent.turns),
        maxTokens: Math.max(0, config.limits.maxTokens - spent.tokens),
        deadline: options.deadline,
        contextWindowTokens,
        prices,
        ...(maxCostUsd !== undefined ? { maxCostUsd: Math.max(0, maxCostUsd - (spent.costUsd ?? 0)) } : {}),
      },
      signal: ctx.signal,
      transcript: renumbered(options.transcript, spent.turns),
      redact: ctx.redact,
      onEvent: (event) => report(numberedOn(event, spent)),
    });
}

/** What the outcome says earlier calls used, as the next call's `spent`. */
export function spentSoFar(outcome: RunOutcome): AgentSpent {
  return { turns: outcome.turns ?? 0, tokens: outcome.tokens ?? 0, costUsd: outcome.costUsd };
}

/** Adds an agent call's turns, tokens, cached tokens and cost to the run's outcome. */
export function addAgentUsage(outcome: RunOutcome, agent: AgentResult): void {
  outcome.turns = (outcome.turns ?? 0) + agent.turns;
  outcome.tokens = (outcome.tokens ?? 0) + agent.tokens.total;
  outcome.promptTokens = (outcome.promptTokens ?? 0) + agent.tokens.prompt;
  outcome.cachedTokens = (outcome.cachedTokens ?? 0) + (agent.tokens.cachedPrompt ?? 0);
  if (agent.tokens.estimated) outcome.tokensEstimated = true;
  if (agent.costUsd !== undefined) outcome.costUsd = (outcome.costUsd ?? 0) + agent.costUsd;
}

/** The event as the whole run counts: turns after the earlier ones, token totals including theirs. */
function numberedOn(event: AgentEvent, spent: AgentSpent): AgentEvent {
  const turn = event.turn + spent.turns;
  if (event.type !== 'turn-end') return { ...event, turn };
  return { ...event, turn, tokens: { ...event.tokens, total: event.tokens.total + spent.tokens } };
}

/** The same log, with the `turn` of each event moved on by `offset`. */
function renumbered(transcript: TranscriptWriter, offset: number): TranscriptWriter {
  if (offset === 0) return transcript;
  return {
    path: transcript.path,
    write: (event: TranscriptEvent) =>
      transcript.write('turn' in event ? { ...event, turn: event.turn + offset } : event),
  };
}
