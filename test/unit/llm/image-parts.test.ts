import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { estimateTokens } from '../../../src/agent/compaction.js';
import { buildChatRequest } from '../../../src/llm/chat-request.js';
import { contentChars, hasImages, IMAGE_NOT_SENT, withoutImages } from '../../../src/llm/image-parts.js';
import { RequestRules } from '../../../src/llm/request-rules.js';
import { toResponsesInput } from '../../../src/llm/responses-input.js';

const DATA_URL = `data:image/png;base64,${'A'.repeat(400_000)}`;
const MESSAGES: ChatCompletionMessageParam[] = [
  { role: 'system', content: 'You are an agent.' },
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Fix the login page.' },
      { type: 'text', text: 'Image 1: image 1 of the issue #1 body (image/png, 293 KB).' },
      { type: 'image_url', image_url: { url: DATA_URL } },
    ],
  },
];

describe('image parts', () => {
  it('travel as image_url parts on Chat Completions until the endpoint refuses image input', () => {
    const rules = new RequestRules();
    const request = buildChatRequest({
      model: 'm',
      messages: MESSAGES,
      tools: [],
      rules,
      reasoningEffort: undefined,
    });
    assert.equal(request.messages, MESSAGES, 'unchanged while images are allowed');
    rules.drop(['image-input'], 'HTTP 400: unknown variant `image_url`');
    const without = buildChatRequest({
      model: 'm',
      messages: MESSAGES,
      tools: [],
      rules,
      reasoningEffort: undefined,
    });
    assert.deepEqual(without.messages[1], {
      role: 'user',
      content: `Fix the login page.\n\nImage 1: image 1 of the issue #1 body (image/png, 293 KB).\n\n${IMAGE_NOT_SENT}`,
    });
    assert.equal(hasImages(without.messages), false);
  });

  it('become input_text and input_image parts on the Responses API', () => {
    const { instructions, input } = toResponsesInput(MESSAGES);
    assert.equal(instructions, 'You are an agent.');
    assert.deepEqual(input, [
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'Fix the login page.' },
          { type: 'input_text', text: 'Image 1: image 1 of the issue #1 body (image/png, 293 KB).' },
          { type: 'input_image', image_url: DATA_URL, detail: 'auto' },
        ],
      },
    ]);
    assert.deepEqual(toResponsesInput(withoutImages(MESSAGES)).input[0], {
      role: 'user',
      content: `Fix the login page.\n\nImage 1: image 1 of the issue #1 body (image/png, 293 KB).\n\n${IMAGE_NOT_SENT}`,
    });
  });

  it('count as a fixed share of tokens, not as the length of their base64', () => {
    assert.equal(contentChars('abc'), 3);
    const tokens = estimateTokens(MESSAGES);
    assert.ok(tokens > 1_600 && tokens < 2_000, `estimated ${tokens}`);
  });
});
