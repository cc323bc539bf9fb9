/**
 * What a provider's refusal means for the run, and the message a user gets for one that waiting
 * cannot fix: the provider's words, quoted, plus the input or setting to change. Wire-neutral:
 * it reads the {@link ProviderError} shape that `error-body.ts` gives every refusal.
 */
import type { ProviderError } from './error-body.js';

/** The input (or, for a server flag, the setting) a user must change. */
export type LlmInput =
  | 'api-key'
  | 'oidc-options'
  | 'model'
  | 'base-url'
  | 'api'
  | 'reasoning-effort'
  | 'context-window';

/** Where the request went, for messages. */
export interface RefusalContext {
  baseUrl: string;
  model: string;
  /** The wire the run speaks; a 404 on the Responses API may mean the endpoint has none. */
  wire?: 'chat-completions' | 'responses';
  /** With `auth: oidc`, the provider whose bearer the endpoint refused (no key is involved). */
  oidcProvider?: string | undefined;
}

const TOO_LARGE =
  /context_length_exceeded|tokens_limit_reached|maximum context length|context length|context window|request body too large|request entity too large|prompt is too long|too many tokens|exceeds? the (available )?context|exceed_context_size/i;

/**
 * Whether the provider refused the request for its size (413, OpenAI `context_length_exceeded`,
 * `tokens_limit_reached`, vLLM and llama.cpp wording). Returns the limit the
 * provider named, if it named one, else `null`; undefined when the refusal is about something else.
 */
export function tooLargeLimit(status: number, refusal: ProviderError): number | null | undefined {
  const text = `${refusal.code ?? ''} ${refusal.message}`;
  if (status !== 413 && !TOO_LARGE.test(text)) return undefined;
  const named =
    /(?:max(?:imum)?(?: context length| size| context)?(?: is|:)?|limit(?: is|:)?)\s*([\d,]{3,})\s*tokens/i.exec(
      refusal.message,
    );
  const limit = named ? Number(named[1]!.replace(/,/g, '')) : Number.NaN;
  return Number.isFinite(limit) && limit > 0 ? limit : null;
}

/** A model or server that cannot do tool calls: no retry, no other request will work. */
export function toolSupportFix(refusal: ProviderError): string | undefined {
  const text = refusal.message;
  if (/--jinja|Unsupported param: tools/i.test(text))
    return 'Start llama-server with `--jinja` (tool calls need the chat template), or pick a model that supports tool calling in the `model` input.';
  if (/enable-auto-tool-choice|tool-call-parser/i.test(text))
    return 'Start vLLM with `--enable-auto-tool-choice --tool-call-parser <parser>` for this model, or pick another model in the `model` input.';
  if (
    /support tool use|does not support tools|tools? (?:are|is) not supported|tool calling is not supported|function calling is not (?:supported|enabled)|does not support (?:function|tool) call/i.test(
      text,
    )
  )
    return 'The agent needs tool calling: set the `model` input to a model (or provider route) that supports tools.';
  return undefined;
}

/** Whether a 429 is a quota that will not refill within this run (daily cap, no credit). */
export function quotaExhausted(
  refusal: ProviderError,
  headers: Headers | undefined,
  retryAfterMs: number | undefined,
  maxRetryAfterMs: number,
): boolean {
  if (refusal.code === 'insufficient_quota') return true;
  if (/byday|daily/i.test(headers?.get('x-ratelimit-type') ?? '')) return true;
  return retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs;
}

/** The message and input for a refusal that fails the run. */
export function refusalMessage(
  status: number,
  refusal: ProviderError,
  { baseUrl, model, wire, oidcProvider }: RefusalContext,
  extra: { retryAfterMs?: number; rateLimitType?: string } = {},
): { message: string; input: LlmInput | undefined } {
  const quoted = `HTTP ${status}: ${refusal.message}`;
  const host = hostOf(baseUrl);
  if (
    status === 410 &&
    (host === 'models.github.ai' || /github models|models\.github\.ai/i.test(refusal.message))
  )
    return {
      message: `GitHub Models was retired on 2026-07-30: ${baseUrl} answers ${quoted}. Change the \`base-url\`, \`api-key\` and \`model\` inputs to another provider (the README lists recipes, e.g. OpenAI with an \`OPENAI_API_KEY\` secret), and drop \`permissions: models: read\`.`,
      input: 'base-url',
    };
  const toolFix = toolSupportFix(refusal);
  if (toolFix)
    return {
      message: `Model \`${model}\` at ${baseUrl} cannot call tools (${quoted}). ${toolFix}`,
      input: 'model',
    };
  if (/reasoning[_. ]effort/i.test(`${refusal.param ?? ''} ${refusal.message}`))
    return {
      message: `The LLM endpoint ${baseUrl} refused the reasoning setting (${quoted}). Set the \`reasoning-effort\` input to a value this model accepts (on Chat Completions, OpenAI's newest models take function tools only with \`none\`), or set \`api: responses\` where the endpoint offers the Responses API.`,
      input: 'reasoning-effort',
    };
  if (refusal.param === 'stream' || /'stream' does not support/i.test(refusal.message))
    return {
      message: `Model \`${model}\` at ${baseUrl} cannot stream its answers (${quoted}); the agent needs streaming. Set the \`model\` input to a model that streams.`,
      input: 'model',
    };
  if (oidcProvider && (status === 401 || status === 403))
    return {
      message: `The LLM endpoint ${baseUrl} refused the bearer exchanged with oidc-provider: ${oidcProvider} (${quoted}). The exchange worked, so the identity is known: give it access to this endpoint and model \`${model}\` (the service account's project permissions, an Azure role such as Cognitive Services OpenAI User, Vertex AI access), and check that \`oidc-options\` names the identity meant for it.`,
      input: 'oidc-options',
    };
  switch (status) {
    case 401:
      return {
        message: `The LLM endpoint ${baseUrl} rejected the API key (${quoted}). Check the \`api-key\` input: the secret it reads may be missing, expired or for another provider.`,
        input: 'api-key',
      };
    case 403:
      return {
        message: `The LLM endpoint ${baseUrl} refused the request (${quoted}). Check that the key in the \`api-key\` input may use model \`${model}\`.`,
        input: 'api-key',
      };
    case 404:
      if (refusal.code === 'model_not_found' || /model/i.test(refusal.message))
        return {
          message: `Model \`${model}\` was not found at ${baseUrl} (${quoted}). Check the \`model\` input.`,
          input: 'model',
        };
      if (wire === 'responses')
        return {
          message: `Nothing answers the Responses API at ${baseUrl}/responses (${quoted}). If the endpoint has no Responses API (Azure OpenAI offers it only in some regions), set the \`api\` input to \`chat-completions\`; otherwise check the \`base-url\` input.`,
          input: 'api',
        };
      return {
        message: `Nothing answers at ${baseUrl} (${quoted}). Check the \`base-url\` input (it usually ends in \`/v1\`), then the \`model\` input.`,
        input: 'base-url',
      };
    case 429: {
      const hours =
        extra.retryAfterMs === undefined
          ? ''
          : ` The provider says to retry in ${formatWait(extra.retryAfterMs)}.`;
      return {
        message: `The LLM endpoint ${baseUrl} refused the request because a quota is used up (${quoted}).${hours} Add credit or raise the quota with the provider, or use another \`model\`.`,
        input: 'model',
      };
    }
    default:
      return {
        message: `The LLM endpoint ${baseUrl} refused the request (${quoted}). Check the \`model\` and \`base-url\` inputs, and the provider's settings for this model.`,
        input: undefined,
      };
  }
}

/** The message when a request stays too large after compaction. */
export function tooLargeMessage(
  refusal: string,
  { baseUrl, model }: RefusalContext,
  windowTokens: number,
): string {
  return `The request to ${baseUrl} is too large for model \`${model}\` even after compacting the conversation to about ${windowTokens.toLocaleString('en-US')} tokens (${refusal}). Set the \`context-window\` input to what the model really holds, or use a model with a larger window.`;
}

function formatWait(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes >= 120 ? `${Math.round(minutes / 60)} hours` : `${Math.max(1, minutes)} minutes`;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname;
  } catch {
    return '';
  }
}
