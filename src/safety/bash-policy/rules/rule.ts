/**
 * The shape of a per-command rule and small helpers to write one. A rule sees the literal
 * arguments (after quote removal) and returns a denial or `undefined` (allowed).
 */
import type { Denial } from '../denial.js';

export interface RuleContext {
  /** Checks `words` as a command of its own (for `npx --no-install tsc`, `python -m pytest`). */
  checkNested(words: readonly string[]): Denial | undefined;
}

export type Rule = (args: readonly string[], ctx: RuleContext) => Denial | undefined;

/** Allows any arguments (paths are still checked by the caller). */
export const allowAny: Rule = () => undefined;

/** The arguments before `--` (where options end). */
export function optionArgs(args: readonly string[]): readonly string[] {
  const end = args.indexOf('--');
  return end === -1 ? args : args.slice(0, end);
}

/**
 * The long option in `names` that `arg` spells, counting the unambiguous abbreviations that
 * getopt_long and git accept (`--compress-prog` is `--compress-program`).
 */
export function longOption(arg: string, names: readonly string[]): string | undefined {
  if (!arg.startsWith('--') || arg === '--') return undefined;
  const given = arg.split('=')[0]!;
  return names.find((name) => name === given || (given.length >= 4 && name.startsWith(given)));
}

/** True when a short-option cluster such as `-ni` contains `letter` (before any value). */
export function hasShortOption(arg: string, letter: string, takesValue = ''): boolean {
  if (!/^-[^-]/.test(arg)) return false;
  for (const ch of arg.slice(1)) {
    if (ch === letter) return true;
    if (takesValue.includes(ch)) return false;
  }
  return false;
}

/** The first option among `args` (before `--`) matching a long name or a short letter. */
export function findOption(
  args: readonly string[],
  spec: { long?: readonly string[]; short?: string; exact?: readonly string[]; takesValue?: string },
): string | undefined {
  for (const arg of optionArgs(args)) {
    if (spec.exact?.includes(arg)) return arg;
    if (spec.long && longOption(arg, spec.long)) return arg;
    for (const letter of spec.short ?? '') if (hasShortOption(arg, letter, spec.takesValue)) return arg;
  }
  return undefined;
}

/** Positional arguments: not starting with `-` (everything after `--` counts). */
export function positionals(args: readonly string[]): string[] {
  const end = args.indexOf('--');
  const before = (end === -1 ? args : args.slice(0, end)).filter((a) => !a.startsWith('-'));
  return end === -1 ? before : [...before, ...args.slice(end + 1)];
}
