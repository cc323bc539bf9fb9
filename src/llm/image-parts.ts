/**
 * Image input in the one Chat-shaped history: a user message may hold `image_url` parts (data
 * URLs; the action never sends a link the provider would have to fetch). This is where they are
 * counted for the context budget, turned into the Responses API's `input_image`, and taken out
 * again once the endpoint has refused image input for the run (see `request-rules.ts`): each
 * image becomes a line saying it was not sent, and content left all text becomes one string,
 * which text-only servers accept where they may refuse a list of parts.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResponseInputMessageContentList } from 'openai/resources/responses/responses';
import { IMAGE_TOKEN_ESTIMATE } from '../limits.js';

/** What replaces an image once the endpoint refused image input. */
export const IMAGE_NOT_SENT = '[The image is not shown: the model endpoint does not accept image input.]';

interface Part {
  type?: unknown;
  text?: unknown;
  image_url?: { url?: unknown } | unknown;
}

/** Whether `messages` carry any image part. */
export function hasImages(messages: readonly ChatCompletionMessageParam[]): boolean {
  return messages.some((m) => Array.isArray(m.content) && (m.content as Part[]).some(isImage));
}

/** `messages` with every image part replaced by {@link IMAGE_NOT_SENT}; the input itself when it has none. */
export function withoutImages(messages: readonly ChatCompletionMessageParam[]): ChatCompletionMessageParam[] {
  if (!hasImages(messages)) return messages as ChatCompletionMessageParam[];
  return messages.map((message) => {
    if (!Array.isArray(message.content) || !(message.content as Part[]).some(isImage)) return message;
    const text = (message.content as Part[])
      .map((part) => (isImage(part) ? IMAGE_NOT_SENT : typeof part.text === 'string' ? part.text : ''))
      .join('\n\n');
    return { ...message, content: text } as ChatCompletionMessageParam;
  });
}

/** A user message's content as the Responses API takes it: its text, or with images `input_text` / `input_image` parts. */
export function responsesUserContent(content: unknown): string | ResponseInputMessageContentList {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts = content as Part[];
  if (!parts.some(isImage))
    return parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
  return parts.flatMap((part): ResponseInputMessageContentList => {
    if (isImage(part)) return [{ type: 'input_image', image_url: imageUrl(part), detail: 'auto' }];
    return typeof part.text === 'string' ? [{ type: 'input_text', text: part.text }] : [];
  });
}

/** Characters `content` counts for in a token estimate: its text, and each image as a fixed share. */
export function contentChars(content: unknown): number {
  if (typeof content === 'string') return content.length;
  if (!Array.isArray(content)) return JSON.stringify(content ?? '').length;
  let chars = 0;
  for (const part of content as Part[]) {
    if (isImage(part)) chars += IMAGE_TOKEN_ESTIMATE * 4;
    else chars += typeof part.text === 'string' ? part.text.length : JSON.stringify(part).length;
  }
  return chars;
}

function isImage(part: Part): boolean {
  return part?.type === 'image_url';
}

function imageUrl(part: Part): string {
  const url = (part.image_url as { url?: unknown } | undefined)?.url;
  return typeof url === 'string' ? url : '';
}
