/**
 * Runs a batch of cases through the oracle and sorts the outcome: how many ran, the findings by
 * class and level, and the regression entries for findings that are not known yet. Shared by the
 * test (a bounded sample) and `npm run oracle` (long runs).
 */
import { loadBenign, loadHostile, setupsOf } from '../helpers/policy-corpus.js';
import type { FindingClass, PolicyLevel } from './compare-effects.js';
import type { FuzzSource } from './fuzz.js';
import type { Oracle, OracleCase, OracleOutcome } from './oracle.js';
import { entriesFor, type RegressionEntry } from './regressions.js';

/** A case with where it came from, for the regression entry. */
export interface LabelledCase extends OracleCase {
  found: string;
  mutations?: readonly string[];
}

export interface BatchResult {
  checked: number;
  ran: number;
  /** Findings by `class@level`, blocked ones counted apart. */
  counts: Record<string, number>;
  /** Entries for findings no known entry covers. */
  fresh: RegressionEntry[];
  outcomes: OracleOutcome[];
}

/** The corpora as fuzz sources (hostile entries keep the write they depend on). */
export function corpusSources(): FuzzSource[] {
  return [
    ...loadBenign().map((b) => ({ command: b.command })),
    ...loadHostile().map((h) => ({ command: h.command, ...(h.setup ? { setup: setupsOf(h) } : {}) })),
  ];
}

const keyOf = (command: string, level: PolicyLevel) => `${level}\0${command}`;

/** Runs `cases` one after another; `onOutcome` sees each (for progress). */
export async function runCases(
  oracle: Oracle,
  cases: readonly LabelledCase[],
  known: readonly RegressionEntry[],
  onOutcome: (outcome: OracleOutcome, index: number) => void = () => {},
): Promise<BatchResult> {
  const knownKeys = new Set(known.map((k) => keyOf(k.command, k.level)));
  const result: BatchResult = { checked: 0, ran: 0, counts: {}, fresh: [], outcomes: [] };
  for (const [index, entry] of cases.entries()) {
    const outcome = await oracle.check(entry);
    result.checked++;
    if (outcome.ran) result.ran++;
    result.outcomes.push(outcome);
    for (const f of outcome.findings) {
      const key = `${f.class}@${f.level}${f.blocked ? ' (blocked)' : ''}`;
      result.counts[key] = (result.counts[key] ?? 0) + 1;
    }
    for (const fresh of entriesFor(
      outcome,
      entry.setup ? [...entry.setup] : undefined,
      entry.found,
      entry.mutations,
    ))
      if (!knownKeys.has(keyOf(fresh.command, fresh.level))) result.fresh.push(fresh);
    onOutcome(outcome, index);
  }
  return result;
}

/** Counts of findings by class (all levels), for reports. */
export function byClass(entries: readonly RegressionEntry[]): Record<FindingClass, number> {
  const counts = {} as Record<FindingClass, number>;
  for (const e of entries) for (const c of e.classes) counts[c] = (counts[c] ?? 0) + 1;
  return counts;
}
