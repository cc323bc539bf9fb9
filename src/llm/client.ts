/**
 * The LLM client, built from the `base-url`, `api-key` and `model` inputs and passed to whoever
 * talks to the model. Never a module singleton, so tests point it at a server on 127.0.0.1.
 */
import OpenAI from 'openai';
import { LLM_IDLE_TIMEOUT_MS } from '../limits.js';
import { resolveEndpoint } from './endpoint.js';
import { readableErrorFetch } from './error-body.js';
import { bearerFetch } from './oidc/bearer-fetch.js';
import type { BearerSource } from './oidc/bearer-source.js';
import { type DroppableInput, RequestRules } from './request-rules.js';
import { defaultRetryPolicy, type RetryPolicy } from './retry.js';

/** The `api` input: which wire to speak, or `auto` to choose from the endpoint. */
export const API_FORMATS = ['auto', 'responses', 'chat-completions'] as const;
/** The `reasoning-effort` input. */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;
export type ApiFormat = (typeof API_FORMATS)[number];
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** The wire format a run speaks; one per run, chosen from the `api` input and the base URL. */
export type Wire = 'chat-completions' | 'responses';

export interface LlmClientOptions {
  /** Chat Completions base URL, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** May be empty for local endpoints that need no key. */
  apiKey: string;
  /**
   * With `auth: oidc`: the short-lived bearer, asked for before each request and sent to
   * `baseUrl`'s origin only; `apiKey` is then unused.
   */
  oidc?: { provider: string; bearer: BearerSource } | undefined;
  model: string;
  /** The `api` input; default `auto`. */
  api?: ApiFormat;
  /** The `reasoning-effort` input; undefined leaves the provider's default. */
  reasoningEffort?: ReasoningEffort | undefined;
  /** Attempts per turn in total (first included); default 5. */
  maxRetries?: number;
  /** Replaces the global fetch (tests, proxies). */
  fetch?: typeof fetch;
  /** Longest silence (no byte, no chunk) a streamed turn tolerates before it counts as broken. */
  idleTimeoutMs?: number;
  /** Sent as `prompt_cache_key` (stable per repository and run kind) where the endpoint takes it. */
  promptCacheKey?: string | undefined;
  /** Hears the run's one-off notes about the endpoint (a parameter it refused and we now drop). */
  log?: (message: string) => void;
  /** Hears each input the endpoint refused and the run now drops (image input, for the summary). */
  onDrop?: (input: DroppableInput, quoted: string) => void;
}

/** Everything a turn needs to reach the model. */
export interface LlmClient {
  openai: OpenAI;
  model: string;
  baseUrl: string;
  /** Which wire format every turn of the run uses. */
  wire: Wire;
  reasoningEffort: ReasoningEffort | undefined;
  retry: RetryPolicy;
  idleTimeoutMs: number;
  /** `prompt_cache_key`, when the run has one. */
  promptCacheKey: string | undefined;
  /** What requests may carry, learned from the endpoint's refusals (see `request-rules.ts`). */
  rules: RequestRules;
  /** With `auth: oidc`, the provider that mints the bearer. */
  oidcProvider: string | undefined;
  /**
   * Whether the endpoint takes an output schema (`response_format`, `text.format`) together with
   * tools: OpenAI's and Azure OpenAI's hosts. Elsewhere the answer comes through a final tool.
   */
  structuredOutput: boolean;
}

// The SDK refuses an empty key; local endpoints (Ollama, vLLM) ignore whatever is sent.
const placeholderKey = 'no-key';

/** Builds the client. Retries are ours (see `retry.ts`), so the SDK's own are turned off. */
export function createLlmClient(options: LlmClientOptions): LlmClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { oidc } = options;
  // A bearer goes as `Authorization: Bearer`, on Azure too (Entra ID tokens are not `api-key`s).
  const endpoint = resolveEndpoint(baseUrl, oidc ? '' : options.apiKey);
  const baseFetch = options.fetch ?? globalThis.fetch;
  const openai = new OpenAI({
    baseURL: endpoint.baseURL,
    // The SDK's own per-request credential hook: called before every request, retries included.
    apiKey: oidc ? () => oidc.bearer.token() : options.apiKey || placeholderKey,
    defaultQuery: endpoint.query,
    defaultHeaders: endpoint.headers,
    // Explicit values keep the SDK from reading OPENAI_* variables from the environment.
    organization: null,
    project: null,
    maxRetries: 0,
    logLevel: 'off',
    // Every refusal reaches the SDK in one envelope, whatever shape the provider sent.
    fetch: readableErrorFetch(oidc ? bearerFetch(baseFetch, oidc.bearer, endpoint.baseURL) : baseFetch),
  });
  return {
    openai,
    model: options.model,
    baseUrl,
    // The resolved URL: a pasted operation URL (`…/v1/responses`) still names the endpoint.
    wire: chooseWire(options.api ?? 'auto', endpoint.baseURL),
    reasoningEffort: options.reasoningEffort,
    promptCacheKey: options.promptCacheKey,
    retry: {
      ...defaultRetryPolicy,
      maxAttempts: Math.max(1, options.maxRetries ?? defaultRetryPolicy.maxAttempts),
    },
    idleTimeoutMs: options.idleTimeoutMs ?? LLM_IDLE_TIMEOUT_MS,
    rules: new RequestRules(options.log, options.onDrop),
    oidcProvider: oidc?.provider,
    structuredOutput: combinesSchemaWithTools(endpoint.baseURL),
  };
}

/**
 * `auto` picks the wire for the endpoint: the Responses API where it is known to be there with
 * everything the agent needs (OpenAI itself, and Azure OpenAI's v1 surface), because OpenAI's
 * current models reason with function tools only there; Chat Completions, which every
 * OpenAI-compatible server speaks, everywhere else.
 */
export function chooseWire(api: ApiFormat, baseUrl: string): Wire {
  if (api !== 'auto') return api;
  return offersResponses(baseUrl) ? 'responses' : 'chat-completions';
}

// Azure OpenAI resources answer on these hosts; only the `/openai/v1` path is the OpenAI-shaped
// surface with `/responses` (the older deployment URLs are Chat Completions per deployment).
const azureOpenAiHosts = ['.openai.azure.com', '.cognitiveservices.azure.com', '.services.ai.azure.com'];

/**
 * Where a response schema and tools go together in one request. OpenAI documents structured
 * outputs with function calling on both wires; other servers constrain the whole generation to
 * the schema (vLLM, llama.cpp and Ollama decode with its grammar, so no tool call could be made)
 * or refuse the pair (Gemini: function calling with a JSON response type), so they get the tool.
 */
export function combinesSchemaWithTools(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'api.openai.com' ||
    host.endsWith('.api.openai.com') ||
    azureOpenAiHosts.some((suffix) => host.endsWith(suffix))
  );
}

function offersResponses(baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const path = url.pathname.replace(/\/+$/, '');
  // Data-residency hosts (`eu.api.openai.com`) are OpenAI too.
  if (host === 'api.openai.com' || host.endsWith('.api.openai.com')) return path === '/v1';
  return azureOpenAiHosts.some((suffix) => host.endsWith(suffix)) && path === '/openai/v1';
}
