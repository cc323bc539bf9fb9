/**
 * The one option parser every command rule uses: a table per tool, read the way that tool's own
 * parser reads its argv. GNU getopt_long semantics by default: short clusters (`-abc`), values
 * glued (`-ofile`) or separate, optional values only glued or after `=`, `--name=value`,
 * unambiguous prefixes of long names (`--in` is `--in-place`), options after operands (GNU
 * permutation) and `--`. Tools whose parser differs (git's `--no-` negations, `-name` long
 * options, stopping at the first operand) say so in the table. An option the table does not know
 * is refused: a guess about it is how a bypass starts.
 */
import { type Denial, deny, notAllowed } from './denial.js';
import type { Word } from './words.js';

/** What an option value (or an operand) is, and so how it is checked. */
export type ValueKind =
  /** A file or folder read. */
  | 'read'
  /** A file written (an output). */
  | 'write'
  /** A write that changes a whole folder (`rm -r`, `chmod -R`, mv sources and targets): never the workspace or a folder holding `.git`/`.github`. */
  | 'tree'
  /** A `tree` write whose folder may hold symlinks (`cp -r`, mv of a folder): paths below it are unknown. */
  | 'links'
  /** A `tree` write that may itself be a symlink (`cp -P`, mv or `cp -r` of a symlink). */
  | 'link'
  /** A file that names files the tool then reads: NUL-separated (`--files0-from`)… */
  | 'list0'
  /** …or one per line (`tar -T`, `file -f`). */
  | 'list'
  /** A folder walked recursively. */
  | 'walk'
  /** A file whose content is code or a plugin the tool loads: refused when the agent wrote it. */
  | 'load'
  | 'number'
  /** A regular expression or glob: data, not a path. */
  | 'pattern'
  /** Free text (a message, a format, a name). */
  | 'text'
  | { enum: readonly string[] };

export interface OptionDef {
  /** Canonical name: the long name, or the letter of a short-only option. */
  name: string;
  value?: ValueKind;
  /** getopt's `::`: the value is only taken when glued (`-n5`) or after `=`. */
  optional?: boolean;
  /** Refused whatever its value (hard: `allowed-commands` cannot lift it), with why. */
  refuse?: string;
  /** The rule name of that refusal (default `refused-option`). */
  rule?: string;
  /** The words after this option belong to what it starts (`python -m mod args…`). */
  terminates?: boolean;
}

export interface OptionTable {
  short: ReadonlyMap<string, OptionDef>;
  long: ReadonlyMap<string, OptionDef>;
  /** getopt_long and git accept unambiguous prefixes of long names. */
  abbreviations: boolean;
  /** GNU permutation: options may come after operands. Off: the first operand ends the options. */
  permute: boolean;
  /** Long options written with one dash (`java -version`, `go test -run`); no short clusters. */
  singleDash: boolean;
  /** git's parse-options: every long option also has a `--no-<name>` form. */
  negatable: boolean;
}

export interface ParsedOption {
  def: OptionDef;
  /** As written, for messages: `-o`, `--output`. */
  spelled: string;
  value?: Word;
}

export interface ParsedArgs {
  options: ParsedOption[];
  operands: Word[];
  /** With `permute: false`: the words from the first operand on (the first one included). */
  rest: Word[];
  /** True when `--` was given. */
  dashDash: boolean;
}

export interface TableSpec {
  /**
   * `x` flag, `x:kind` value, `x::kind` optional value, `x!` refused, `x/long` an alias of
   * `--long`; a trailing `$` ends the options (`m:text$` for `python -m mod …`).
   */
  short?: string;
  /** `name` flag, `name=kind` value, `name?=kind` optional value, `name!` refused. */
  long?: string;
  abbreviations?: boolean;
  permute?: boolean;
  singleDash?: boolean;
  negatable?: boolean;
  /** Why a `!` option is refused, by canonical name (a default sentence otherwise). */
  reasons?: Record<string, string>;
  /** Named enums for `kind` `e:<name>`. */
  enums?: Record<string, readonly string[]>;
  /** Rule name for refused options (default `refused-option`), and per option. */
  rule?: string;
  rules?: Record<string, string>;
}

const kinds: Record<string, ValueKind> = {
  read: 'read',
  r: 'read',
  write: 'write',
  w: 'write',
  tree: 'tree',
  links: 'links',
  link: 'link',
  list0: 'list0',
  list: 'list',
  walk: 'walk',
  load: 'load',
  num: 'number',
  number: 'number',
  pat: 'pattern',
  pattern: 'pattern',
  text: 'text',
  t: 'text',
};

/** Builds a table from the compact spec strings (see {@link TableSpec}). */
export function optionTable(spec: TableSpec): OptionTable {
  const long = new Map<string, OptionDef>();
  const reason = (name: string) =>
    spec.reasons?.[name] ?? 'it runs a program, loads code or writes outside the workspace rules';
  const kindOf = (text: string): ValueKind => {
    if (text.startsWith('e:')) {
      const values = spec.enums?.[text.slice(2)] ?? text.slice(2).split('|');
      return { enum: values };
    }
    const kind = kinds[text];
    if (!kind) throw new Error(`option table: unknown value kind ${text}`);
    return kind;
  };
  for (const token of (spec.long ?? '').split(/\s+/).filter(Boolean)) {
    const refused = token.endsWith('!');
    const body = refused ? token.slice(0, -1) : token;
    const [rawName, kind] = body.split('=') as [string, string | undefined];
    const optional = rawName.endsWith('?');
    const name = optional ? rawName.slice(0, -1) : rawName;
    const def: OptionDef = { name };
    if (kind !== undefined) def.value = kindOf(kind);
    if (optional) def.optional = true;
    if (refused) {
      def.refuse = reason(name);
      def.rule = spec.rules?.[name] ?? spec.rule ?? 'refused-option';
    }
    long.set(name, def);
  }
  const short = new Map<string, OptionDef>();
  for (const raw of (spec.short ?? '').split(/\s+/).filter(Boolean)) {
    const terminates = raw.length > 1 && raw.endsWith('$');
    const unterminated = terminates ? raw.slice(0, -1) : raw;
    const refused = unterminated.length > 1 && unterminated.endsWith('!');
    const token = refused ? unterminated.slice(0, -1) : unterminated;
    const letter = token[0]!;
    const rest = token.slice(1);
    if (rest.startsWith('/')) {
      const target = long.get(rest.slice(1));
      if (!target) throw new Error(`option table: -${letter} aliases unknown --${rest.slice(1)}`);
      short.set(letter, target);
      continue;
    }
    const def: OptionDef = { name: letter };
    if (rest.startsWith('::')) {
      def.value = kindOf(rest.slice(2));
      def.optional = true;
    } else if (rest.startsWith(':')) def.value = kindOf(rest.slice(1));
    else if (rest !== '') throw new Error(`option table: bad short token ${token}`);
    if (refused) {
      def.refuse = reason(letter);
      def.rule = spec.rules?.[letter] ?? spec.rule ?? 'refused-option';
    }
    if (terminates) def.terminates = true;
    short.set(letter, def);
  }
  return {
    short,
    long,
    abbreviations: spec.abbreviations ?? true,
    permute: spec.permute ?? true,
    singleDash: spec.singleDash ?? false,
    negatable: spec.negatable ?? false,
  };
}

/** Extends a table with more options (same parser behaviour unless `overrides` says otherwise). */
export function extendTable(base: OptionTable, spec: TableSpec): OptionTable {
  const more = optionTable({
    abbreviations: base.abbreviations,
    permute: base.permute,
    singleDash: base.singleDash,
    negatable: base.negatable,
    ...spec,
  });
  return {
    ...more,
    short: new Map([...base.short, ...more.short]),
    long: new Map([...base.long, ...more.long]),
  };
}

const unknown = (command: string, spelled: string): Denial =>
  notAllowed(
    'unknown-option',
    `\`${command} ${spelled}\` is not an option the policy knows for \`${command}\`, so it is refused (options that are not understood could run programs or write files).`,
  );

/** Looks up a long name, with `--no-` forms and abbreviations as the table allows. */
export function lookupLong(table: OptionTable, given: string): OptionDef | 'ambiguous' | undefined {
  const exact = table.long.get(given);
  if (exact) return exact;
  if (table.negatable && given.startsWith('no-') && table.long.has(given.slice(3))) {
    return { name: given, value: undefined } as OptionDef; // `--no-x` turns x off: a flag
  }
  if (!table.abbreviations) return undefined;
  // By name: an explicit `--no-x` and the negation of `--x` are the same option.
  const candidates = new Map<string, OptionDef>();
  for (const [name, def] of table.long) {
    if (name.startsWith(given)) candidates.set(name, def);
    const negated = `no-${name}`;
    if (table.negatable && negated.startsWith(given) && !candidates.has(negated))
      candidates.set(negated, table.long.get(negated) ?? { name: negated });
  }
  if (candidates.size === 1) return [...candidates.values()][0];
  return candidates.size > 1 ? 'ambiguous' : undefined;
}

/** Parses `args` with `table`; a denial for an unknown, ambiguous or malformed option. */
export function parseOptions(
  command: string,
  table: OptionTable,
  args: readonly Word[],
): ParsedArgs | Denial {
  const result: ParsedArgs = { options: [], operands: [], rest: [], dashDash: false };
  const valueWord = (word: Word, value: string): Word => ({ value, glob: word.glob });
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const arg = word.value;
    if (arg === '--') {
      result.dashDash = true;
      const tail = args.slice(i + 1);
      result.operands.push(...tail);
      if (!table.permute) result.rest.push(...tail);
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      result.operands.push(word);
      if (!table.permute) {
        result.rest.push(...args.slice(i));
        result.operands.push(...args.slice(i + 1));
        break;
      }
      continue;
    }
    if (arg.startsWith('--') || table.singleDash) {
      const body = arg.slice(arg.startsWith('--') ? 2 : 1);
      const eq = body.indexOf('=');
      const given = eq === -1 ? body : body.slice(0, eq);
      let def = lookupLong(table, given);
      if (def === undefined && table.singleDash && !arg.startsWith('--')) {
        def = table.short.get(given);
        // `-Dkey=value`, `-Xmx4g`: a one-letter option with its value glued.
        const letter = table.short.get(body[0]!);
        if (def === undefined && letter?.value && body.length > 1) {
          result.options.push({ def: letter, spelled: `-${body[0]}`, value: valueWord(word, body.slice(1)) });
          continue;
        }
      }
      if (def === 'ambiguous')
        return notAllowed('ambiguous-option', `\`${command} ${arg}\` is an ambiguous abbreviation.`);
      if (!def) return unknown(command, arg.split('=')[0]!);
      const parsed: ParsedOption = { def, spelled: arg.split('=')[0]! };
      if (eq !== -1) {
        if (!def.value)
          return notAllowed('option-value', `\`${command} ${parsed.spelled}\` does not take a value.`);
        parsed.value = valueWord(word, body.slice(eq + 1));
      } else if (def.value && !def.optional) {
        const next = args[++i];
        if (!next) return notAllowed('option-value', `\`${command} ${arg}\` needs a value.`);
        parsed.value = next;
      }
      result.options.push(parsed);
      continue;
    }
    // A cluster of short options: `-abc`, `-ofile`, `-n5`.
    for (let j = 1; j < arg.length; j++) {
      const letter = arg[j]!;
      const def = table.short.get(letter);
      if (!def) return unknown(command, `-${letter}${j > 1 ? ` (in \`${arg}\`)` : ''}`);
      const parsed: ParsedOption = { def, spelled: `-${letter}` };
      if (def.value) {
        const glued = arg.slice(j + 1);
        if (glued !== '') parsed.value = valueWord(word, glued);
        else if (!def.optional) {
          const next = args[++i];
          if (!next) return notAllowed('option-value', `\`${command} -${letter}\` needs a value.`);
          parsed.value = next;
        }
        result.options.push(parsed);
        break;
      }
      result.options.push(parsed);
    }
    const last = result.options.at(-1);
    if (last?.def.terminates) {
      result.rest.push(...args.slice(i + 1));
      break;
    }
  }
  return result;
}

/** The first parsed option with one of `names` (canonical names). */
export function findParsed(parsed: ParsedArgs, ...names: string[]): ParsedOption | undefined {
  return parsed.options.find((o) => names.includes(o.def.name));
}

/** The hard denial for the first refused option, if any. */
export function refusedOption(command: string, parsed: ParsedArgs): Denial | undefined {
  const bad = parsed.options.find((o) => o.def.refuse);
  return bad
    ? deny(
        bad.def.rule ?? 'refused-option',
        `\`${command} ${bad.spelled}\` is not allowed: ${bad.def.refuse}.`,
      )
    : undefined;
}
