/**
 * The SDK's stdio framing (one JSON-RPC message a line, its own parser and serializer) over a Unix
 * socket connection instead of a child's pipes: the server is started by the sandbox (see
 * `stdio-server.ts`), whose spawner relays the server's stdin and stdout to this connection.
 * Lines are cut here rather than with the SDK's `ReadBuffer`, which copies and rescans its whole
 * buffer for every chunk: 1.6 s for one 5 MB result, against milliseconds here.
 */
import type { Socket } from 'node:net';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MCP_MESSAGE_MAX_BYTES } from '../limits.js';

/** A client transport over one connected socket. */
export class SocketTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  /** Why the connection was given up from this side (a message over the cap), if it was. */
  failure: string | undefined;
  readonly #socket: Socket;
  /** The start of a line not yet complete, in chunks, and its length. */
  #pending: Buffer[] = [];
  #pendingBytes = 0;

  constructor(socket: Socket) {
    this.#socket = socket;
  }

  async start(): Promise<void> {
    this.#socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    this.#socket.on('error', (error) => this.onerror?.(error));
    this.#socket.once('close', () => this.onclose?.());
  }

  #receive(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      this.#pending.push(chunk.subarray(start, end));
      const line = Buffer.concat(this.#pending).toString('utf8').replace(/\r$/, '');
      this.#pending = [];
      this.#pendingBytes = 0;
      start = end + 1;
      if (line.trim() !== '') this.#deliver(line);
    }
    if (start === chunk.length) return;
    this.#pending.push(chunk.subarray(start));
    this.#pendingBytes += chunk.length - start;
    if (this.#pendingBytes > MCP_MESSAGE_MAX_BYTES) {
      this.failure = `it sent a message larger than ${MCP_MESSAGE_MAX_BYTES / 1024 / 1024} MB`;
      this.#pending = [];
      this.#socket.destroy();
    }
  }

  #deliver(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      // A line that is not JSON-RPC (a server printing to stdout) is skipped, as the SDK does.
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.#socket.destroyed || !this.#socket.writable)
        return reject(new Error('the connection is closed'));
      this.#socket.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  async close(): Promise<void> {
    this.#pending = [];
    this.#socket.end();
    this.#socket.destroy();
  }
}
