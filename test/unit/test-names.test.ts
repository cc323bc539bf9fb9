/**
 * Every unit test file is named after what it tests, so the test of a module is found from the
 * module's path and a renamed module shows its stale test:
 *
 *   test/unit/<path>.test.ts           tests src/<path>.ts
 *   test/unit/<path>.<aspect>.test.ts  tests one aspect of src/<path>.ts
 *   test/unit/<dir>/<aspect>.test.ts   a suite of the folder module src/<dir>/ (it has an index.ts)
 *   test/unit/fakes/<fake>[.<aspect>].test.ts    tests test/fakes/<fake>.ts
 *   test/unit/scripts/<script>[.<aspect>].test.ts tests scripts/<script>.{ts,mjs,js}
 *   test/unit/docs/<doc>[.<aspect>].test.ts       tests docs/<doc>.md
 *
 * Shared setup lives in test/helpers/, so test/unit holds test files only.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const UNIT = path.join(ROOT, 'test', 'unit');
const SELF = 'test-names.test.ts';

/** Files under `dir`, as paths relative to it with `/` separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const exists = (...parts: string[]) => existsSync(path.join(ROOT, ...parts));

/** What a unit test file (relative to test/unit) tests by the convention above, or undefined. */
function subjectOf(file: string): string | undefined {
  if (!file.endsWith('.test.ts')) return undefined;
  const base = file.slice(0, -'.test.ts'.length);
  const dir = path.posix.dirname(base);
  const name = path.posix.basename(base);
  const subject = name.split('.')[0] ?? name;
  const [top, ...rest] = dir.split('/');
  if (top === 'fakes') {
    const fake = path.posix.join('test/fakes', ...rest, `${subject}.ts`);
    return exists(fake) ? fake : undefined;
  }
  if (dir === 'docs') {
    const doc = `docs/${subject}.md`;
    return exists(doc) ? doc : undefined;
  }
  if (dir === 'scripts') {
    const script = ['ts', 'mjs', 'js'].map((ext) => `scripts/${subject}.${ext}`).find((s) => exists(s));
    return script;
  }
  const module = path.posix.join('src', dir === '.' ? '' : dir, `${subject}.ts`);
  if (exists(module)) return module;
  const folder = path.posix.join('src', dir);
  if (dir !== '.' && !name.includes('.') && exists(folder, 'index.ts')) return `${folder}/`;
  return undefined;
}

describe('unit test file names', () => {
  const files = filesUnder(UNIT);

  it('name the module, folder, fake or script each file tests', () => {
    const unmatched = files.filter((f) => f.endsWith('.test.ts') && f !== SELF && !subjectOf(f));
    assert.deepEqual(unmatched, [], `rename these after what they test:\n${unmatched.join('\n')}`);
  });

  it('leave shared setup to test/helpers/: test/unit holds test files only', () => {
    assert.deepEqual(
      files.filter((f) => !f.endsWith('.test.ts')),
      [],
      'move these helpers to test/helpers/',
    );
  });

  it('match by the convention and refuse names that follow none of it', () => {
    assert.equal(subjectOf('run/publish.test.ts'), 'src/run/publish.ts');
    assert.equal(subjectOf('run/plan-work.review.test.ts'), 'src/run/plan-work.ts');
    assert.equal(subjectOf('inputs.test.ts'), 'src/inputs.ts');
    assert.equal(subjectOf('bash-policy/corpus.test.ts'), 'src/bash-policy/');
    assert.equal(subjectOf('fakes/github-server.violations.test.ts'), 'test/fakes/github-server.ts');
    assert.equal(subjectOf('scripts/changelog.test.ts'), 'scripts/changelog.mjs');
    assert.equal(subjectOf('docs/architecture.test.ts'), 'docs/architecture.md');
    for (const wrong of [
      'agent/guards.test.ts',
      'agent/loop-responses.test.ts',
      'run/publishing.test.ts',
      'safety/bash-policy-corpus.test.ts',
      'agent/corpus.test.ts',
      'fakes/no-such-fake.test.ts',
      'scripts/no-such-script.test.ts',
      'docs/no-such-doc.test.ts',
      'architecture-map.test.ts',
      'helpers/run-context.test.ts',
      'run/publish.ts',
    ]) {
      assert.equal(subjectOf(wrong), undefined, wrong);
    }
  });
});
