import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseAllowedHosts } from '../../../src/egress/allowed-hosts.js';
import { type EgressProxy, startEgressProxy } from '../../../src/egress/egress-proxy.js';

/** Sends raw bytes to the proxy and returns everything it answers until it closes (or 2 s pass). */
async function raw(port: number, request: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(request);
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  await Promise.race([once(socket, 'close'), new Promise((done) => setTimeout(done, 2000))]);
  socket.destroy();
  return answer;
}

describe('egress proxy on loopback', () => {
  let upstream: http.Server;
  let upstreamPort = 0;
  let proxy: EgressProxy;
  let proxyPort = 0;
  const seenHosts: string[] = [];

  before(async () => {
    upstream = http.createServer((req, res) => {
      seenHosts.push(String(req.headers.host));
      res.end(`hello from ${req.url} proxy-auth=${req.headers['proxy-authorization'] ?? 'none'}`);
    });
    upstream.listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    upstreamPort = (upstream.address() as net.AddressInfo).port;
    proxy = await startEgressProxy(
      {
        rules: parseAllowedHosts([
          `registry.test:${upstreamPort}`,
          `127.0.0.1:${upstreamPort}`,
          'rebind.test',
        ]),
        resolve: async (host) => {
          if (host === 'registry.test') return ['127.0.0.1'];
          if (host === 'rebind.test') return ['127.0.0.1'];
          throw new Error(`ENOTFOUND ${host}`);
        },
      },
      { port: 0 },
    );
    proxyPort = 'port' in proxy.address ? proxy.address.port : 0;
  });

  after(async () => {
    await proxy.close();
    upstream.close();
  });

  it('relays a plain http:// request to an allowed host, with its Host header and without proxy credentials', async () => {
    const answer = await raw(
      proxyPort,
      `GET http://registry.test:${upstreamPort}/pkg?x=1 HTTP/1.1\r\nHost: registry.test:${upstreamPort}\r\nProxy-Authorization: Basic c2VjcmV0\r\nConnection: close\r\n\r\n`,
    );
    assert.match(answer, /^HTTP\/1\.1 200/);
    assert.match(answer, /hello from \/pkg\?x=1 proxy-auth=none/);
    assert.ok(seenHosts.includes(`registry.test:${upstreamPort}`));
  });

  it('tunnels CONNECT to an allowed host and carries bytes both ways', async () => {
    const socket = net.connect(proxyPort, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `CONNECT registry.test:${upstreamPort} HTTP/1.1\r\nHost: registry.test:${upstreamPort}\r\n\r\n`,
    );
    const [first] = (await once(socket, 'data')) as [Buffer];
    assert.match(first.toString(), /^HTTP\/1\.1 200 Connection Established/);
    socket.write(`GET /through-tunnel HTTP/1.1\r\nHost: registry.test\r\nConnection: close\r\n\r\n`);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    await once(socket, 'close');
    assert.match(answer, /hello from \/through-tunnel/);
  });

  it('refuses an unlisted host with a 403 that names it and the input, and records it', async () => {
    const answer = await raw(
      proxyPort,
      'CONNECT outside.test:443 HTTP/1.1\r\nHost: outside.test:443\r\n\r\n',
    );
    assert.match(answer, /^HTTP\/1\.1 403 Forbidden/);
    assert.match(answer, /outside\.test is not in the `allowed-domains` input/);
    const plain = await raw(proxyPort, 'GET http://outside.test/x HTTP/1.1\r\nHost: outside.test\r\n\r\n');
    assert.match(plain, /^HTTP\/1\.1 403/);
    assert.equal(proxy.blockedHosts().get('outside.test'), 2);
  });

  const refusals: [string, string, RegExp][] = [
    ['no host: origin-form request', 'GET / HTTP/1.1\r\n\r\n', /^HTTP\/1\.1 400/],
    ['CONNECT without a port', 'CONNECT registry.test HTTP/1.1\r\n\r\n', /^HTTP\/1\.1 400/],
    [
      'CONNECT to a port the list does not allow',
      'CONNECT registry.test:22 HTTP/1.1\r\n\r\n',
      /^HTTP\/1\.1 403/,
    ],
    ['an unlisted IP literal', 'CONNECT 10.0.0.1:443 HTTP/1.1\r\n\r\n', /^HTTP\/1\.1 403/],
    [
      'the cloud metadata endpoint',
      'GET http://169.254.169.254/latest/meta-data HTTP/1.1\r\nHost: x\r\n\r\n',
      /^HTTP\/1\.1 403/,
    ],
    [
      'a listed name that resolves to loopback',
      'CONNECT rebind.test:443 HTTP/1.1\r\n\r\n',
      /internal address/,
    ],
    [
      'an allowed name as a prefix of another',
      'CONNECT registry.test.evil.com:443 HTTP/1.1\r\n\r\n',
      /^HTTP\/1\.1 403/,
    ],
    [
      'an https:// URL without CONNECT',
      'GET https://registry.test/ HTTP/1.1\r\nHost: registry.test\r\n\r\n',
      /^HTTP\/1\.1 400/,
    ],
    ['a host that is not a DNS name', 'CONNECT evil_host!:443 HTTP/1.1\r\n\r\n', /^HTTP\/1\.1 400/],
    [
      'huge headers',
      `GET http://registry.test/ HTTP/1.1\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
      /^HTTP\/1\.1 (400|431)/,
    ],
    ['garbage', 'NOT HTTP AT ALL\r\n\r\n', /^HTTP\/1\.1 400/],
  ];
  for (const [name, request, expected] of refusals) {
    it(`refuses ${name}`, async () => {
      assert.match(await raw(proxyPort, request), expected);
    });
  }

  it('matches names in any case and with a trailing dot, as the same host', async () => {
    const answer = await raw(
      proxyPort,
      `GET http://REGISTRY.Test.:${upstreamPort}/case HTTP/1.1\r\nHost: REGISTRY.Test.\r\nConnection: close\r\n\r\n`,
    );
    assert.match(answer, /hello from \/case/);
  });

  it('listens on a Unix socket, for a forwarder inside a network namespace', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'egress-'));
    const onSocket = await startEgressProxy(
      { rules: parseAllowedHosts([]) },
      { path: path.join(dir, 'proxy.sock') },
    );
    try {
      const socket = net.connect(path.join(dir, 'proxy.sock'));
      await once(socket, 'connect');
      socket.write('CONNECT outside.test:443 HTTP/1.1\r\n\r\n');
      const [answer] = (await once(socket, 'data')) as [Buffer];
      assert.match(answer.toString(), /^HTTP\/1\.1 403/);
      socket.destroy();
    } finally {
      await onSocket.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
