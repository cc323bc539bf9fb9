/**
 * One streamed turn in whichever wire format the run speaks. The agent loop sees one interface —
 * the conversation in, text, tool calls (reported the moment their arguments are complete) and
 * usage out — so there is one loop, not one per wire format.
 */
import type { LlmClient } from './client.js';
import { streamResponsesTurn } from './responses-turn.js';
import { type StreamedTurn, type StreamTurnRequest, streamTurn } from './stream-turn.js';

/** Runs one turn against `llm` on its wire; one attempt, errors thrown as they are. */
export function streamModelTurn(llm: LlmClient, request: StreamTurnRequest): Promise<StreamedTurn> {
  switch (llm.wire) {
    case 'chat-completions':
      return streamTurn(llm, request);
    case 'responses':
      return streamResponsesTurn(llm, request);
  }
}
