import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MCP_MESSAGE_MAX_BYTES } from '../../../src/limits.js';
import { SocketTransport } from '../../../src/mcp/socket-transport.js';

/** A connected pair: the transport on one end, the raw socket (the server's side) on the other. */
async function pair(): Promise<{
  transport: SocketTransport;
  server: net.Socket;
  received: JSONRPCMessage[];
  close: () => void;
}> {
  const listener = net.createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as net.AddressInfo).port;
  const accepted = new Promise<net.Socket>((resolve) => listener.once('connection', resolve));
  const client = net.connect(port, '127.0.0.1');
  const server = await accepted;
  const transport = new SocketTransport(client);
  const received: JSONRPCMessage[] = [];
  transport.onmessage = (message) => received.push(message);
  await transport.start();
  return { transport, server, received, close: () => listener.close() };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('SocketTransport', () => {
  it('reads one message a line however the bytes arrive, skipping lines that are not JSON-RPC', async () => {
    const { transport, server, received, close } = await pair();
    const errors: Error[] = [];
    transport.onerror = (error) => errors.push(error);
    const text = 'é'.repeat(100_000);
    const line = `${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text } })}\r\n`;
    const bytes = Buffer.from(`not json\n${line}{"jsonrpc":"2.0","method":"notifications/x"}\n`);
    // Split inside a multi-byte character, too.
    server.write(bytes.subarray(0, 20));
    server.write(bytes.subarray(20, 50_001));
    server.write(bytes.subarray(50_001));
    await until(() => received.length === 2);
    assert.equal((received[0] as unknown as { result: { text: string } }).result.text, text);
    assert.equal((received[1] as { method: string }).method, 'notifications/x');
    assert.equal(errors.length, 1, 'the stray line is reported, not fatal');
    await transport.close();
    close();
  });

  it('writes one line a message, and gives up on a server whose message passes the cap', async () => {
    const { transport, server, close } = await pair();
    let written = '';
    server.on('data', (chunk) => {
      written += chunk;
    });
    await transport.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
    await until(() => written.endsWith('\n'));
    assert.equal(written, '{"jsonrpc":"2.0","id":7,"method":"ping"}\n');
    let closed = false;
    transport.onclose = () => {
      closed = true;
    };
    server.on('error', () => {});
    server.write(Buffer.alloc(MCP_MESSAGE_MAX_BYTES + 65_536, 'x'));
    await until(() => closed);
    assert.equal(transport.failure, 'it sent a message larger than 16 MB');
    await assert.rejects(
      transport.send({ jsonrpc: '2.0', id: 8, method: 'ping' }),
      /the connection is closed/,
    );
    close();
  });
});
