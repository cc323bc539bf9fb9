/**
 * An MCP tool result as the text a tool result is here. Text parts are kept; a resource that is
 * text is kept with its URI; images, audio and binary resources cannot reach the model through a
 * tool result, so they are described (type, size, URI) instead of dropped without a word. The
 * size cap is `invokeTool`'s, applied once to the whole text.
 */
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/** The result's text and whether the server flagged it as an error. */
export function toolResultText(result: CallToolResult): { text: string; isError: boolean } {
  const parts = result.content.map(contentText).filter((part) => part !== '');
  // A server that answers only with structured content (its output schema) still says something.
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  return { text: parts.length > 0 ? parts.join('\n\n') : '(no output)', isError: result.isError === true };
}

function contentText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image, ${block.mimeType}, ${size(block.data)}: not shown, tool results carry text only]`;
    case 'audio':
      return `[audio, ${block.mimeType}, ${size(block.data)}: not shown, tool results carry text only]`;
    case 'resource_link':
      return `[resource ${block.uri}${block.mimeType ? ` (${block.mimeType})` : ''}: ${block.name}${block.description ? ` — ${block.description}` : ''}]`;
    case 'resource': {
      const { resource } = block;
      const type = resource.mimeType ? ` (${resource.mimeType})` : '';
      if ('text' in resource) return `[resource ${resource.uri}${type}]\n${resource.text}`;
      return `[resource ${resource.uri}${type}, ${size(resource.blob)} of binary data: not shown]`;
    }
    default:
      return `[${(block as { type: string }).type} content: not shown]`;
  }
}

/** The decoded size of base64 `data`, readable. */
function size(data: string): string {
  const bytes = Math.floor((data.replace(/=+$/, '').length * 3) / 4);
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}
