/**
 * What a CONNECT tunnel may carry: TLS whose server name is the tunnel's host (or none, to an IP
 * literal), or plain HTTP whose every request names that host; to port 443 or a listed port.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import net from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import tls from 'node:tls';
import { parseAllowedHosts } from '../../../src/egress/allowed-hosts.js';
import { type EgressProxy, startEgressProxy } from '../../../src/egress/egress-proxy.js';

let upstream: net.Server;
let upstreamPort = 0;
let received: Buffer[] = [];
let proxy: EgressProxy;
let proxyPort = 0;

before(async () => {
  // Records what reaches it, answers plain HTTP; no TLS of its own (only the ClientHello matters).
  upstream = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      received.push(chunk);
      if (chunk.toString('latin1').startsWith('GET ')) {
        socket.end('HTTP/1.1 200 OK\r\ncontent-length: 8\r\nconnection: close\r\n\r\nupstream');
      }
    });
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  upstreamPort = (upstream.address() as net.AddressInfo).port;
  proxy = await startEgressProxy(
    {
      rules: parseAllowedHosts([
        `tls.test:${upstreamPort}`,
        `127.0.0.1:${upstreamPort}`,
        'default-ports.test',
        'other.test',
      ]),
      resolve: async () => ['127.0.0.1'],
      helloTimeoutMs: 300,
    },
    { port: 0 },
  );
  proxyPort = 'port' in proxy.address ? proxy.address.port : 0;
});
after(async () => {
  await proxy.close();
  upstream.close();
});
beforeEach(() => {
  received = [];
});

/** A socket through the proxy to `authority`, after its 200; or the refusal text. */
async function tunnel(authority: string): Promise<{ socket: net.Socket; answer: string }> {
  const socket = net.connect(proxyPort, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
  const [first] = (await once(socket, 'data')) as [Buffer];
  return { socket, answer: first.toString('latin1') };
}

/** A TLS handshake through a tunnel; resolves with how it ended on the client's side. */
async function handshake(authority: string, servername: string | undefined): Promise<string> {
  const { socket, answer } = await tunnel(authority);
  assert.match(answer, /^HTTP\/1\.1 200/);
  const client = tls.connect({ socket, ...(servername ? { servername } : {}), rejectUnauthorized: false });
  const outcome = await new Promise<string>((done) => {
    client.once('error', (e) => done(`error ${e.message}`));
    client.once('close', () => done('closed'));
    setTimeout(() => done('open'), 1500);
  });
  client.destroy();
  return outcome;
}

const helloReached = () => Buffer.concat(received).subarray(0, 1)[0] === 0x16;

describe('egress tunnels', () => {
  it('passes a TLS ClientHello that names the tunnel host', async () => {
    await handshake(`tls.test:${upstreamPort}`, 'tls.test');
    assert.ok(helloReached(), 'the ClientHello reached the upstream');
    assert.ok(Buffer.concat(received).includes(Buffer.from('tls.test')));
  });

  it('refuses a ClientHello that names another host, with a TLS alert, and reports the name', async () => {
    const outcome = await handshake(`tls.test:${upstreamPort}`, 'other.test');
    assert.match(outcome, /alert access denied|ECONNRESET|closed/);
    assert.equal(received.length, 0, 'nothing reached the upstream');
    assert.equal(proxy.blockedHosts().get(`other.test:${upstreamPort}`), 1);
  });

  it('refuses a TLS tunnel to a name without a server name, and passes one to an IP literal', async () => {
    await handshake(`tls.test:${upstreamPort}`, undefined);
    assert.equal(received.length, 0);
    await handshake(`127.0.0.1:${upstreamPort}`, undefined);
    assert.ok(helloReached());
  });

  it('sends a tunnel to port 80 of a host listed without a port away, reported with its port', async () => {
    const { answer } = await tunnel('default-ports.test:80');
    assert.match(answer, /^HTTP\/1\.1 403/);
    assert.match(answer, /CONNECT tunnels go to port 443/);
    assert.equal(proxy.blockedHosts().get('default-ports.test:80'), 1);
  });

  it('relays plain HTTP in a tunnel only for the tunnel host', async () => {
    const ok = await tunnel(`tls.test:${upstreamPort}`);
    ok.socket.write(`GET /x HTTP/1.1\r\nHost: tls.test:${upstreamPort}\r\nConnection: close\r\n\r\n`);
    let text = '';
    ok.socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    await once(ok.socket, 'close');
    assert.match(text, /upstream$/);
    assert.match(Buffer.concat(received).toString('latin1'), /^GET \/x HTTP\/1\.1\r\n/);

    received = [];
    const other = await tunnel(`tls.test:${upstreamPort}`);
    other.socket.write('GET /x HTTP/1.1\r\nHost: other.test\r\nConnection: close\r\n\r\n');
    const [refused] = (await once(other.socket, 'data')) as [Buffer];
    assert.match(refused.toString(), /^HTTP\/1\.1 403/);
    assert.match(refused.toString(), /Host header does not name tls\.test/);
    assert.equal(received.length, 0);
    assert.equal(proxy.blockedHosts().get(`other.test:${upstreamPort}`), 2);
    other.socket.destroy();
  });

  it('relays no CONNECT inside a tunnel, and closes one that says nothing', async () => {
    const nested = await tunnel(`tls.test:${upstreamPort}`);
    nested.socket.write('CONNECT other.test:443 HTTP/1.1\r\nHost: other.test:443\r\n\r\n');
    const [answer] = (await once(nested.socket, 'data')) as [Buffer];
    assert.match(answer.toString(), /^HTTP\/1\.1 400/);
    nested.socket.destroy();

    const silent = await tunnel(`tls.test:${upstreamPort}`);
    await once(silent.socket, 'close');
    assert.equal(received.length, 0);
  });

  it('refuses an absolute-form request whose Host header names another host', async () => {
    const socket = net.connect(proxyPort, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `GET http://tls.test:${upstreamPort}/ HTTP/1.1\r\nHost: evil.test\r\nConnection: close\r\n\r\n`,
    );
    const [answer] = (await once(socket, 'data')) as [Buffer];
    assert.match(answer.toString(), /^HTTP\/1\.1 403/);
    assert.equal(received.length, 0);
    assert.equal(proxy.blockedHosts().get(`evil.test:${upstreamPort}`), 1);
    socket.destroy();
  });
});
