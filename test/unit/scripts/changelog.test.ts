import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without type declarations
import { cutRelease, nextVersion, parseVersion, releaseNotes } from '../../../scripts/changelog.mjs';

const CHANGELOG = readFileSync(new URL('../../../CHANGELOG.md', import.meta.url), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));

describe('CHANGELOG.md', () => {
  it('is in Keep a Changelog form: Unreleased first, then dated versions, with their links', () => {
    const headings = CHANGELOG.split('\n').filter((line: string) => line.startsWith('## '));
    assert.equal(headings[0], '## [Unreleased]');
    for (const heading of headings.slice(1))
      assert.match(heading, /^## \[\d+\.\d+\.\d+\] - \d{4}-\d\d-\d\d$/);
    for (const heading of headings) {
      const name = /\[(.+)\]/.exec(heading)![1];
      assert.match(CHANGELOG, new RegExp(`^\\[${name}\\]: https://`, 'm'), `a link for ${name}`);
    }
  });

  it("has the notes of package.json's version", () => {
    assert.match(releaseNotes(CHANGELOG, `v${pkg.version}`), /^### Added\n\n- /);
  });
});

describe('release tooling over the changelog', () => {
  it('computes the next version', () => {
    assert.equal(nextVersion('0.1.0', 'major'), '1.0.0');
    assert.equal(nextVersion('1.2.3', 'minor'), '1.3.0');
    assert.equal(nextVersion('1.2.3', 'patch'), '1.2.4');
    assert.equal(nextVersion('1.2.3', 'v2.0.0'), '2.0.0');
    assert.throws(() => nextVersion('1.2.3', '1.2.3'), /not above/);
    assert.throws(() => parseVersion('1.2'), /X\.Y\.Z/);
  });

  it('cuts a release out of Unreleased and links it', () => {
    const cut = cutRelease(CHANGELOG, '1.0.0', '2026-12-24');
    assert.match(cut, /## \[Unreleased\]\n\n## \[1\.0\.0\] - 2026-12-24\n\n### Added/);
    assert.match(cut, /^\[Unreleased\]: (.+)\/compare\/v1\.0\.0\.\.\.HEAD$/m);
    assert.match(cut, /^\[1\.0\.0\]: (.+)\/compare\/v0\.1\.0\.\.\.v1\.0\.0$/m);
    assert.equal(
      releaseNotes(cut, '1.0.0'),
      releaseNotes(CHANGELOG.replace('## [Unreleased]', '## [1.0.0]'), '1.0.0'),
    );
    assert.throws(() => cutRelease(cut, '1.0.1', '2026-12-25'), /nothing to release/);
    assert.throws(
      () => cutRelease(cut.replace('## [Unreleased]\n', '## [Unreleased]\n- x\n'), '1.0.0', 'd'),
      /already/,
    );
  });

  it('refuses a version without notes', () => {
    assert.throws(() => releaseNotes(CHANGELOG, '9.9.9'), /no "## \[9\.9\.9\]" section/);
  });
});
