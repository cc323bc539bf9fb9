/**
 * The `allowed-commands` input: one rule per line, written like the command it allows.
 *
 *     cargo clippy *        `cargo clippy` with any further arguments
 *     make lint             exactly `make lint`
 *     ./scripts/check.sh *  a workspace script with any arguments
 *
 * Words are literal (quotes allowed); a final unquoted `*` matches any further arguments and
 * is the only wildcard. A rule lifts soft denials only: shell structure, paths, secrets,
 * network, interpreters given code, and the other hard rules still apply.
 *
 * The lines are parsed once, where the run is admitted (the action's `runFromEvent`, the local
 * runner's `--allow`), into `ExtraRule`s that the policy takes as they are.
 */
import { loadBashParser } from './parser.js';
import { parseCommandLine } from './syntax.js';

export interface ExtraRule {
  words: string[];
  /** True when the rule ends in `*`. */
  rest: boolean;
  source: string;
}

/** Why a line is not a rule; each caller words it with the name of its own input. */
export type RuleProblem = 'not-plain-command' | 'wildcard-not-last';

export type ParsedAllowedCommands =
  | { kind: 'rules'; rules: ExtraRule[] }
  | { kind: 'invalid'; line: string; problem: RuleProblem };

/** The rule lines of the input's text or of repeated flags: trimmed, blank lines and `#` comments left out. */
export function ruleLines(lines: readonly string[]): string[] {
  return lines.map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
}

/** Parses rule lines (see `ruleLines`); the first line that is not a plain command is `invalid`. */
export async function parseAllowedCommands(lines: readonly string[]): Promise<ParsedAllowedCommands> {
  const parser = await loadBashParser();
  const rules: ExtraRule[] = [];
  for (const source of lines) {
    const steps = parseCommandLine(parser, source);
    const step = Array.isArray(steps) && steps.length === 1 ? steps[0] : undefined;
    if (step?.kind !== 'command' || step.assignments.length > 0) {
      return { kind: 'invalid', line: source, problem: 'not-plain-command' };
    }
    const last = step.words.at(-1);
    const rest = last?.glob === true && last.value === '*';
    const words = (rest ? step.words.slice(0, -1) : step.words).map((w) => w.value);
    if (words.length === 0 || step.words.slice(0, rest ? -1 : undefined).some((w) => w.glob)) {
      return { kind: 'invalid', line: source, problem: 'wildcard-not-last' };
    }
    rules.push({ words, rest, source });
  }
  return { kind: 'rules', rules };
}

/** An invalid line explained; the caller puts the name of its input (`allowed-commands`, `--allow`) first. */
export function describeRuleProblem(invalid: Extract<ParsedAllowedCommands, { kind: 'invalid' }>): string {
  switch (invalid.problem) {
    case 'not-plain-command':
      return `\`${invalid.line}\` is not a plain command such as \`cargo clippy *\`.`;
    case 'wildcard-not-last':
      return `\`${invalid.line}\` may use \`*\` only as its last word, after the command name.`;
  }
}

/** The first rule that allows `words` (command name first), if any. */
export function matchExtraRule(words: readonly string[], rules: readonly ExtraRule[]): ExtraRule | undefined {
  return rules.find(
    (rule) =>
      (rule.rest ? words.length >= rule.words.length : words.length === rule.words.length) &&
      rule.words.every((w, i) => words[i] === w),
  );
}
