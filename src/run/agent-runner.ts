/**
 * The agent as this run configures it: one LLM client, the run's tools, transcript, progress
 * reporting and budget. The first task and every later turn of the same conversation (a CI fix
 * round) go through it, so they cannot drift apart. Every call spends from the one
 * {@link RunBudget}, so a later call gets what is left and numbers its turns on from the earlier
 * ones in the transcript and on the tracking comment.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { RunBudget } from '../agent/budget.js';
import { type AgentEvent, type AgentResult, runAgent } from '../agent/loop.js';
import type { TranscriptWriter } from '../agent/transcript.js';
import type { Config } from '../inputs.js';
import { createLlmClient } from '../llm/client.js';
import { contextWindowFor } from '../llm/context-window.js';
import { pricesFor } from '../llm/model-prices.js';
import { promptCacheKey } from '../llm/prompt-cache-key.js';
import type { DroppableInput } from '../llm/request-rules.js';
import type { RunOutcome } from '../outputs/action-outputs.js';
import type { TrackingComment } from '../outputs/tracking-comment.js';
import { progressReporter } from '../pipeline/progress.js';
import type { AnswerSchema } from '../schema/answer-schema.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { RunContext } from './context.js';

/** Runs the agent on `messages`, spending from the run's budget. */
export type AgentRunner = (messages: ChatCompletionMessageParam[]) => Promise<AgentResult>;

export interface AgentRunnerOptions {
  registry: ToolRegistry;
  transcript: TranscriptWriter;
  tracking: TrackingComment | undefined;
  /** The run's budget (see {@link runBudgetFor}); every call takes its turns, tokens, cost and time from it. */
  budget: RunBudget;
  /** What the run does (`pull-request`, `push`, `comment`): with the repository, the prompt-cache key. */
  runKind: string;
  /** Hears every agent event after the progress reporter (e.g. to credit blocked hosts to commands). */
  onEvent?: (event: AgentEvent) => void;
  /** Hears each input the endpoint refused and the run now drops (image input, for the summary). */
  onInputDropped?: (input: DroppableInput, quoted: string) => void;
  /** With `output-schema`: every call's final answer must match it (see `agent/final-answer.ts`). */
  answerSchema?: AnswerSchema;
}

/** The run's budget from its inputs and the model's prices; the deadline counts from `startedAt`. */
export function runBudgetFor(config: Pick<Config, 'limits' | 'llm'>, startedAt: number): RunBudget {
  return RunBudget.forRun(config.limits, startedAt, pricesFor(config.llm.model, config.llm.prices));
}

/** Binds the run's agent options once; see {@link AgentRunner}. */
export function createAgentRunner(ctx: RunContext, options: AgentRunnerOptions): AgentRunner {
  const { config } = ctx;
  const llm = createLlmClient({
    baseUrl: config.llm.baseUrl,
    apiKey: config.llm.apiKey,
    oidc: ctx.oidc,
    model: config.llm.model,
    api: config.llm.api,
    reasoningEffort: config.llm.reasoningEffort,
    promptCacheKey: promptCacheKey(`${ctx.repo.owner}/${ctx.repo.repo}`, options.runKind),
    log: (message) => ctx.log.info(message),
    ...(options.onInputDropped ? { onDrop: options.onInputDropped } : {}),
  });
  const contextWindowTokens = contextWindowFor(config.llm.model, config.llm.contextWindow);
  const report = progressReporter(ctx.log, options.tracking);
  return (messages) =>
    runAgent({
      llm,
      registry: options.registry,
      messages,
      budget: options.budget,
      contextWindowTokens,
      signal: ctx.signal,
      transcript: options.transcript,
      redact: ctx.redact,
      onEvent: options.onEvent
        ? (event) => {
            report(event);
            options.onEvent?.(event);
          }
        : report,
      answerSchema: options.answerSchema,
    });
}

/** Adds an agent call's turns, tokens, cached tokens and cost to the run's outcome (its figures as outputs). */
export function addAgentUsage(outcome: RunOutcome, agent: AgentResult): void {
  outcome.turns = (outcome.turns ?? 0) + agent.turns;
  outcome.tokens = (outcome.tokens ?? 0) + agent.tokens.total;
  outcome.promptTokens = (outcome.promptTokens ?? 0) + agent.tokens.prompt;
  outcome.cachedTokens = (outcome.cachedTokens ?? 0) + (agent.tokens.cachedPrompt ?? 0);
  if (agent.tokens.estimated) outcome.tokensEstimated = true;
  if (agent.costUsd !== undefined) outcome.costUsd = (outcome.costUsd ?? 0) + agent.costUsd;
}
