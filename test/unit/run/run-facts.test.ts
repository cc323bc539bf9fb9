/** A phase's facts: set as it learns them, followed from a source that changes, and carried by its failure. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  failureCause,
  failureFacts,
  keepingFacts,
  PhaseFailure,
  phaseFacts,
} from '../../../src/run/run-facts.js';

describe('phaseFacts', () => {
  it('starts from what the run knew, adds what the phase sets, and reads followed sources as they are now', () => {
    const facts = phaseFacts({ maxCostUsd: 2 });
    facts.set({ sandbox: 'userns' });
    let mcp = 'one server';
    facts.follow(() => ({ mcp }));
    mcp = 'two servers';
    assert.deepEqual(facts.now(), { maxCostUsd: 2, sandbox: 'userns', mcp: 'two servers' });
  });
});

describe('keepingFacts', () => {
  it('returns the work when it succeeds', async () => {
    assert.equal(await keepingFacts(phaseFacts({}), async () => 7), 7);
  });

  it("throws the cause with the facts as of after the work's finally, under a sub-phase's", async () => {
    const outer = phaseFacts({ maxCostUsd: 1 });
    const inner = phaseFacts({});
    const cause = new Error('CI could not be dispatched.');
    const failure = await keepingFacts(outer, async () => {
      try {
        outer.set({ stopReason: 'done' });
        await keepingFacts(inner, async () => {
          inner.set({ stopReason: 'max-turns' });
          throw cause;
        });
      } finally {
        outer.set({ mcp: 'closed' });
      }
    }).catch((error: unknown) => error);
    assert.ok(failure instanceof PhaseFailure);
    assert.equal(failure.message, 'CI could not be dispatched.');
    assert.equal(failureCause(failure), cause, 'one wrapper, around the first cause');
    assert.deepEqual(failureFacts(failure), { maxCostUsd: 1, stopReason: 'max-turns', mcp: 'closed' });
  });

  it('gives no facts for a failure that did not come from a phase', () => {
    assert.deepEqual(failureFacts(new Error('x')), {});
    assert.equal(failureCause('text'), 'text');
  });
});
