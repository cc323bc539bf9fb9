/**
 * Differential test of the option-table engine: for every allowed command whose parser is GNU
 * getopt_long (and git's parse-options, modelled with its `--no-` forms), generated argument
 * vectors are read by the engine and by util-linux `getopt` with the same table; both must
 * agree on every option, value and operand, and on which vectors are errors. Tables whose
 * tool has its own parser (Go's flag package) are checked against that tool's documented rules.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createBashPolicy } from '../../../src/bash-policy/index.js';
import { type OptionTable, optionTable, parseOptions } from '../../../src/bash-policy/options.js';
import { isDenial, optionTablesInUse } from '../../../src/bash-policy/rules/rule.js';
import type { Word } from '../../../src/bash-policy/words.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';

const ws = makePolicyWorkspace();
after(() => ws.cleanup());

/** A small deterministic PRNG, so a failure names a vector that reproduces. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function getoptSpec(table: OptionTable): { short: string; long: string } {
  let short = table.permute ? '' : '+';
  for (const [letter, def] of table.short) {
    short += letter + (def.value ? (def.optional ? '::' : ':') : '');
  }
  const longs = new Map<string, string>();
  for (const [name, def] of table.long) {
    longs.set(name, name + (def.value ? (def.optional ? '::' : ':') : ''));
    // git's parse-options: `--no-<name>` too, unless the table has that option itself.
    if (table.negatable && !table.long.has(`no-${name}`)) longs.set(`no-${name}`, `no-${name}`);
  }
  return { short, long: [...longs.values()].join(',') };
}

/** Runs util-linux getopt; `undefined` when it reports an error. */
function oracle(table: OptionTable, argv: string[]): string[] | undefined {
  const { short, long } = getoptSpec(table);
  try {
    const out = execFileSync('getopt', ['-q', '-o', short, '-l', long, '--', ...argv], { encoding: 'utf8' });
    return splitQuoted(out.trim());
  } catch {
    return undefined;
  }
}

/** getopt's output is shell-quoted with single quotes (`'it'\''s'`). */
function splitQuoted(text: string): string[] {
  const words: string[] = [];
  let current: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      current = (current ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (ch === '\\') {
      current = (current ?? '') + text[++i];
    } else if (ch === ' ') {
      if (current !== undefined) words.push(current);
      current = undefined;
    } else current = (current ?? '') + ch;
  }
  if (current !== undefined) words.push(current);
  return words;
}

/** The engine's reading, in getopt's normal form. */
function engine(command: string, table: OptionTable, argv: string[]): string[] | undefined {
  const parsed = parseOptions(
    command,
    table,
    argv.map((value): Word => ({ value, glob: false })),
  );
  if (isDenial(parsed)) return undefined;
  const out: string[] = [];
  for (const option of parsed.options) {
    const long = option.spelled.startsWith('--') || table.singleDash;
    out.push(long ? `--${option.def.name}` : option.spelled);
    if (option.def.value) out.push(option.value?.value ?? '');
  }
  out.push('--', ...parsed.operands.map((w) => w.value));
  return out;
}

function uniquePrefix(names: string[], name: string, random: () => number): string {
  let min = 1;
  while (min < name.length && names.some((n) => n !== name && n.startsWith(name.slice(0, min)))) min++;
  const exactIsPrefix = names.some((n) => n !== name && n.startsWith(name));
  if (exactIsPrefix) return name;
  return name.slice(0, min + Math.floor(random() * (name.length - min + 1)));
}

/** Generates argument vectors from the table: clusters, glued and separate values, abbreviations, `--`. */
function vectors(table: OptionTable, seed: number, count: number): string[][] {
  const random = prng(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const shorts = [...table.short.entries()];
  const longNames = [...table.long.keys()];
  const allLong = table.negatable
    ? [...new Set([...longNames, ...longNames.map((n) => `no-${n}`)])]
    : longNames;
  const result: string[][] = [];
  for (let n = 0; n < count; n++) {
    const argv: string[] = [];
    const parts = 1 + Math.floor(random() * 4);
    for (let p = 0; p < parts; p++) {
      const roll = random();
      if (roll < 0.35 && shorts.length > 0) {
        let cluster = '-';
        for (let k = 0; k < 3; k++) {
          const [letter, def] = pick(shorts);
          cluster += letter;
          if (def.value) {
            if (def.optional) cluster += random() < 0.5 ? 'v1' : '';
            else if (random() < 0.5) cluster += 'v2';
            else {
              argv.push(cluster, 'v3');
              cluster = '';
            }
            break;
          }
        }
        if (cluster !== '') argv.push(cluster);
      } else if (roll < 0.7 && longNames.length > 0) {
        const name = pick(allLong);
        const def = table.long.get(name);
        const spelled = `--${table.abbreviations ? uniquePrefix(allLong, name, random) : name}`;
        if (def?.value && !def.optional) argv.push(...(random() < 0.5 ? [`${spelled}=v4`] : [spelled, 'v5']));
        else if (def?.value && random() < 0.5) argv.push(`${spelled}=v6`);
        else argv.push(spelled);
      } else if (roll < 0.8) argv.push(`op${p}`);
      else if (roll < 0.85) argv.push('--', '-x', 'op');
      else if (roll < 0.9)
        argv.push('-'); // stdin as an operand
      else if (roll < 0.95) argv.push(`--zz-unknown-${p}`);
      else argv.push(`-${String.fromCharCode(0x21 + Math.floor(random() * 90)).replace(/[-:+]/, 'Q')}`);
    }
    result.push(argv);
  }
  return result;
}

describe('option tables: agreement with GNU getopt', () => {
  before(async () => {
    // Exercising the policy on the benign corpus loads every rule's table.
    const policy = await createBashPolicy({
      workspace: ws.root,
      sandbox: { level: 'userns', deliberate: false },
    });
    const benign = JSON.parse(
      readFileSync(new URL('../../fixtures/bash-corpus/benign.json', import.meta.url), 'utf8'),
    ) as { command: string }[];
    for (const b of benign) policy.check(b.command);
    for (const extra of [
      'cat a',
      'tac a',
      'rev a',
      'fold a',
      'fmt a',
      'expand a',
      'unexpand a',
      'join a b',
      'comm a b',
      'od a',
      'xxd a',
      'cksum a',
      'b2sum a',
      'sha1sum a',
      'md5sum a',
      'readlink a',
      'column a',
      'tree',
      'du a',
      'file a',
      'strings a',
      'awk 1 a',
      'jq . a',
      'yq . a',
      'tar -tf a',
      'fd a',
      'grep a b',
      'rg a',
      'sed p a',
      'cp a b',
      'mv a b',
      'rm a',
      'touch a',
      'mkdir a',
      'rmdir a',
      'tee a',
      'chmod +x a',
      'sort a',
      'uniq a',
      'tr a b',
      'wc a',
      'head a',
      'tail a',
      'cut -c1 a',
      'paste a',
      'diff a b',
      'cmp a b',
      'stat a',
      'realpath a',
      'basename a',
      'dirname a',
      'date',
      'seq 1',
      'uname',
      'id',
      'make -n',
      'git status',
      'git log',
      'git diff',
      'git blame a',
      'git grep a',
      'git ls-files',
      'git rev-parse HEAD',
      'git describe',
      'git branch',
      'git tag',
      'git cat-file -t a',
      'git shortlog',
      'git ls-tree HEAD',
      'git for-each-ref',
      'node --test',
      'python -m pytest',
      'bash -n a.sh',
      'timeout 1 true',
      'xargs echo',
      'nice true',
      'time true',
    ]) {
      policy.check(extra);
    }
  });

  it('reads every generated vector as getopt does', () => {
    // Python stops at `-m`/a script and does not abbreviate; Go's flag package has one-dash long
    // options: those are the tools' own parsers, covered below.
    const tables = [...optionTablesInUse()].filter(
      ([, table]) => !table.singleDash && ![...table.short.values()].some((d) => d.terminates),
    );
    assert.ok(tables.length >= 60, `only ${tables.length} tables were exercised`);
    let cases = 0;
    const mismatches: string[] = [];
    tables.forEach(([command, table], index) => {
      for (const argv of vectors(table, 1000 + index, 12)) {
        cases++;
        const expected = oracle(table, argv);
        const actual = engine(command, table, argv);
        if (JSON.stringify(expected) !== JSON.stringify(actual)) {
          mismatches.push(
            `${command} ${JSON.stringify(argv)}: getopt ${JSON.stringify(expected)}, engine ${JSON.stringify(actual)}`,
          );
        }
      }
    });
    assert.deepEqual(mismatches.slice(0, 20), [], `${mismatches.length} of ${cases} vectors differ`);
    assert.ok(cases >= 700, `${cases} cases`);
  });

  it('agrees on the spellings bypasses used', () => {
    const sed = optionTable({
      short: 'n e:pat i::text',
      long: 'quiet expression=pat in-place?=text',
      rule: 'x',
    });
    for (const argv of [
      ['--e=1e id', 'f'],
      ['--i', 's/a/b/', 'f'],
      ['-ni', 'p'],
      ['-e1p', 'f'],
      ['--in-pl=bak', 'x'],
      ['-i.bak', 'x'],
    ]) {
      assert.deepEqual(engine('sed', sed, argv), oracle(sed, argv), argv.join(' '));
    }
  });
});

describe('option tables: tools with their own parser', () => {
  it('reads Python the way CPython does: `-m` ends the options, no abbreviations', async () => {
    const python = optionTable({
      short: 'B c! m:text$ u',
      long: 'version',
      permute: false,
      abbreviations: false,
    });
    assert.deepEqual(engine('python', python, ['-Bm', 'pytest', '-x']), ['-B', '-m', 'pytest', '--']);
    assert.equal(engine('python', python, ['--vers']), undefined);
  });

  it("reads Go's flag syntax (one or two dashes, `-name=value`, no clusters or abbreviations)", () => {
    const go = optionTable({ long: 'run=pat v count=num o=write', singleDash: true, abbreviations: false });
    const read = (argv: string[]) => engine('go', go, argv);
    assert.deepEqual(read(['-run', 'TestX', './...']), ['--run', 'TestX', '--', './...']);
    assert.deepEqual(read(['--count=1', '-v']), ['--count', '1', '--v', '--']);
    assert.equal(read(['-ru', 'x']), undefined, 'the flag package does not abbreviate');
    assert.equal(read(['-vx']), undefined, 'nor cluster');
  });
});
