/**
 * Reads a `text/event-stream` body into events, with `eventsource-parser` doing the parsing. The
 * SDK's own reader hides SSE comments, but a keep-alive comment (`: OPENROUTER PROCESSING`,
 * DeepSeek's `: keep-alive`) is the only sign of life a busy provider gives for minutes, so every
 * byte that arrives is reported to `onActivity` (the idle watchdog) before it is parsed.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** Yields the events of `body` in order; ends when the body ends. Read errors propagate. */
export async function* readSseEvents(
  body: ReadableStream<Uint8Array>,
  onActivity: () => void,
): AsyncGenerator<EventSourceMessage> {
  const ready: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => ready.push(event) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      ended = done;
      if (done) break;
      onActivity();
      parser.feed(decoder.decode(value, { stream: true }));
      while (ready.length > 0) yield ready.shift()!;
    }
    parser.feed(`${decoder.decode()}\n\n`);
    while (ready.length > 0) yield ready.shift()!;
  } finally {
    // The caller stopped early ([DONE], an error event): let the connection go.
    if (!ended) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
