/**
 * The fuzzer: variants of the corpora's command lines (and so of real projects' CI commands),
 * deterministic by seed. Each variant applies one to three mutations a reviewer would try: option
 * spellings (long/short, bundled, abbreviated, `=`-joined), an option from the command's own table
 * given a sensitive value, quoting styles, line continuations, here-documents with and without a
 * quoted delimiter, wrappers (`timeout`, `env`, `nice`, `xargs`, `command` …), `--` placement,
 * other spellings of a path (relative, absolute, `..`, through a symlink), `-C <dir>`, `@file` and
 * file-list options, redirect spellings and `NAME=value` prefixes.
 */
import type { OptionTable } from '../../src/bash-policy/options.js';
import type { OracleCase } from './oracle.js';
import { commandSpans, lex, type Token, unlex, wordValue } from './shell-words.js';

/** A corpus line the fuzzer starts from. */
export interface FuzzSource {
  command: string;
  setup?: readonly { write: string; content: string }[];
}

export interface FuzzCase extends OracleCase {
  /** The line it was made from, and the mutations applied, for the regression entry. */
  source: string;
  mutations: string[];
}

export interface FuzzOptions {
  seed: number;
  count: number;
  /** Option tables by command name (the policy's own, to pick real option names). */
  tables: ReadonlyMap<string, OptionTable>;
}

/** Stands for the workspace's absolute path in a case; the oracle puts the real one in. */
export const WORKSPACE = '@WS@';

/** The list file `@file` and file-list options name; it lists the payload paths. */
export const LIST_FILE = 'oracle-list.txt';

/** Paths whose write (or read, for the list) would matter: protected, outside, through links. */
const PAYLOAD_PATHS = [
  '.git/config',
  '.git/hooks/pre-commit',
  '.github/workflows/oracle.yml',
  '../oracle-outside.txt',
  '/tmp/oracle-payload',
  'linkdir/oracle-payload',
  'src-link/../.git/HEAD',
  'evil-link',
  'oracle-out.txt',
];
/** Program-like values: an option typed as text that runs its value shows up as an exec. */
const PAYLOAD_PROGRAMS = ['id', 'touch oracle-pwned', './scripts/check.sh', 'sh'];
const WRAPPERS = [
  'timeout 20',
  'timeout -k 5 20',
  'timeout --signal=TERM 20',
  'env',
  'env -i',
  'env -C src',
  'env --chdir=docs',
  'env -C .github/workflows',
  'env --chdir=.git/hooks',
  'env LC_ALL=C',
  'env -u HOME',
  'env --',
  'nice',
  'nice -n 5',
  'nice --adjustment=5',
  'stdbuf -oL',
  'time',
  'time -p',
  'command',
  'command --',
  'exec',
  'builtin',
  'nohup',
  'setsid',
  'chronic',
  'ionice -c3',
  'xargs',
];
const PREFIXES = [
  'LC_ALL=C',
  'TZ=UTC',
  'PYTHONPATH=src',
  'NODE_OPTIONS=--require=./src/greet.js',
  'GIT_PAGER=cat',
  'PAGER=id',
  'GIT_EXTERNAL_DIFF=id',
  'BASH_ENV=scripts/check.sh',
  'ENV=scripts/check.sh',
  'LD_PRELOAD=src/x.so',
];
const HEREDOC_BODIES = ['plain text', '`id`', '$(id)', '$HOME', 'a`touch oracle-pwned`b', '\\`id\\`'];

type Rng = () => number;
type Mutation = (tokens: Token[], span: [number, number], f: Fuzz) => Token[] | string | undefined;

interface Fuzz {
  rng: Rng;
  pick<T>(items: readonly T[]): T;
  tables: ReadonlyMap<string, OptionTable>;
  setup: { write: string; content: string }[];
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function seededRandom(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const word = (raw: string): Token => ({ kind: 'word', raw });
const isOption = (t: Token | undefined) => t?.kind === 'word' && /^-/.test(t.raw);
const quoteSingle = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;

/** Word-level mutations, by name. */
const MUTATIONS: Record<string, Mutation> = {
  'long-equals': (tokens, [s, e]) => {
    for (let i = s + 1; i < e; i++) {
      const t = tokens[i]!;
      const m = /^(--[\w-]+)=(.*)$/.exec(t.raw);
      if (m) return [...tokens.slice(0, i), word(m[1]!), word(m[2]!), ...tokens.slice(i + 1)];
      const next = tokens[i + 1];
      if (/^--[\w-]+$/.test(t.raw) && next?.kind === 'word' && !isOption(next) && i + 1 < e)
        return [...tokens.slice(0, i), word(`${t.raw}=${next.raw}`), ...tokens.slice(i + 2)];
    }
    return undefined;
  },
  abbreviate: (tokens, [s, e], f) => {
    const longs = range(s + 1, e).filter((i) => /^--[\w-]{4,}/.test(tokens[i]!.raw));
    if (longs.length === 0) return undefined;
    const i = f.pick(longs);
    const [name, ...value] = tokens[i]!.raw.split('=');
    const keep = 3 + Math.floor(f.rng() * Math.max(1, name!.length - 5));
    const short = name!.slice(0, Math.min(name!.length - 1, keep + 2));
    return replace(tokens, i, word([short, ...value].join('=')));
  },
  'bundle-short': (tokens, [s, e], f) => {
    for (let i = s + 1; i < e - 1; i++) {
      const a = tokens[i]!.raw;
      const b = tokens[i + 1]!.raw;
      if (/^-[a-zA-Z]+$/.test(a) && /^-[a-zA-Z]$/.test(b))
        return [...tokens.slice(0, i), word(`${a}${b.slice(1)}`), ...tokens.slice(i + 2)];
      if (/^-[a-zA-Z]$/.test(a) && !isOption(tokens[i + 1]) && f.rng() < 0.5)
        return [...tokens.slice(0, i), word(`${a}${b}`), ...tokens.slice(i + 2)];
    }
    const cluster = range(s + 1, e).find((i) => /^-[a-zA-Z]{2,}$/.test(tokens[i]!.raw));
    if (cluster === undefined) return undefined;
    const letters = tokens[cluster]!.raw.slice(1).split('');
    return [...tokens.slice(0, cluster), ...letters.map((l) => word(`-${l}`)), ...tokens.slice(cluster + 1)];
  },
  'dash-dash': (tokens, [s, e], f) => {
    const at = s + 1 + Math.floor(f.rng() * Math.max(1, e - s - 1));
    return [...tokens.slice(0, at), word('--'), ...tokens.slice(at)];
  },
  requote: (tokens, [s, e], f) => {
    const i = f.pick(range(s, e));
    const value = wordValue(tokens[i]!.raw);
    if (value === undefined || value === '') return undefined;
    const styles = [
      quoteSingle(value),
      `"${value.replace(/["\\$`]/g, '\\$&')}"`,
      value.length > 1
        ? `${quoteSingle(value.slice(0, 1))}${value.slice(1).replace(/[^\w./=-]/g, '\\$&')}`
        : undefined,
      /^[\w./=-]+$/.test(value)
        ? value.replace(/(.)/g, (c) => (/\w/.test(c) && f.rng() < 0.4 ? `\\${c}` : c))
        : undefined,
      `''${quoteSingle(value)}""`,
    ].filter((x): x is string => x !== undefined);
    return replace(tokens, i, word(f.pick(styles)));
  },
  continuation: (tokens, [s, e], f) => {
    if (e - s < 2) return undefined;
    const at = s + 1 + Math.floor(f.rng() * (e - s - 1));
    return replace(tokens, at, word(`\\\n${tokens[at]!.raw}`));
  },
  wrapper: (tokens, [s], f) => [
    ...tokens.slice(0, s),
    ...f.pick(WRAPPERS).split(' ').map(word),
    ...tokens.slice(s),
  ],
  prefix: (tokens, [s], f) => [...tokens.slice(0, s), word(f.pick(PREFIXES)), ...tokens.slice(s)],
  'path-form': (tokens, [s, e], f) => {
    const paths = range(s + 1, e).filter(
      (i) => /^[\w.-]+(\/[\w.-]*)*$/.test(tokens[i]!.raw) && /[./]/.test(tokens[i]!.raw),
    );
    if (paths.length === 0) return undefined;
    const i = f.pick(paths);
    const p = tokens[i]!.raw;
    const forms = [
      `./${p}`,
      `${WORKSPACE}/${p}`,
      `src/../${p}`,
      `src-link/../${p}`,
      `./src/.././${p}`,
      `docs/../src/../${p}`,
    ];
    return replace(tokens, i, word(f.pick(forms)));
  },
  payload: (tokens, [s, e], f) => {
    const operands = range(s + 1, e).filter((i) => !isOption(tokens[i]));
    if (operands.length === 0) return undefined;
    return replace(tokens, f.pick(operands), word(quoteIfNeeded(f.pick(PAYLOAD_PATHS))));
  },
  'inject-option': (tokens, [s, e], f) => {
    const name = wordValue(tokens[s]!.raw);
    const table = name && f.tables.get(name);
    if (!table) return undefined;
    const defs = [...table.long.values(), ...table.short.values()].filter((d) => !d.refuse);
    if (defs.length === 0) return undefined;
    const def = f.pick(defs);
    const dash = def.name.length === 1 ? '-' : table.singleDash ? '-' : '--';
    const value = def.value ? f.pick([...PAYLOAD_PATHS, ...PAYLOAD_PROGRAMS, `@${LIST_FILE}`]) : undefined;
    const at = table.permute ? s + 1 + Math.floor(f.rng() * (e - s)) : s + 1;
    const words =
      value === undefined
        ? [`${dash}${def.name}`]
        : def.name.length === 1
          ? [`-${def.name}`, value]
          : [`${dash}${def.name}=${value}`];
    return [...tokens.slice(0, at), ...words.map((w) => word(quoteIfNeeded(w))), ...tokens.slice(at)];
  },
  'chdir-flag': (tokens, [s], f) => {
    const name = wordValue(tokens[s]!.raw);
    const flags: Record<string, string[]> = {
      git: ['-C src', '-C .github', '-C .github/workflows', '-C ..', '--git-dir=.git -C src'],
      make: ['-C src', '--directory=scripts', '-C .github'],
      tar: ['-C src', '--directory=.github'],
      npm: ['--prefix src', '--prefix=.github'],
    };
    const options = name ? flags[name] : undefined;
    if (!options) return undefined;
    return [...tokens.slice(0, s + 1), ...f.pick(options).split(' ').map(word), ...tokens.slice(s + 1)];
  },
  'list-file': (tokens, [s, e], f) => {
    f.setup.push({ write: LIST_FILE, content: `${PAYLOAD_PATHS.join('\n')}\n` });
    const forms = [
      `@${LIST_FILE}`,
      `--files0-from=${LIST_FILE}`,
      `-T ${LIST_FILE}`,
      `--exclude-from=${LIST_FILE}`,
      `-f ${LIST_FILE}`,
      `--arg-file=${LIST_FILE}`,
    ];
    const at = s + 1 + Math.floor(f.rng() * Math.max(1, e - s - 1));
    return [...tokens.slice(0, at), ...f.pick(forms).split(' ').map(word), ...tokens.slice(at)];
  },
  redirect: (tokens, [, e], f) => {
    const forms = ['>', '>>', '>|', '&>', '1>', '2>'];
    const target = f.pick(['oracle-out.txt', ...PAYLOAD_PATHS]);
    return [
      ...tokens.slice(0, e),
      { kind: 'op', raw: f.pick(forms) },
      word(quoteIfNeeded(target)),
      ...tokens.slice(e),
    ];
  },
  heredoc: (tokens, [, e], f) => {
    const delimiter = f.pick(['EOF', "'EOF'", '"EOF"', 'E\\OF', '-EOF']);
    const dash = delimiter.startsWith('-');
    const body = f.pick(HEREDOC_BODIES);
    const line = unlex(tokens.slice(0, e));
    const end = delimiter.replace(/^-/, '').replace(/['"\\]/g, '');
    const rest = unlex(tokens.slice(e));
    return `${line} <<${dash ? '-' : ''}${delimiter.replace(/^-/, '')}\n${dash ? '\t' : ''}${body}\n${end}${rest ? `\n${rest}` : ''}`;
  },
};

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

function replace(tokens: Token[], i: number, t: Token): Token[] {
  return [...tokens.slice(0, i), t, ...tokens.slice(i + 1)];
}

function quoteIfNeeded(value: string): string {
  return /^[\w./=@:+-]+$/.test(value) ? value : quoteSingle(value);
}

/** One variant of `source`, or undefined when no mutation applied. */
function mutate(source: FuzzSource, f: Fuzz): { command: string; mutations: string[] } | undefined {
  let line = source.command;
  const applied: string[] = [];
  const wanted = 1 + Math.floor(f.rng() * 3);
  for (let attempt = 0; attempt < 8 && applied.length < wanted; attempt++) {
    const tokens = lex(line);
    const names = Object.keys(MUTATIONS);
    const name = tokens ? f.pick(names) : f.pick(['wrapper-line', 'continuation-line']);
    if (!tokens) {
      line = name === 'wrapper-line' ? `${f.pick(WRAPPERS)} ${line}` : line.replace(/ /, ' \\\n');
      applied.push(name);
      continue;
    }
    const spans = commandSpans(tokens);
    if (spans.length === 0) return undefined;
    const result = MUTATIONS[name]!(tokens, f.pick(spans), f);
    if (result === undefined) continue;
    line = typeof result === 'string' ? result : unlex(result);
    applied.push(name);
    if (typeof result === 'string') break; // a here-document ends the word-level view
  }
  return applied.length > 0 && line !== source.command ? { command: line, mutations: applied } : undefined;
}

/** `count` distinct variants of `sources`, the same ones for the same seed. */
export function fuzzCases(sources: readonly FuzzSource[], options: FuzzOptions): FuzzCase[] {
  const rng = seededRandom(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
  const seen = new Set<string>();
  const cases: FuzzCase[] = [];
  for (let tries = 0; cases.length < options.count && tries < options.count * 20; tries++) {
    const source = pick(sources);
    const f: Fuzz = { rng, pick, tables: options.tables, setup: [...(source.setup ?? [])] };
    const variant = mutate(source, f);
    if (!variant || seen.has(variant.command)) continue;
    seen.add(variant.command);
    cases.push({ ...variant, source: source.command, ...(f.setup.length ? { setup: f.setup } : {}) });
  }
  return cases;
}
