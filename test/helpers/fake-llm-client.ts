/**
 * An LLM client pointed at the fake OpenAI server, with millisecond retries so failure tests are quick.
 */
import { createLlmClient, type LlmClient } from '../../src/llm/client.js';

/** A client for the fake server with millisecond retries and a short idle timeout. */
export function fakeClient(baseUrl: string, idleTimeoutMs = 2000): LlmClient {
  const llm = createLlmClient({ baseUrl, apiKey: 'sk-test-key-123456', model: 'fake-model', idleTimeoutMs });
  llm.retry = { ...llm.retry, baseDelayMs: 1, maxDelayMs: 5 };
  return llm;
}
