/**
 * The fake OpenAI server for a test file: started once (await it at the top of the file), its
 * queue and recorded requests forgotten after each test, closed after the file's tests.
 */
import { after, afterEach } from 'node:test';
import { type FakeOpenAI, startFakeOpenAI } from '../fakes/openai-server.js';

/** Starts the fake and registers its clean-up with the test runner. */
export async function useFakeOpenAI(): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI();
  afterEach(() => fake.clear());
  after(() => fake.close());
  return fake;
}
