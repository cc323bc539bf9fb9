import assert from 'node:assert/strict';
import { once } from 'node:events';
import net from 'node:net';
import { describe, it } from 'node:test';
import tls from 'node:tls';
import { readClientHello } from '../../../src/egress/client-hello.js';

/** The first bytes Node's TLS client really sends for `options` (OpenSSL's ClientHello). */
async function realClientHello(options: tls.ConnectionOptions): Promise<Buffer> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const received = new Promise<Buffer>((done) => {
    server.once('connection', (socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => {
        chunks.push(chunk);
        const data = Buffer.concat(chunks);
        if (readClientHello(data).kind !== 'need-more') {
          done(data);
          socket.destroy();
        }
      });
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  const client = tls.connect({ host: '127.0.0.1', port, ...options });
  client.on('error', () => {});
  const hello = await received;
  client.destroy();
  server.close();
  return hello;
}

/** `hello` re-framed as two TLS records, split inside the handshake message. */
function inTwoRecords(hello: Buffer): Buffer {
  const payload = hello.subarray(5, 5 + hello.readUInt16BE(3));
  const record = (part: Buffer) =>
    Buffer.concat([Buffer.from([0x16, 0x03, 0x01, part.length >> 8, part.length & 0xff]), part]);
  return Buffer.concat([record(payload.subarray(0, 40)), record(payload.subarray(40))]);
}

function u16(n: number): Buffer {
  return Buffer.from([n >> 8, n & 0xff]);
}

/** A `server_name` extension with these (type, name) entries. */
function serverNameExtension(entries: [number, string][]): Buffer {
  const list = Buffer.concat(
    entries.map(([type, name]) => Buffer.concat([Buffer.from([type]), u16(name.length), Buffer.from(name)])),
  );
  const body = Buffer.concat([u16(list.length), list]);
  return Buffer.concat([u16(0), u16(body.length), body]);
}

/** A minimal ClientHello record with these extensions. */
function syntheticHello(extensions: Buffer[]): Buffer {
  const joined = Buffer.concat(extensions);
  const body = Buffer.concat([
    Buffer.from([3, 3]),
    Buffer.alloc(32),
    Buffer.from([0]),
    u16(2),
    Buffer.from([0x13, 0x01]),
    Buffer.from([1, 0]),
    u16(joined.length),
    joined,
  ]);
  const message = Buffer.concat([Buffer.from([1, 0, body.length >> 8, body.length & 0xff]), body]);
  return Buffer.concat([Buffer.from([0x16, 3, 1]), u16(message.length), message]);
}

describe('readClientHello', () => {
  it('reads the server name from a real ClientHello, however it arrives', async () => {
    const hello = await realClientHello({ servername: 'registry.test' });
    assert.deepEqual(readClientHello(hello), { kind: 'hello', serverName: 'registry.test' });
    for (const cut of [1, 5, 40, hello.length - 1]) {
      assert.deepEqual(readClientHello(hello.subarray(0, cut)), { kind: 'need-more' }, `cut at ${cut}`);
    }
    assert.deepEqual(readClientHello(inTwoRecords(hello)), { kind: 'hello', serverName: 'registry.test' });
    // Bytes after the ClientHello (a client that does not wait) change nothing.
    assert.deepEqual(readClientHello(Buffer.concat([hello, Buffer.from('more')])), {
      kind: 'hello',
      serverName: 'registry.test',
    });
  });

  it('reads no name when the client sends none (an IP literal)', async () => {
    const hello = await realClientHello({});
    assert.deepEqual(readClientHello(hello), { kind: 'hello', serverName: undefined });
  });

  it('tells plain HTTP from TLS at the first byte', () => {
    assert.deepEqual(readClientHello(Buffer.from('GET / HTTP/1.1\r\n')), { kind: 'not-tls' });
    assert.deepEqual(readClientHello(Buffer.from('S')), { kind: 'not-tls' });
  });

  it('refuses what is not one well-formed ClientHello', async () => {
    const hello = await realClientHello({ servername: 'registry.test' });
    const malformed: [string, Buffer][] = [
      [
        'not a handshake record after the first',
        Buffer.concat([inTwoRecords(hello).subarray(0, 45), Buffer.from([0x17, 3, 3, 0, 1, 0])]),
      ],
      ['an empty record', Buffer.from([0x16, 3, 1, 0, 0])],
      ['a server hello', Buffer.concat([hello.subarray(0, 5), Buffer.from([2]), hello.subarray(6)])],
      ['a length past the end', Buffer.from([0x16, 3, 1, 0, 8, 1, 0, 0, 4, 3, 3, 0, 0])],
    ];
    for (const [name, data] of malformed) assert.equal(readClientHello(data).kind, 'malformed', name);
    const twoNames = serverNameExtension([
      [0, 'a.test'],
      [0, 'b.test'],
    ]);
    assert.equal(readClientHello(syntheticHello([twoNames])).kind, 'malformed');
    const one = serverNameExtension([[0, 'a.test']]);
    assert.equal(readClientHello(syntheticHello([one, one])).kind, 'malformed');
    assert.equal(readClientHello(syntheticHello([serverNameExtension([[0, 'a b.test']])])).kind, 'malformed');
    // Another name type is not a host name.
    assert.deepEqual(readClientHello(syntheticHello([serverNameExtension([[7, 'a.test']])])), {
      kind: 'hello',
      serverName: undefined,
    });
    assert.deepEqual(readClientHello(syntheticHello([one])), { kind: 'hello', serverName: 'a.test' });
  });
});
