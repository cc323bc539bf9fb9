/**
 * The action's egress proxy: an HTTP proxy for agent-run commands that lets through only what
 * `allowed-domains` names. It takes `CONNECT host:port` (HTTPS and anything tunnelled) and
 * absolute-form `http://` requests, decides each with `decideEgress`, connects to the address it
 * checked, and answers a refusal with a 403 whose body names the host and the input to change.
 *
 * Node's own HTTP server does the parsing (header limits, malformed requests); the proxy logic on
 * top is only the decision and two pipes.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { EGRESS_CONNECT_TIMEOUT_MS, EGRESS_MAX_HEADER_BYTES, EGRESS_REQUEST_TIMEOUT_MS } from '../limits.js';
import type { HostRule } from './allowed-hosts.js';
import { decideEgress, type EgressDecision, type Resolver, reportedHost } from './egress-decision.js';

export interface EgressProxyOptions {
  rules: readonly HostRule[];
  /** Default: the system resolver, every address of the name. */
  resolve?: Resolver;
  /** How long an upstream connection may take to open. */
  connectTimeoutMs?: number;
}

/** A running proxy. */
export interface EgressProxy {
  /** Where it listens: a TCP port on loopback, or a Unix socket path. */
  address: { host: string; port: number } | { path: string };
  /** Hosts refused so far, with how many times each. */
  blockedHosts(): ReadonlyMap<string, number>;
  close(): Promise<void>;
}

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

// Hop-by-hop headers (RFC 9110 §7.6.1) and the proxy's own are not forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Starts the proxy on `listen` (`{ port: 0 }` on 127.0.0.1, or a Unix socket `{ path }`). */
export async function startEgressProxy(
  options: EgressProxyOptions,
  listen: { port: number; host?: string } | { path: string },
): Promise<EgressProxy> {
  const blocked = new Map<string, number>();
  const resolve = options.resolve ?? systemResolver;
  const connectTimeoutMs = options.connectTimeoutMs ?? EGRESS_CONNECT_TIMEOUT_MS;
  const sockets = new Set<Duplex>();
  const decide = async (host: string, port: number): Promise<EgressDecision> => {
    const decision = await decideEgress(options.rules, host, port, resolve);
    if (decision.kind === 'refuse' && decision.status === 403) {
      blocked.set(decision.host, (blocked.get(decision.host) ?? 0) + 1);
    }
    return decision;
  };

  const server = http.createServer({
    maxHeaderSize: EGRESS_MAX_HEADER_BYTES,
    requestTimeout: EGRESS_REQUEST_TIMEOUT_MS,
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    void tunnel(req, client, head, decide, connectTimeoutMs, sockets);
  });
  server.on('request', (req, res) => {
    void forward(req, res, decide, connectTimeoutMs);
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    if ('path' in listen) server.listen(listen.path, done);
    else server.listen(listen.port, listen.host ?? '127.0.0.1', done);
  });
  const bound = server.address();
  const address =
    'path' in listen
      ? { path: listen.path }
      : { host: (bound as net.AddressInfo).address, port: (bound as net.AddressInfo).port };
  return {
    address,
    blockedHosts: () => new Map(blocked),
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** `CONNECT host:port`: decide, then splice the client and the upstream socket together. */
async function tunnel(
  req: http.IncomingMessage,
  client: Duplex,
  head: Buffer,
  decide: (host: string, port: number) => Promise<EgressDecision>,
  connectTimeoutMs: number,
  sockets: Set<Duplex>,
): Promise<void> {
  client.on('error', () => client.destroy());
  const target = parseAuthority(req.url ?? '');
  if (!target) return refuseRaw(client, 400, `CONNECT needs host:port, got "${req.url ?? ''}".`);
  const decision = await decide(target.host, target.port);
  if (decision.kind === 'refuse') return refuseRaw(client, decision.status, decision.reason);
  const upstream = net.connect({ host: decision.address, port: decision.port, timeout: connectTimeoutMs });
  sockets.add(upstream);
  upstream.once('close', () => sockets.delete(upstream));
  upstream.once('timeout', () => upstream.destroy(new Error('connect timed out')));
  let connected = false;
  upstream.once('error', (error) => {
    if (!connected && client.writable) {
      refuseRaw(
        client,
        502,
        `${reportedHost(decision.host, decision.port)} did not answer: ${error.message}`,
      );
    } else client.destroy();
  });
  upstream.once('connect', () => {
    connected = true;
    upstream.setTimeout(0);
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  client.once('close', () => upstream.destroy());
}

/** An absolute-form `http://` request: decide, then relay it to the checked address. */
async function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  decide: (host: string, port: number) => Promise<EgressDecision>,
  connectTimeoutMs: number,
): Promise<void> {
  let url: URL;
  try {
    url = new URL(req.url ?? '');
  } catch {
    return refuse(
      res,
      400,
      'This is an HTTP proxy: send absolute-form requests (http://host/path) or CONNECT.',
    );
  }
  if (url.protocol !== 'http:')
    return refuse(res, 400, `Only http:// is relayed; use CONNECT for ${url.protocol}.`);
  const port = url.port === '' ? 80 : Number(url.port);
  const decision = await decide(url.hostname, port);
  if (decision.kind === 'refuse') return refuse(res, decision.status, decision.reason);
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  headers['host'] = url.host;
  const upstream = http.request({
    host: decision.address,
    port: decision.port,
    method: req.method,
    path: `${url.pathname}${url.search}`,
    headers,
    timeout: connectTimeoutMs,
  });
  upstream.once('timeout', () => upstream.destroy(new Error('timed out')));
  upstream.once('error', (error) => {
    if (!res.headersSent)
      refuse(res, 502, `${reportedHost(decision.host, port)} did not answer: ${error.message}`);
    else res.destroy();
  });
  upstream.once('response', (answer) => {
    const back: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value;
    }
    res.writeHead(answer.statusCode ?? 502, back);
    answer.pipe(res);
  });
  req.pipe(upstream);
}

function parseAuthority(authority: string): { host: string; port: number } | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]/\s]+):(\d{1,5})$/.exec(authority);
  if (!match) return undefined;
  const port = Number(match[2]);
  return port >= 1 && port <= 65_535 ? { host: match[1]!, port } : undefined;
}

function refuse(res: http.ServerResponse, status: number, reason: string): void {
  const body = `agent-action egress proxy: ${reason}\n`;
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function refuseRaw(client: Duplex, status: number, reason: string): void {
  const body = `agent-action egress proxy: ${reason}\n`;
  const text = http.STATUS_CODES[status] ?? 'Refused';
  client.end(
    `HTTP/1.1 ${status} ${text}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
