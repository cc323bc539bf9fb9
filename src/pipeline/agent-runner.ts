/**
 * The agent as a run configures it: one LLM client, the run's tools, transcript, progress and
 * budget. The action's runs (the first task, every CI fix round, plans and reviews) and the local
 * runner all bind it here, so they cannot drift apart; what differs between them (the tracking
 * comment or the terminal, the prompt-cache key, the OIDC bearer) comes in as settings. Every
 * call spends from the one {@link RunBudget}, so a later call gets what is left and numbers its
 * turns on from the earlier ones.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { RunBudget, type RunLimits } from '../agent/budget.js';
import { type AgentEvent, type AgentResult, runAgent } from '../agent/loop.js';
import type { TranscriptWriter } from '../agent/transcript.js';
import type { ApiFormat, ReasoningEffort } from '../llm/client.js';
import { createLlmClient, type LlmClientOptions } from '../llm/client.js';
import { contextWindowFor } from '../llm/context-window.js';
import type { Prices } from '../llm/model-prices.js';
import { pricesFor } from '../llm/model-prices.js';
import type { DroppableInput } from '../llm/request-rules.js';
import type { AnswerSchema } from '../schema/answer-schema.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { CommandHost } from './command-host.js';

/** Runs the agent on `messages`, spending from the run's budget. */
export type AgentRunner = (messages: ChatCompletionMessageParam[]) => Promise<AgentResult>;

/** The model inputs (`base-url`, `model`, `api`, `reasoning-effort`, `context-window`, `prices`): the action's `config.llm` and the local runner's flags both fit. */
export interface ModelSettings {
  baseUrl: string;
  /** May be empty for local endpoints. Secret. */
  apiKey: string;
  model: string;
  api: ApiFormat;
  reasoningEffort: ReasoningEffort | undefined;
  contextWindow: number | undefined;
  prices: Prices | undefined;
}

export interface AgentRunnerOptions {
  model: ModelSettings;
  /** Where log lines go, what redacts, and the cancel signal. */
  host: Pick<CommandHost, 'log' | 'redact' | 'signal'>;
  registry: ToolRegistry;
  transcript: TranscriptWriter;
  /** The run's budget (see {@link runBudgetFor}); every call takes its turns, tokens, cost and time from it. */
  budget: RunBudget;
  /** Hears every agent event first: the tracking comment and log, or the terminal. */
  progress: (event: AgentEvent) => void;
  /** Sent as `prompt_cache_key`: stable per repository and kind of run. */
  promptCacheKey?: string | undefined;
  /** With `auth: oidc`: the bearer exchanged for the job's token. */
  oidc?: LlmClientOptions['oidc'];
  /** Hears every agent event after `progress` (e.g. to credit blocked hosts to commands). */
  onEvent?: (event: AgentEvent) => void;
  /** Hears each input the endpoint refused and the run now drops (image input, for the summary). */
  onInputDropped?: (input: DroppableInput, quoted: string) => void;
  /** With `output-schema`: every call's final answer must match it (see `agent/final-answer.ts`). */
  answerSchema?: AnswerSchema | undefined;
}

/** The run's budget from its limits and the model's prices; the deadline counts from `startedAt`. */
export function runBudgetFor(
  settings: { limits: RunLimits; llm: Pick<ModelSettings, 'model' | 'prices'> },
  startedAt: number,
): RunBudget {
  return RunBudget.forRun(settings.limits, startedAt, pricesFor(settings.llm.model, settings.llm.prices));
}

/** Binds the run's agent options once; see {@link AgentRunner}. */
export function createAgentRunner(options: AgentRunnerOptions): AgentRunner {
  const { model, host } = options;
  const llm = createLlmClient({
    baseUrl: model.baseUrl,
    apiKey: model.apiKey,
    oidc: options.oidc,
    model: model.model,
    api: model.api,
    reasoningEffort: model.reasoningEffort,
    promptCacheKey: options.promptCacheKey,
    log: (message) => host.log.info(message),
    ...(options.onInputDropped ? { onDrop: options.onInputDropped } : {}),
  });
  const contextWindowTokens = contextWindowFor(model.model, model.contextWindow);
  const { progress, onEvent } = options;
  return (messages) =>
    runAgent({
      llm,
      registry: options.registry,
      messages,
      budget: options.budget,
      contextWindowTokens,
      signal: host.signal,
      transcript: options.transcript,
      redact: host.redact,
      onEvent: onEvent
        ? (event) => {
            progress(event);
            onEvent(event);
          }
        : progress,
      answerSchema: options.answerSchema,
    });
}
