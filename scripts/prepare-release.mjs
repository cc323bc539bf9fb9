#!/usr/bin/env node
/**
 * Prepares a release locally, so publishing one is two commands:
 *
 *   npm run release -- minor          # or major, patch, or an explicit 1.4.0
 *   git push --atomic origin HEAD v1.4.0
 *
 * It bumps the version in package.json and package-lock.json, turns CHANGELOG.md's
 * `## [Unreleased]` section into the new version's, rebuilds dist/, commits all of that as
 * "Release vX.Y.Z" and creates the annotated tag. Pushing the tag starts the release workflow,
 * which checks dist/ and the tests, publishes the GitHub release and moves the major tag.
 *
 * Options: `--no-build` (dist/ as it is), `--no-commit` (change the files only).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cutRelease, nextVersion } from './changelog.mjs';

const args = process.argv.slice(2);
const bump = args.find((a) => !a.startsWith('--'));
const build = !args.includes('--no-build');
const commit = !args.includes('--no-commit');
if (!bump) {
  console.error('usage: npm run release -- <major|minor|patch|X.Y.Z> [--no-build] [--no-commit]');
  process.exit(2);
}

const run = (command, commandArgs) => execFileSync(command, commandArgs, { encoding: 'utf8', stdio: 'pipe' });

function fail(message) {
  console.error(message);
  process.exit(1);
}

if (commit && run('git', ['status', '--porcelain']).trim()) {
  fail('The working tree has uncommitted changes; commit or stash them first (or pass --no-commit).');
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
let version;
let changelog;
try {
  version = nextVersion(pkg.version, bump);
  changelog = cutRelease(
    readFileSync('CHANGELOG.md', 'utf8'),
    version,
    new Date().toISOString().slice(0, 10),
  );
} catch (error) {
  fail(error.message);
}
const tag = `v${version}`;
if (commit && run('git', ['tag', '--list', tag]).trim()) fail(`The tag ${tag} exists already.`);

writeFileSync('package.json', `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
try {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  lock.version = version;
  if (lock.packages?.['']) lock.packages[''].version = version;
  writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
writeFileSync('CHANGELOG.md', changelog);
if (build) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

if (commit) {
  const files = ['package.json', 'CHANGELOG.md', 'dist', 'package-lock.json'].filter((f) => existsSync(f));
  run('git', ['add', '--all', '--', ...files]);
  run('git', ['commit', '--quiet', '-m', `Release ${tag}`]);
  run('git', ['tag', '--annotate', tag, '-m', `Release ${tag}`]);
  console.log(`Committed and tagged ${tag}. Publish it with:\n\n  git push --atomic origin HEAD ${tag}\n`);
} else {
  console.log(`Prepared ${tag} (not committed).`);
}
