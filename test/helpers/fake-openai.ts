/**
 * The fake OpenAI server for a test file or a suite: call it where the hooks should belong (top
 * level or inside `describe`). The returned object is filled in when the suite starts, its queue
 * and recorded requests are forgotten before each test, and it is closed after the suite.
 */
import { after, before, beforeEach } from 'node:test';
import { type FakeOpenAI, startFakeOpenAI } from '../fakes/openai-server.js';

/** Registers the fake's start, per-test reset and close with the test runner. */
export function useFakeOpenAI(): FakeOpenAI {
  const fake = {} as FakeOpenAI;
  before(async () => {
    Object.assign(fake, await startFakeOpenAI());
  });
  beforeEach(() => fake.clear());
  after(() => fake.close());
  return fake;
}
