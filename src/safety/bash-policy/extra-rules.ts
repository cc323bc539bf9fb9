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
 */
import type { Parser } from 'web-tree-sitter';
import { parseCommandLine } from './syntax.js';

export interface ExtraRule {
  words: string[];
  /** True when the rule ends in `*`. */
  rest: boolean;
  source: string;
}

/** Parses the input's lines; a line that is not a plain command throws (a misconfiguration). */
export function parseExtraRules(parser: Parser, lines: readonly string[]): ExtraRule[] {
  return lines
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((source) => {
      const steps = parseCommandLine(parser, source);
      const step = Array.isArray(steps) && steps.length === 1 ? steps[0] : undefined;
      if (step?.kind !== 'command' || step.assignments.length > 0) {
        throw new Error(`allowed-commands: \`${source}\` is not a plain command such as \`cargo clippy *\`.`);
      }
      const last = step.words.at(-1);
      const rest = last?.glob === true && last.value === '*';
      const words = (rest ? step.words.slice(0, -1) : step.words).map((w) => w.value);
      if (words.length === 0 || step.words.slice(0, rest ? -1 : undefined).some((w) => w.glob)) {
        throw new Error(
          `allowed-commands: \`${source}\` may use \`*\` only as its last word, after the command name.`,
        );
      }
      return { words, rest, source };
    });
}

/** The first rule that allows `words` (command name first), if any. */
export function matchExtraRule(words: readonly string[], rules: readonly ExtraRule[]): ExtraRule | undefined {
  return rules.find(
    (rule) =>
      (rule.rest ? words.length >= rule.words.length : words.length === rule.words.length) &&
      rule.words.every((w, i) => words[i] === w),
  );
}
