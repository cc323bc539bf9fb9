/**
 * Stream shapes real providers send, as transformations of the fake's OpenAI-shaped chunks.
 * Each is a plain function of the chunk list, so a persona composes the ones its provider uses.
 */
import { type Chunk, type ChunkObject, commentFrame, dataFrame } from './persona.js';

const isObject = (chunk: Chunk): chunk is ChunkObject => typeof chunk !== 'string';
const deltaOf = (chunk: Chunk) => (isObject(chunk) ? chunk.choices?.[0]?.delta : undefined);

/** Each call whole in one delta (name, id and all arguments), as Gemini, Groq, Mistral and Ollama send them. */
export function wholeCalls(chunks: Chunk[], options: { index: 'keep' | 'none' | 'zero' }): Chunk[] {
  const out: Chunk[] = [];
  const byIndex = new Map<number, ChunkObject>();
  for (const chunk of chunks) {
    const calls = deltaOf(chunk)?.tool_calls;
    if (!calls) {
      out.push(chunk);
      continue;
    }
    for (const call of calls) {
      const known = byIndex.get(call.index);
      if (known) {
        known.function.arguments += call.function?.arguments ?? '';
        continue;
      }
      const whole = { ...call, function: { ...call.function, arguments: call.function?.arguments ?? '' } };
      if (options.index === 'none') delete whole.index;
      if (options.index === 'zero') whole.index = 0;
      byIndex.set(call.index, whole);
      out.push({
        ...(chunk as ChunkObject),
        choices: [{ ...(chunk as ChunkObject).choices[0], delta: { tool_calls: [whole] } }],
      });
    }
  }
  return out;
}

/** `role: "assistant"` on every delta (Ollama). */
export function roleOnEveryChunk(chunks: Chunk[]): Chunk[] {
  return chunks.map((chunk) => {
    const delta = deltaOf(chunk);
    if (!delta) return chunk;
    const c = chunk as ChunkObject;
    return { ...c, choices: [{ ...c.choices[0], delta: { role: 'assistant', ...delta } }] };
  });
}

/** The first delta of each call names it but carries no `arguments` key (vLLM, llama.cpp). */
export function headerWithoutArguments(chunks: Chunk[]): Chunk[] {
  return chunks.map((chunk) => {
    const calls = deltaOf(chunk)?.tool_calls;
    if (!calls?.[0]?.id) return chunk;
    const { arguments: _dropped, ...fn } = calls[0].function;
    const c = chunk as ChunkObject;
    return { ...c, choices: [{ ...c.choices[0], delta: { tool_calls: [{ ...calls[0], function: fn }] } }] };
  });
}

/** Usage only under `x_groq.usage` on the finish chunk, never as `usage` (Groq). */
export function usageInXGroq(chunks: Chunk[], usage: object): Chunk[] {
  return chunks
    .filter((chunk) => !(isObject(chunk) && chunk.choices?.length === 0 && chunk.usage))
    .map((chunk) => {
      if (!isObject(chunk)) return chunk;
      const { usage: _none, ...rest } = chunk;
      return rest.choices?.[0]?.finish_reason ? { ...rest, x_groq: { id: 'req_fake', usage } } : rest;
    });
}

/** Azure OpenAI: a first chunk with no choices but prompt filter results, and filter-only chunks without `delta`. */
export function contentFilterChunks(chunks: Chunk[]): Chunk[] {
  const first = chunks.find(isObject)!;
  const filters = {
    hate: { filtered: false, severity: 'safe' },
    self_harm: { filtered: false, severity: 'safe' },
  };
  const out: Chunk[] = [
    {
      id: '',
      object: '',
      created: 0,
      model: '',
      choices: [],
      prompt_filter_results: [{ prompt_index: 0, content_filter_results: filters }],
    },
  ];
  for (const chunk of chunks) {
    out.push(chunk);
    if (isObject(chunk) && deltaOf(chunk)?.content) {
      out.push({ ...first, choices: [{ index: 0, finish_reason: null, content_filter_results: filters }] });
    }
  }
  return out;
}

/** The finish chunk arrives before the last argument piece of the last call. */
export function finishBeforeLastPiece(chunks: Chunk[]): Chunk[] {
  const finish = chunks.findIndex((chunk) => isObject(chunk) && chunk.choices?.[0]?.finish_reason);
  const lastPiece = chunks.findLastIndex((chunk) => deltaOf(chunk)?.tool_calls?.[0]?.function?.arguments);
  if (finish < 0 || lastPiece < 0 || lastPiece > finish) return chunks;
  const out = [...chunks];
  const [piece] = out.splice(lastPiece, 1);
  // The removal moved the finish chunk to `finish - 1`; the piece goes right after it.
  out.splice(finish, 0, piece!);
  return out;
}

/** No `data: [DONE]` at the end. */
export function withoutDone(chunks: Chunk[]): Chunk[] {
  return chunks.filter((chunk) => chunk !== '[DONE]');
}

/** `extra(call)` merged into each call's first delta (Gemini's `extra_content`). */
export function onCalls(chunks: Chunk[], extra: (id: string) => object): Chunk[] {
  return chunks.map((chunk) => {
    const calls = deltaOf(chunk)?.tool_calls;
    if (!calls?.some((c: ChunkObject) => c.id)) return chunk;
    const c = chunk as ChunkObject;
    const withExtra = calls.map((call: ChunkObject) => (call.id ? { ...call, ...extra(call.id) } : call));
    return { ...c, choices: [{ ...c.choices[0], delta: { ...c.choices[0].delta, tool_calls: withExtra } }] };
  });
}

/** Deltas inserted before the first content or call delta (reasoning streamed first). */
export function before(chunks: Chunk[], deltas: object[]): Chunk[] {
  const at = chunks.findIndex((chunk) => {
    const delta = deltaOf(chunk);
    return delta && (delta.content || delta.tool_calls);
  });
  const template = chunks.find(isObject)!;
  const inserted = deltas.map((delta) => ({
    ...template,
    choices: [{ index: 0, delta, finish_reason: null }],
  }));
  const out = [...chunks];
  out.splice(at < 0 ? Math.max(0, out.length - 2) : at, 0, ...inserted);
  return out;
}

/** The usage object of the fake's usage chunk, if it sent one. */
export function usageOf(chunks: Chunk[]): ChunkObject | undefined {
  return chunks.find((chunk): chunk is ChunkObject => isObject(chunk) && Boolean(chunk.usage))?.usage;
}

/** Frames for the chunks, with `count` keep-alive comments first. */
export function framesWithKeepAlive(chunks: Chunk[], comment: string, count: number): string[] {
  return [...Array.from({ length: count }, () => commentFrame(comment)), ...chunks.map(dataFrame)];
}
