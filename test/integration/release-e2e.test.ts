/**
 * A release is two commands and one pushed tag: `npm run release` (here with `--no-build`, as the
 * build is the check-dist workflow's to prove) commits and tags a copy of this repository's
 * release files, the tag is pushed to a bare remote with real git, and the release workflow's own
 * shell steps (tag check, notes, major-tag move), read from `release.yml`, then run in a fresh
 * clone of the tag as the runner would run them. The major tag `v1` ends up on the release and
 * moves to the next compatible one.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FILES = [
  'package.json',
  'package-lock.json',
  'CHANGELOG.md',
  'scripts/changelog.mjs',
  'scripts/release-notes.mjs',
];
const workflow = parse(readFileSync(path.join(ROOT, '.github/workflows/release.yml'), 'utf8'));
const steps: { name?: string; run?: string }[] = workflow.jobs.release.steps;

const IDENTITY = {
  GIT_AUTHOR_NAME: 'Release Tester',
  GIT_AUTHOR_EMAIL: 'release@example.test',
  GIT_COMMITTER_NAME: 'Release Tester',
  GIT_COMMITTER_EMAIL: 'release@example.test',
};

let dir: string;
let work: string;
let remote: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...IDENTITY } }).trim();

/** Runs a `run:` step of the release workflow with bash, as the runner does, in `cwd`. */
function runStep(name: string, cwd: string, tag: string): string {
  const step = steps.find((s) => s.name === name);
  assert.ok(step?.run, `a "${name}" step`);
  return execFileSync('bash', ['-e', '-c', step.run], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...IDENTITY, TAG: tag, RUNNER_TEMP: dir },
  });
}

/** What the workflow does on the runner for a pushed tag: a fresh clone of it, then its steps. */
function releaseWorkflow(tag: string): string {
  const clone = path.join(dir, `runner-${tag}`);
  git(dir, 'clone', '--quiet', remote, clone);
  git(clone, 'checkout', '--quiet', tag);
  runStep('The tag is the version in package.json', clone, tag);
  runStep('The release notes are in CHANGELOG.md', clone, tag);
  runStep('Move the major tag', clone, tag);
  return readFileSync(path.join(dir, 'notes.md'), 'utf8');
}

before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'release-e2e-'));
  work = path.join(dir, 'work');
  remote = path.join(dir, 'remote.git');
  git(dir, 'init', '--quiet', '--bare', '--initial-branch=main', remote);
  mkdirSync(path.join(work, 'scripts'), { recursive: true });
  mkdirSync(path.join(work, 'dist'));
  for (const file of FILES) copyFileSync(path.join(ROOT, file), path.join(work, file));
  copyFileSync(
    path.join(ROOT, 'scripts/prepare-release.mjs'),
    path.join(work, 'scripts/prepare-release.mjs'),
  );
  writeFileSync(path.join(work, 'dist/index.js'), '// the bundle\n');
  git(work, 'init', '--quiet', '--initial-branch=main');
  git(work, 'add', '--all');
  git(work, 'commit', '--quiet', '-m', 'Work before the release');
  git(work, 'remote', 'add', 'origin', remote);
  git(work, 'push', '--quiet', 'origin', 'main');
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('releasing v1 by pushing one tag', () => {
  it('prepares v1.0.0 in one command, and pushing its tag publishes v1', () => {
    const out = execFileSync(process.execPath, ['scripts/prepare-release.mjs', 'major', '--no-build'], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, ...IDENTITY },
    });
    assert.match(out, /git push --atomic origin HEAD v1\.0\.0/);
    assert.equal(JSON.parse(readFileSync(path.join(work, 'package.json'), 'utf8')).version, '1.0.0');
    assert.equal(JSON.parse(readFileSync(path.join(work, 'package-lock.json'), 'utf8')).version, '1.0.0');
    assert.match(
      readFileSync(path.join(work, 'CHANGELOG.md'), 'utf8'),
      /## \[Unreleased\]\n\n## \[1\.0\.0\] - \d{4}-\d\d-\d\d\n/,
    );
    assert.equal(git(work, 'log', '-1', '--format=%s'), 'Release v1.0.0');
    assert.equal(git(work, 'status', '--porcelain'), '');

    git(work, 'push', '--quiet', '--atomic', 'origin', 'HEAD', 'v1.0.0');
    const notes = releaseWorkflow('v1.0.0');
    // The notes open with the Unreleased section's first entry, whatever this branch added last.
    const unreleased =
      readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8').split('## [Unreleased]\n\n')[1] ?? '';
    const firstEntry = unreleased.split('\n').slice(0, 3).join('\n');
    assert.match(firstEntry, /^### \w+\n\n- \S/);
    assert.ok(notes.startsWith(firstEntry), `notes start:\n${notes.slice(0, 200)}`);
    assert.doesNotMatch(notes, /## \[/);
    assert.equal(git(remote, 'rev-parse', 'v1^{commit}'), git(remote, 'rev-parse', 'v1.0.0^{commit}'));
  });

  it('moves v1 to the next compatible release', () => {
    const changelog = readFileSync(path.join(work, 'CHANGELOG.md'), 'utf8');
    writeFileSync(
      path.join(work, 'CHANGELOG.md'),
      changelog.replace('## [Unreleased]\n', '## [Unreleased]\n\n### Fixed\n\n- A fix.\n'),
    );
    git(work, 'commit', '--quiet', '-am', 'A fix');
    execFileSync(process.execPath, ['scripts/prepare-release.mjs', 'minor', '--no-build'], {
      cwd: work,
      env: { ...process.env, ...IDENTITY },
    });
    git(work, 'push', '--quiet', '--atomic', 'origin', 'HEAD', 'v1.1.0');
    assert.equal(releaseWorkflow('v1.1.0').trim(), '### Fixed\n\n- A fix.');
    assert.equal(git(remote, 'rev-parse', 'v1^{commit}'), git(remote, 'rev-parse', 'v1.1.0^{commit}'));
    assert.notEqual(git(remote, 'rev-parse', 'v1^{commit}'), git(remote, 'rev-parse', 'v1.0.0^{commit}'));
  });

  it('refuses a tag that is not the version in package.json', () => {
    git(work, 'tag', 'v1.2.0');
    git(work, 'push', '--quiet', 'origin', 'v1.2.0');
    assert.throws(
      () => releaseWorkflow('v1.2.0'),
      (error: { status?: number; stdout?: string }) =>
        error.status === 1 &&
        /::error::The tag v1\.2\.0 does not match package\.json's version 1\.1\.0/.test(error.stdout ?? ''),
    );
    assert.equal(git(remote, 'rev-parse', 'v1^{commit}'), git(remote, 'rev-parse', 'v1.1.0^{commit}'));
  });
});
