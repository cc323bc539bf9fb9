import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toolResultText } from '../../../src/mcp/tool-result-text.js';

describe('toolResultText', () => {
  it('keeps text and text resources, and describes images, audio and binary data it cannot pass on', () => {
    const png = Buffer.alloc(3000).toString('base64');
    const { text, isError } = toolResultText({
      content: [
        { type: 'text', text: 'Here is the chart.' },
        { type: 'image', mimeType: 'image/png', data: png },
        { type: 'audio', mimeType: 'audio/wav', data: 'AAAA' },
        { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'alpha' } },
        { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAAAAAA' } },
        { type: 'resource_link', uri: 'https://d.example/x', name: 'x', description: 'the x page' },
      ],
    });
    assert.equal(isError, false);
    assert.equal(
      text,
      [
        'Here is the chart.',
        '[image, image/png, 2.9 KB: not shown, tool results carry text only]',
        '[audio, audio/wav, 3 bytes: not shown, tool results carry text only]',
        '[resource file:///a.txt (text/plain)]\nalpha',
        '[resource file:///b.bin, 6 bytes of binary data: not shown]',
        '[resource https://d.example/x: x — the x page]',
      ].join('\n\n'),
    );
  });

  it('passes the server’s error flag on, and shows structured content when there is no text', () => {
    assert.deepEqual(toolResultText({ content: [{ type: 'text', text: 'no such repo' }], isError: true }), {
      text: 'no such repo',
      isError: true,
    });
    assert.equal(toolResultText({ content: [], structuredContent: { sum: 3 } }).text, '{\n  "sum": 3\n}');
    assert.equal(toolResultText({ content: [] }).text, '(no output)');
  });
});
