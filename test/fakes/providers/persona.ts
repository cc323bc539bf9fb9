/**
 * A provider persona for the fake OpenAI server: the URL path one real provider serves, the
 * requests it refuses (with its exact error bodies) and the shape of its stream, each written
 * from that provider's documentation or its maintainers' reports (sources on every persona; the
 * list is in docs/providers.md).
 */

import type { Step } from '../openai-reply.js';
import type { RecordedRequest } from '../openai-server.js';

/** One streamed chunk as the fake builds it (OpenAI's shape), or the `[DONE]` marker. */
export type ChunkObject = Record<string, any>;
export type Chunk = ChunkObject | '[DONE]';

export interface Persona {
  /** Short id: test names and docs use it. */
  name: string;
  /** The provider (and model or version) whose behaviour it follows. */
  provider: string;
  /** Where that behaviour is documented or reported. */
  sources: string[];
  /** Path the base URL ends in; requests go to `<basePath>/chat/completions`. */
  basePath: string;
  /** The action inputs a user of this provider sets (`base-url` included), given the fake's origin. */
  inputs(origin: string): Record<string, string>;
  /** The provider's refusal of `request`, or undefined when it would accept it. */
  refuse?(request: RecordedRequest): Step | undefined;
  /**
   * Frames to stream instead of the next scripted reply (a provider's in-stream error), or
   * undefined to serve the reply. The scripted reply stays queued for the retry.
   */
  interrupt?(request: RecordedRequest): string[] | undefined;
  /** The SSE frames (complete, with their blank line) of one reply built from OpenAI-shaped chunks. */
  frames?(chunks: Chunk[], request: RecordedRequest): string[];
  /** The answer to a path the provider does not serve. */
  notFound?(): { status: number; type: string; body: string };
}

/** `data: …` for one chunk. */
export function dataFrame(chunk: Chunk): string {
  return `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`;
}

/** An SSE comment line, as keep-alives are sent. */
export function commentFrame(text: string): string {
  return `: ${text}\n\n`;
}

/** A named SSE event. */
export function eventFrame(name: string, payload: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/** An HTTP refusal with a JSON body exactly as given. */
export function jsonRefusal(status: number, body: unknown, headers: Record<string, string> = {}): Step {
  return {
    kind: 'http-error',
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

/** The `{"error": {...}}` body OpenAI and most compatible servers send. */
export function openAiRefusal(
  status: number,
  error: { message: string; type?: string; param?: string | null; code?: string | number | null },
  headers: Record<string, string> = {},
): Step {
  return jsonRefusal(
    status,
    { error: { type: 'invalid_request_error', param: null, code: null, ...error } },
    headers,
  );
}
