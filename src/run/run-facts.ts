/**
 * How a phase of the run hands back what it learned (`RunFacts`: the sandbox, the stop, the
 * verification, refusals, blocked hosts, MCP servers, instruction files, images, CI). A phase
 * that finishes returns its facts with its result; one that fails part-way throws a
 * {@link PhaseFailure} carrying the facts it had by then, so the tracked run's outcome (and every
 * surface it finalises: tracking comment, job summary, outputs) still shows them. The tracked run
 * builds the outcome once, from whichever of the two it got.
 */
import type { RunFacts } from '../outputs/action-outputs.js';

/** One phase's facts: those it sets, and sources it reads as they change (the repository context's). */
export interface PhaseFacts {
  set(facts: RunFacts): void;
  /** Reads `source` into every later {@link PhaseFacts.now}. */
  follow(source: () => RunFacts): void;
  /** The facts as of now. */
  now(): RunFacts;
}

/** A phase's record of facts, starting from `start` (what the run knew before it). */
export function phaseFacts(start: RunFacts): PhaseFacts {
  let own: RunFacts = { ...start };
  const sources: (() => RunFacts)[] = [];
  return {
    set(facts) {
      own = { ...own, ...facts };
    },
    follow(source) {
      sources.push(source);
    },
    now: () => Object.assign({}, own, ...sources.map((source) => source())),
  };
}

/** A phase's failure, with the facts it had learned; `message` is the cause's. */
export class PhaseFailure extends Error {
  constructor(
    override readonly cause: unknown,
    readonly facts: RunFacts,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PhaseFailure';
  }
}

/** The failure without the facts wrapped around it. */
export function failureCause(error: unknown): unknown {
  return error instanceof PhaseFailure ? error.cause : error;
}

/** The facts a failure carries; none when it did not come from a phase. */
export function failureFacts(error: unknown): RunFacts {
  return error instanceof PhaseFailure ? error.facts : {};
}

/**
 * Runs `work`; when it throws, rethrows a {@link PhaseFailure} with the phase's facts as of then
 * (read after the work's own `finally` blocks ran), under those a failed sub-phase carried.
 */
export async function keepingFacts<T>(facts: PhaseFacts, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new PhaseFailure(failureCause(error), { ...facts.now(), ...failureFacts(error) });
  }
}
