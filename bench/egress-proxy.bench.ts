/**
 * `egress.proxy_added_ms_p50`: what the egress proxy adds to one request on loopback. A small
 * HTTP server answers GETs; each round sends one request straight to it and one through the proxy
 * (plain `http://`, and a CONNECT tunnel opened per request, as a client without keep-alive does),
 * alternated in one run, each on a fresh connection. `egress.forwarded_added_ms_p50` is the path
 * commands take in the sandbox: the forwarder's loopback port, piped to the proxy's Unix socket
 * (here the forwarder runs beside the bench, in no namespace; entering one costs nothing per request).
 * `egress.tls_tunnel_added_ms_p50` is the common case, HTTPS: a tunnel whose first bytes are a real
 * ClientHello (read and its server name checked before the tunnel is spliced), against an upstream
 * that answers its first bytes with one byte, direct and through the proxy.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import nodePath from 'node:path';
import tls from 'node:tls';
import { parseAllowedHosts } from '../src/egress/allowed-hosts.js';
import { startEgressProxy } from '../src/egress/egress-proxy.js';
import { startEgressForwarder } from '../src/sandbox/egress-forwarder.js';
import type { BenchFigure } from './run.js';

const ROUNDS = 400;

function get(port: number, path: string, host: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers: { host }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - start));
    });
    req.on('error', reject);
    req.end();
  });
}

async function viaConnect(proxyPort: number, target: string): Promise<number> {
  const start = performance.now();
  const socket = net.connect(proxyPort, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
  await once(socket, 'data');
  socket.write(`GET / HTTP/1.1\r\nHost: registry.test\r\nConnection: close\r\n\r\n`);
  socket.resume();
  await once(socket, 'close');
  return performance.now() - start;
}

/** The ClientHello Node's TLS client sends for `servername`, captured once. */
async function clientHello(servername: string): Promise<Buffer> {
  const capture = net.createServer();
  capture.listen(0, '127.0.0.1');
  await once(capture, 'listening');
  const first = once(capture, 'connection').then(async ([socket]) => {
    const [data] = (await once(socket as net.Socket, 'data')) as [Buffer];
    (socket as net.Socket).destroy();
    return data;
  });
  const client = tls.connect({
    host: '127.0.0.1',
    port: (capture.address() as net.AddressInfo).port,
    servername,
  });
  client.on('error', () => {});
  const hello = await first;
  client.destroy();
  capture.close();
  return hello;
}

/** Sends `hello` (after a CONNECT to `target` when `proxyPort` is given) and waits for the one-byte answer. */
async function helloRound(port: number, hello: Buffer, target?: string): Promise<number> {
  const start = performance.now();
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  if (target) {
    socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
    await once(socket, 'data');
  }
  socket.write(hello);
  await once(socket, 'data');
  socket.destroy();
  return performance.now() - start;
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function bench(): Promise<BenchFigure[]> {
  const upstream = http.createServer((_req, res) => res.end('ok'));
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const port = (upstream.address() as net.AddressInfo).port;
  const tlsUpstream = net.createServer((socket) => socket.once('data', () => socket.end('x')));
  tlsUpstream.listen(0, '127.0.0.1');
  await once(tlsUpstream, 'listening');
  const tlsPort = (tlsUpstream.address() as net.AddressInfo).port;
  const hello = await clientHello('registry.test');
  const proxy = await startEgressProxy(
    {
      rules: parseAllowedHosts([
        `registry.test:${port}`,
        `127.0.0.1:${port}`,
        `registry.test:${tlsPort}`,
        `127.0.0.1:${tlsPort}`,
      ]),
      resolve: async () => ['127.0.0.1'],
    },
    { port: 0 },
  );
  const proxyPort = 'port' in proxy.address ? proxy.address.port : 0;
  const dir = await mkdtemp(nodePath.join(tmpdir(), 'egress-bench-'));
  const socketPath = nodePath.join(dir, 'proxy.sock');
  const socketProxy = await startEgressProxy(
    {
      rules: parseAllowedHosts([`registry.test:${port}`, `127.0.0.1:${port}`]),
      resolve: async () => ['127.0.0.1'],
    },
    { path: socketPath },
  );
  const forwarder = await startEgressForwarder({ enter: [], socketPath });
  const direct: number[] = [];
  const plain: number[] = [];
  const tunnel: number[] = [];
  const forwarded: number[] = [];
  const tlsDirect: number[] = [];
  const tlsTunnel: number[] = [];
  try {
    for (let i = 0; i < 30; i++) await get(port, '/', 'registry.test');
    for (let i = 0; i < ROUNDS; i++) {
      direct.push(await get(port, '/', `registry.test:${port}`));
      plain.push(await get(proxyPort, `http://registry.test:${port}/`, `registry.test:${port}`));
      tunnel.push(await viaConnect(proxyPort, `registry.test:${port}`));
      forwarded.push(await get(forwarder.port, `http://registry.test:${port}/`, `registry.test:${port}`));
      tlsDirect.push(await helloRound(tlsPort, hello));
      tlsTunnel.push(await helloRound(proxyPort, hello, `registry.test:${tlsPort}`));
    }
  } finally {
    await forwarder.stop();
    await socketProxy.close();
    await rm(dir, { recursive: true, force: true });
    await proxy.close();
    upstream.close();
    tlsUpstream.close();
  }
  return [
    {
      name: 'egress.proxy_added_ms_p50',
      value: p50(plain) - p50(direct),
      unit: 'ms',
      target: '< 2',
    },
    { name: 'egress.connect_added_ms_p50', value: p50(tunnel) - p50(direct), unit: 'ms', target: '< 2' },
    {
      name: 'egress.forwarded_added_ms_p50',
      value: p50(forwarded) - p50(direct),
      unit: 'ms',
      target: '< 2',
    },
    {
      name: 'egress.tls_tunnel_added_ms_p50',
      value: p50(tlsTunnel) - p50(tlsDirect),
      unit: 'ms',
      target: '< 2',
    },
    { name: 'egress.direct_ms_p50', value: p50(direct), unit: 'ms' },
  ];
}
