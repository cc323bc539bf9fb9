/**
 * The conversation is kept in Chat Completions shape (one history, one agent loop); this turns it
 * into a Responses API request body per turn. The first system message becomes `instructions`,
 * later ones developer messages; each assistant message is replayed from the output items it
 * came with (reasoning items with their encrypted content, message items with their `phase`), so
 * the model's reasoning survives across tool calls; tool messages become `function_call_output`;
 * a user message's image parts become `input_image` parts.
 */
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { FunctionTool, ResponseInputItem } from 'openai/resources/responses/responses';
import { responsesUserContent } from './image-parts.js';

/**
 * The key under which a Responses turn's output items ride on the assistant message of the
 * history (see `StreamedTurn.assistantFields`). Chat Completions never sees it: a run speaks one
 * wire from start to end.
 */
export const RESPONSES_OUTPUT_FIELD = 'responses_output';

/** What a Responses request carries of the conversation. */
export interface ResponsesConversation {
  instructions?: string;
  input: ResponseInputItem[];
}

/** Converts the Chat-shaped history into `instructions` and `input` items. */
export function toResponsesInput(messages: readonly ChatCompletionMessageParam[]): ResponsesConversation {
  const input: ResponseInputItem[] = [];
  let instructions: string | undefined;
  messages.forEach((message, index) => {
    switch (message.role) {
      case 'system':
      case 'developer':
        if (index === 0) instructions = textOf(message.content);
        else input.push({ role: 'developer', content: textOf(message.content) });
        return;
      case 'user':
        input.push({ role: 'user', content: responsesUserContent(message.content) });
        return;
      case 'assistant':
        input.push(...assistantItems(message));
        return;
      case 'tool':
        input.push({
          type: 'function_call_output',
          call_id: message.tool_call_id,
          output: textOf(message.content),
        });
        return;
      case 'function':
        // The legacy single-function role; this project never writes it.
        return;
    }
  });
  return { ...(instructions === undefined ? {} : { instructions }), input };
}

/** Chat function tools → Responses function tools (flat, and not strict: our schemas are not strict-mode schemas). */
export function toResponsesTools(tools: readonly ChatCompletionTool[]): FunctionTool[] {
  return tools.flatMap((tool) =>
    tool.type === 'function'
      ? [
          {
            type: 'function' as const,
            name: tool.function.name,
            ...(tool.function.description ? { description: tool.function.description } : {}),
            parameters: tool.function.parameters ?? { type: 'object', properties: {} },
            strict: false,
          },
        ]
      : [],
  );
}

/**
 * One assistant message → its items. The stored output items keep their order (a reasoning item
 * must come right before the call or message it led to); each function call is rebuilt from the
 * history's `tool_calls`, which hold the arguments the run settled on, so what the model sees
 * again is exactly what ran. Calls without a stored item (a history from another wire) follow.
 */
function assistantItems(message: ChatCompletionAssistantMessageParam): ResponseInputItem[] {
  const calls = (message.tool_calls ?? []).filter(
    (call): call is ChatCompletionMessageToolCall & { type: 'function' } => call.type === 'function',
  );
  const stored = storedOutput(message);
  if (!stored) {
    const text = textOf(message.content ?? '');
    return [
      ...(text ? [{ role: 'assistant' as const, content: text }] : []),
      ...calls.map((call) => functionCall(call, undefined)),
    ];
  }
  const byCallId = new Map(calls.map((call) => [call.id, call]));
  // Nothing is stored at the provider, so a reasoning item is only worth sending with its
  // encrypted content (without it, it is refused as unknown). Once one is left out, the items it
  // led to go without their ids, which would otherwise make the provider ask for it.
  const complete = stored.every((item) => item.type !== 'reasoning' || item['encrypted_content']);
  const items: ResponseInputItem[] = [];
  for (const item of stored) {
    if (item.type === 'reasoning' && !complete) continue;
    if (item.type !== 'function_call') {
      const { id: _id, ...withoutId } = item;
      items.push(complete ? item : (withoutId as StoredItem));
      continue;
    }
    const call = byCallId.get(String(item['call_id']));
    if (!call) continue;
    byCallId.delete(call.id);
    const id = complete && typeof item['id'] === 'string' ? item['id'] : undefined;
    items.push(functionCall(call, id));
  }
  for (const call of byCallId.values()) items.push(functionCall(call, undefined));
  return dropOrphanReasoning(items);
}

type StoredItem = ResponseInputItem & { type: string; [key: string]: unknown };

function storedOutput(message: ChatCompletionAssistantMessageParam): StoredItem[] | undefined {
  const value = (message as unknown as Record<string, unknown>)[RESPONSES_OUTPUT_FIELD];
  if (!Array.isArray(value)) return undefined;
  return value.filter(
    (item): item is StoredItem => typeof item === 'object' && item !== null && 'type' in item,
  );
}

function functionCall(call: ChatCompletionMessageToolCall & { type: 'function' }, id: string | undefined) {
  return {
    type: 'function_call' as const,
    ...(id ? { id } : {}),
    call_id: call.id,
    name: call.function.name,
    arguments: call.function.arguments,
  };
}

/**
 * A reasoning item must be followed by the item it produced; one left last (its call was dropped
 * from the history) would be refused, so it goes too.
 */
function dropOrphanReasoning(items: ResponseInputItem[]): ResponseInputItem[] {
  while (items.length > 0 && items.at(-1)?.type === 'reasoning') items.pop();
  return items;
}

/** Text of a Chat content value (a string, or parts of which only text is meaningful here). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string'
        ? (part as { text: string }).text
        : '',
    )
    .join('');
}
