/**
 * The idle watchdog of a streamed turn: aborts the request when the endpoint sends nothing — no
 * headers, no byte, not even an SSE keep-alive comment — for `ms`. Any sign of life re-arms it,
 * because providers under load (DeepSeek, OpenRouter) hold a stream open with comments for
 * minutes before the first token, and that is a slow endpoint, not a hung one.
 */
import { StreamBrokenError } from './retry.js';

/** One watchdog per attempt; `signal` aborts when it fires. */
export class IdleWatch {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout;
  fired = false;

  constructor(private readonly ms: number) {
    this.timer = this.arm();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Something arrived: start the silence count again. */
  touch(): void {
    clearTimeout(this.timer);
    this.timer = this.arm();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  /** The error a turn throws when this watchdog ended it. */
  error(): StreamBrokenError {
    return new StreamBrokenError(`no data from the endpoint for ${Math.round(this.ms / 1000)} s`);
  }

  private arm(): NodeJS.Timeout {
    return setTimeout(() => {
      this.fired = true;
      this.controller.abort();
    }, this.ms);
  }
}
