import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  contextCounts,
  type ImageReport,
  type InstructionFileEntry,
} from '../../../src/context/context-report.js';

const FILES: InstructionFileEntry[] = [
  { path: 'AGENTS.md', scope: 'always', status: 'loaded', bytes: 120, loadedBytes: 120 },
  { path: 'CLAUDE.md', scope: 'always', status: 'truncated', bytes: 900, loadedBytes: 300 },
  { path: 'GEMINI.md', scope: 'always', status: 'skipped', bytes: 50, loadedBytes: 0 },
];
const IMAGES: ImageReport = {
  setting: 'auto',
  entries: [
    {
      label: 'image 1',
      host: 'user-images.githubusercontent.com',
      status: 'attached',
      mediaType: 'image/png',
      bytes: 10,
    },
    { label: 'image 2', host: 'evil.example', status: 'skipped', reason: 'not a GitHub host' },
  ],
};

describe('contextCounts', () => {
  it('counts the files given and the images sent, for a footer', () => {
    assert.equal(contextCounts(FILES, IMAGES), '2 instruction files · 1 image');
    assert.equal(contextCounts(FILES.slice(0, 1), { ...IMAGES, refused: 'HTTP 400' }), '1 instruction file');
    assert.equal(contextCounts([], undefined), undefined);
  });
});
