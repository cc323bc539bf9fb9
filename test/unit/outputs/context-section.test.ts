import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ImageReport, InstructionFileEntry } from '../../../src/context/context-report.js';
import { renderContextSection } from '../../../src/outputs/context-section.js';

const FILES: InstructionFileEntry[] = [
  { path: 'AGENTS.md', scope: 'always', status: 'loaded', bytes: 120, loadedBytes: 120 },
  {
    path: 'CLAUDE.md',
    scope: 'always',
    status: 'truncated',
    bytes: 900,
    loadedBytes: 300,
    note: 'cut after 300 bytes: the budget was used up',
  },
  {
    path: 'GEMINI.md',
    scope: 'always',
    status: 'skipped',
    bytes: 50,
    loadedBytes: 0,
    note: 'the budget | was used up',
  },
];
const IMAGES: ImageReport = {
  setting: 'auto',
  entries: [
    {
      label: 'image 1 of the issue #3 body',
      host: 'private-user-images.githubusercontent.com',
      status: 'attached',
      mediaType: 'image/png',
      bytes: 40_000,
    },
    {
      label: 'image 2 of the issue #3 body',
      host: 'evil.example',
      status: 'skipped',
      reason: "evil.example is not one of GitHub's image hosts",
    },
  ],
};

describe('renderContextSection', () => {
  it('tables every instruction file with its status and reason, and lists the images', () => {
    const section = renderContextSection(FILES, IMAGES);
    assert.equal(
      section,
      [
        '### Context given to the agent',
        '',
        '**Instruction files:** 2 of 3 given (420 bytes), read from the trusted branch.',
        '',
        '| file | applies to | status | bytes | why |',
        '|---|---|---|---:|---|',
        '| `AGENTS.md` | always | ✅ loaded | 120 of 120 |  |',
        '| `CLAUDE.md` | always | ✂ truncated | 300 of 900 | cut after 300 bytes: the budget was used up |',
        '| `GEMINI.md` | always | ⏭ skipped | 50 | the budget \\| was used up |',
        '',
        '**Images:** 1 attached, 1 skipped.',
        '- ✅ image 1 of the issue #3 body: image/png, 39 KB from private-user-images.githubusercontent.com',
        "- ⏭ image 2 of the issue #3 body (evil.example): evil.example is not one of GitHub's image hosts",
      ].join('\n'),
    );
  });

  it('says when the endpoint refused the images, and when they were off; nothing when there was nothing', () => {
    assert.match(
      renderContextSection(undefined, { ...IMAGES, refused: 'HTTP 400: unknown variant `image_url`' }),
      /\*\*Images:\*\* 1 sent with the first request, which the model endpoint refused for its image input \(HTTP 400: unknown variant `image_url`\); the run went on without them\. 1 skipped\./,
    );
    assert.equal(
      renderContextSection([], { setting: 'off', entries: [] }),
      '### Context given to the agent\n\n**Images:** not sent (`images: off`).',
    );
    assert.equal(renderContextSection([], { setting: 'auto', entries: [] }), '');
  });
});
