#!/usr/bin/env node
/**
 * Prints the CHANGELOG.md notes of one version, the body of its GitHub release:
 *
 *   node scripts/release-notes.mjs v1.2.0 > notes.md
 */
import { readFileSync } from 'node:fs';
import { releaseNotes } from './changelog.mjs';

const [version] = process.argv.slice(2);
if (!version) {
  console.error('usage: node scripts/release-notes.mjs <vX.Y.Z>');
  process.exit(2);
}
try {
  process.stdout.write(`${releaseNotes(readFileSync('CHANGELOG.md', 'utf8'), version)}\n`);
} catch (error) {
  console.error(`::error::${error.message}`);
  process.exit(1);
}
