/**
 * Keeps the conversation inside the model's context window. Token counts are estimated from
 * characters (about four per token), which is close enough to decide when to act. When the
 * estimate passes 70% of the window, the oldest tool results are replaced by a one-line stub that
 * tells the model how to get them back, until it is under 40%: one large cut rather than a little
 * every turn, because every cut changes the request from that message on, and the provider's
 * prompt cache only serves the unchanged prefix. Results that matter stay (see
 * `compaction-keep.ts`) unless the request would not fit otherwise. The latest turn is touched only when the request would not fit
 * at all otherwise (a small window such as Ollama's 4k default or a free tier's 8k cap): then its
 * largest results go too, with a stub that asks for less.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { contentChars } from '../llm/image-parts.js';
import { systemNotesOf } from '../tools/system-note.js';
import { resultsToKeep } from './compaction-keep.js';

const CHARS_PER_TOKEN = 4;
/** Per-message framing the API adds (role, separators). */
const MESSAGE_OVERHEAD_TOKENS = 4;

/** Rough token count of a conversation (and, optionally, the tool definitions sent with it). */
export function estimateTokens(
  messages: readonly ChatCompletionMessageParam[],
  extra: unknown = undefined,
): number {
  let chars = extra === undefined ? 0 : JSON.stringify(extra).length;
  for (const message of messages) {
    // An image counts as its share of tokens, not as the length of its base64.
    chars += contentChars(message.content);
    if (message.role === 'assistant') {
      chars += JSON.stringify(message.tool_calls ?? []).length;
      // Reasoning a provider asks to get back (DeepSeek, OpenRouter) is sent, so it counts.
      const fields = message as { reasoning_content?: unknown; reasoning_details?: unknown };
      if (typeof fields.reasoning_content === 'string') chars += fields.reasoning_content.length;
      if (fields.reasoning_details !== undefined) chars += JSON.stringify(fields.reasoning_details).length;
    }
  }
  return Math.ceil(chars / CHARS_PER_TOKEN) + messages.length * MESSAGE_OVERHEAD_TOKENS;
}

export interface CompactionOptions {
  windowTokens: number;
  /** Compact once the estimate passes this share of the window. */
  triggerRatio?: number;
  /** Then elide until the estimate is under this share. */
  targetRatio?: number;
  /** Tokens needed besides the messages (tool definitions). */
  fixedTokens?: number;
  /** A request above this share of the window is over it: the latest turn's results go too. */
  hardRatio?: number;
}

export interface CompactionResult {
  /** Tool results replaced by a stub. */
  elided: number;
  estimatedTokens: number;
}

const STUB_PREFIX = '[output of ';

/** Replaces old tool results in `messages` (in place) with stubs when the window is nearly full. */
export function compactMessages(
  messages: ChatCompletionMessageParam[],
  options: CompactionOptions,
): CompactionResult {
  const fixed = options.fixedTokens ?? 0;
  let estimate = estimateTokens(messages) + fixed;
  if (estimate <= options.windowTokens * (options.triggerRatio ?? 0.7))
    return { elided: 0, estimatedTokens: estimate };
  const target = options.windowTokens * (options.targetRatio ?? 0.4);
  const hardLimit = options.windowTokens * (options.hardRatio ?? 0.9);
  const latestTurn = messages.findLastIndex((m) => m.role === 'assistant');
  const calls = callsById(messages);
  const keep = resultsToKeep(messages);
  let elided = 0;
  // First the results that do not matter; the kept ones only if the request would not fit.
  for (const spare of [true, false]) {
    if (!spare && estimate <= hardLimit) break;
    for (let i = 0; i < latestTurn && estimate > target; i++) {
      const message = messages[i]!;
      if (
        message.role !== 'tool' ||
        typeof message.content !== 'string' ||
        message.content.startsWith(STUB_PREFIX) ||
        (spare && keep.has(message.tool_call_id))
      )
        continue;
      // A note the action added (repository instructions for a folder) outlives the output.
      const stub = stubFor(calls.get(message.tool_call_id)) + systemNotesOf(message.content);
      if (stub.length >= message.content.length) continue;
      estimate -= Math.floor((message.content.length - stub.length) / CHARS_PER_TOKEN);
      messages[i] = { ...message, content: stub };
      elided += 1;
    }
  }
  if (estimate > hardLimit) {
    const latest = messages
      .map((message, index) => ({ message, index }))
      .filter(({ message, index }) => index > latestTurn && isFullResult(message))
      .sort((a, b) => String(b.message.content).length - String(a.message.content).length);
    for (const { message, index } of latest) {
      if (estimate <= target || message.role !== 'tool') break;
      const stub = tooLargeStubFor(calls.get(message.tool_call_id)) + systemNotesOf(String(message.content));
      estimate -= Math.floor((String(message.content).length - stub.length) / CHARS_PER_TOKEN);
      messages[index] = { ...message, content: stub };
      elided += 1;
    }
  }
  return { elided, estimatedTokens: estimate };
}

function isFullResult(message: ChatCompletionMessageParam): boolean {
  return (
    message.role === 'tool' &&
    typeof message.content === 'string' &&
    !message.content.startsWith(STUB_PREFIX) &&
    message.content.length > 400
  );
}

/** `[output of read_file src/a.ts elided: too large for the context window; ask for less …]` */
function tooLargeStubFor(call: { name: string; arguments: string } | undefined): string {
  const subject = call
    ? `${call.name}${primaryArgument(call.arguments) ? ` ${primaryArgument(call.arguments)}` : ''}`
    : 'a call';
  return `${STUB_PREFIX}${subject} elided: too large for the model's context window; ask for less (a line range, a narrower pattern, a shorter command output)]`;
}

function callsById(
  messages: readonly ChatCompletionMessageParam[],
): Map<string, { name: string; arguments: string }> {
  const calls = new Map<string, { name: string; arguments: string }>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? []) {
      if (call.type === 'function') calls.set(call.id, call.function);
    }
  }
  return calls;
}

/** `[output of read_file src/a.ts elided; read again if needed]` */
export function stubFor(call: { name: string; arguments: string } | undefined): string {
  if (!call) return `${STUB_PREFIX}an earlier call elided; repeat it if needed]`;
  const subject = primaryArgument(call.arguments);
  const again = call.name === 'bash' ? 'run it again' : 'read again';
  return `${STUB_PREFIX}${call.name}${subject ? ` ${subject}` : ''} elided; ${again} if needed]`;
}

function primaryArgument(raw: string): string {
  try {
    const args = JSON.parse(raw) as Record<string, unknown>;
    const value = args.path ?? args.pattern ?? args.command ?? args.file;
    if (typeof value !== 'string') return '';
    const oneLine = value.replace(/\s+/g, ' ').trim();
    return oneLine.length > 80 ? `${oneLine.slice(0, 79)}…` : oneLine;
  } catch {
    return '';
  }
}
