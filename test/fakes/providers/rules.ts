/**
 * Request checks several providers share, each returning what is wrong (or undefined), so a
 * persona wraps the answer in its own error body.
 */
import type { RecordedRequest } from '../openai-server.js';

type Message = Record<string, any>;

/** The request's messages. */
export function messagesOf(request: RecordedRequest): Message[] {
  return Array.isArray(request.body?.messages) ? request.body.messages : [];
}

/** Index of the first assistant message with `content: null` (or missing) and no tool calls. */
export function nullAnswerWithoutCalls(request: RecordedRequest): number | undefined {
  const i = messagesOf(request).findIndex(
    (m) => m.role === 'assistant' && (m.content === null || m.content === undefined) && !m.tool_calls?.length,
  );
  return i >= 0 ? i : undefined;
}

/** Index of the first `user` message directly after a `tool` message. */
export function userAfterTool(request: RecordedRequest): number | undefined {
  const messages = messagesOf(request);
  const i = messages.findIndex((m, k) => k > 0 && m.role === 'user' && messages[k - 1]!.role === 'tool');
  return i >= 0 ? i : undefined;
}

/** The first earlier tool call whose arguments do not parse as JSON, with the parser's message. */
export function unparsableArguments(request: RecordedRequest): { index: number; error: string } | undefined {
  for (const [index, m] of messagesOf(request).entries()) {
    for (const call of m.role === 'assistant' ? (m.tool_calls ?? []) : []) {
      try {
        JSON.parse(call.function?.arguments ?? '');
      } catch (error) {
        return { index, error: (error as Error).message };
      }
    }
  }
  return undefined;
}

/** Index of the first assistant message with tool calls that lacks `check` on itself or its calls. */
export function callMessageWithout(
  request: RecordedRequest,
  check: (message: Message) => boolean,
): number | undefined {
  const i = messagesOf(request).findIndex((m) => m.role === 'assistant' && m.tool_calls?.length && !check(m));
  return i >= 0 ? i : undefined;
}

/** The bearer token or `api-key` header the request carried. */
export function keyOf(request: RecordedRequest): { bearer?: string; apiKey?: string } {
  const auth = String(request.headers['authorization'] ?? '');
  const apiKey = request.headers['api-key'];
  return {
    ...(auth.startsWith('Bearer ') ? { bearer: auth.slice(7) } : {}),
    ...(typeof apiKey === 'string' ? { apiKey } : {}),
  };
}

/** The request's query parameters. */
export function queryOf(request: RecordedRequest): URLSearchParams {
  return new URL(request.path, 'http://fake').searchParams;
}

/** Rough prompt size the way providers count it (about four characters a token). */
export function promptTokens(request: RecordedRequest): number {
  return Math.ceil(
    JSON.stringify(request.body?.messages ?? []).length / 4 +
      JSON.stringify(request.body?.tools ?? []).length / 4,
  );
}
