/**
 * One streamed turn on the OpenAI Responses API (`POST /responses`), with the same contract as
 * the Chat Completions turn in `stream-turn.ts`.
 */
import type { LlmClient } from './client.js';
import type { StreamedTurn, StreamTurnRequest } from './stream-turn.js';

/** Runs one streamed Responses turn against `llm`. */
export async function streamResponsesTurn(
  _llm: LlmClient,
  _request: StreamTurnRequest,
): Promise<StreamedTurn> {
  throw new Error('The Responses API wire is not available yet; set the `api` input to `chat-completions`.');
}
