/**
 * Reads a `text/event-stream` body into events, with `eventsource-parser` doing the parsing. The
 * SDK's own reader hides SSE comments, but a keep-alive comment (`: OPENROUTER PROCESSING`,
 * DeepSeek's `: keep-alive`) is the only sign of life a busy provider gives for minutes, so every
 * byte that arrives is reported to `onActivity` (the idle watchdog) before it is parsed.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { IdleWatch } from './idle-watch.js';
import { StreamBrokenError } from './retry.js';

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

/**
 * The events of one streamed turn's response, for either wire format. Every byte re-arms `idle`,
 * and a read that fails is turned into what the retry policy expects: the run's abort reason, the
 * idle timeout, or a broken stream. Stopping early (a `for await` that breaks) lets the
 * connection go.
 */
export async function* streamedTurnEvents(
  response: Response,
  idle: IdleWatch,
  signal: AbortSignal | undefined,
): AsyncGenerator<EventSourceMessage> {
  idle.touch();
  if (!response.body) throw new StreamBrokenError('the endpoint answered without a body', { once: true });
  const events = readSseEvents(response.body, () => idle.touch());
  try {
    for (;;) {
      let next: IteratorResult<EventSourceMessage>;
      try {
        next = await events.next();
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (idle.fired) throw idle.error();
        throw new StreamBrokenError(`stream broke: ${describe(error)}`, { cause: error });
      }
      if (signal?.aborted) throw signal.reason;
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await events.return(undefined);
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
