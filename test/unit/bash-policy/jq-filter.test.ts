/**
 * jq and yq filters by allowlist: the operators that only transform the input pass in every
 * position (object keys, fields, interpolations, definitions); anything else — `env`, `$ENV`,
 * `input`, `$__loc__`, `@sh`, modules, yq's `load`/`strenv`/`eval` — is refused in every
 * spelling. The accepted filters also run through the jq on this machine.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { checkFilter } from '../../../src/bash-policy/rules/jq-filter.js';

const accepted = [
  '.version',
  '.scripts | keys[]',
  '.[] | select(.name == "x") | .id',
  '{name, version}',
  '{name: .name, env: .env, input: 1}',
  '.dependencies | to_entries[] | "\\(.key)@\\(.value)"',
  'map(select(.a > 1)) | length',
  'reduce .[] as $x (0; . + $x)',
  'def inc(f): f + 1; [.[] | inc(.)]',
  '.a // "default"',
  '[.[] | .env]',
  '."input"',
  '@base64d',
  'paths(type == "number")',
  '.items[] | {id, tags: [.tags[] | ascii_downcase]}',
  'if .a then "y" elif .b then "z" else "n" end',
  'try error("x") catch .',
  '# comment\n.a',
  'label $out | foreach .[] as $i (0; . + $i; if . > 3 then ., break $out else empty end)',
];

const refused: string[] = [
  'env',
  '$ENV',
  '$ENV.HOME',
  '{a: env}',
  '[1, env]',
  '{a: [1, env, 2]}',
  '"\\(env)"',
  '"x\\(env.HOME)y"',
  '$__loc__',
  'input',
  '[inputs]',
  'input_filename',
  '. | debug',
  'stderr',
  'import "a" as a; a::f',
  'include "x"; .',
  '@sh "echo \\(.)"',
  'get_search_list',
  '$__prog_args',
  'builtins',
  'input_line_number',
  'def env: 1; env',
  'def f(env): env; f(.)',
  '# c\\\nenv',
  '{(env|tostring): 1}',
  '{$ENV}',
  'load("/etc/passwd")',
  'strenv(GITHUB_TOKEN)',
  'eval(strenv(E))',
  '"${HOME}" | envsubst',
  'load_str("/etc/shadow")',
  'splits(env.X)',
  'unknown_function',
];

describe('jq and yq filters', () => {
  it('accepts the filters made of transforming operators', () => {
    for (const filter of accepted) assert.equal(checkFilter('jq', filter), undefined, filter);
  });

  it('accepts only what the jq on this machine compiles', () => {
    for (const filter of accepted) {
      const run = spawnSync('jq', ['-n', filter], { encoding: 'utf8' });
      assert.doesNotMatch(run.stderr, /compile error|syntax error/, filter);
    }
  });

  it('refuses everything else, in every spelling', () => {
    for (const filter of refused) {
      const denial = checkFilter('jq', filter);
      assert.ok(denial, `expected a refusal for ${JSON.stringify(filter)}`);
      assert.equal(denial.rule, 'jq-filter');
    }
    assert.equal(checkFilter('yq', 'load("x")')?.rule, 'yq-filter');
  });
});
