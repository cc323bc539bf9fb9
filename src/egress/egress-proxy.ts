/**
 * The action's egress proxy: an HTTP proxy for agent-run commands that lets through only what
 * `allowed-domains` names. It takes `CONNECT host:port` tunnels (`egress-tunnel.ts`: port 443 or
 * a listed one, the TLS server name checked) and absolute-form `http://` requests, decides each
 * with `decideEgress`, connects to the address it checked, and answers a refusal with a 403 whose
 * body names the host. A plain request's Host header must name the host it is sent to.
 *
 * Node's own HTTP server does the parsing (header limits, malformed requests); the proxy logic on
 * top is only the decision and two pipes.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import {
  EGRESS_CLIENT_HELLO_TIMEOUT_MS,
  EGRESS_CONNECT_TIMEOUT_MS,
  EGRESS_MAX_HEADER_BYTES,
  EGRESS_REQUEST_TIMEOUT_MS,
} from '../limits.js';
import { canonicalHost, type EgressMode, type HostRule, normaliseAddress } from './allowed-hosts.js';
import { type BlockedHosts, createBlockedHostLog } from './blocked-hosts-report.js';
import { decideEgress, type EgressDecision, type Resolver, reportedHost } from './egress-decision.js';
import { type Allowed, openTunnel, refuseRaw } from './egress-tunnel.js';

export interface EgressProxyOptions {
  rules: readonly HostRule[];
  /** Default: the system resolver, every address of the name. */
  resolve?: Resolver;
  /** How long an upstream connection may take to open. */
  connectTimeoutMs?: number;
  /** How long a tunnel's client may take to send its first bytes (the TLS ClientHello). */
  helloTimeoutMs?: number;
}

/** A running proxy. */
export interface EgressProxy {
  /** Where it listens: a TCP port on loopback, or a Unix socket path. */
  address: { host: string; port: number } | { path: string };
  /** Hosts refused so far, with how many times each. */
  blockedHosts(): BlockedHosts;
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
  const blocked = createBlockedHostLog();
  const resolve = options.resolve ?? systemResolver;
  const connectTimeoutMs = options.connectTimeoutMs ?? EGRESS_CONNECT_TIMEOUT_MS;
  const sockets = new Set<Duplex>();
  // Tunnels that speak plain HTTP, served by this server: the host each one was opened to.
  const tunnels = new WeakMap<Duplex, Allowed>();
  const decide = async (host: string, port: number, mode: EgressMode): Promise<EgressDecision> => {
    const decision = await decideEgress(options.rules, host, port, resolve, mode);
    if (decision.kind === 'refuse' && decision.status === 403) blocked.record(decision.host);
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
    if (tunnels.has(client)) return refuseRaw(client, 400, 'CONNECT inside a tunnel is not relayed.');
    void openTunnel(req, client, head, {
      decide,
      block: (host) => blocked.record(host),
      connectTimeoutMs,
      helloTimeoutMs: options.helloTimeoutMs ?? EGRESS_CLIENT_HELLO_TIMEOUT_MS,
      sockets,
      serveHttp: (socket, target) => {
        tunnels.set(socket, target);
        server.emit('connection', socket);
      },
    });
  });
  server.on('request', (req, res) => {
    const tunnel = tunnels.get(req.socket);
    if (tunnel) relayInTunnel(req, res, tunnel);
    else void forward(req, res, { decide, block: (host) => blocked.record(host), connectTimeoutMs });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  /** A request inside a plain-HTTP tunnel: origin-form, for the tunnel's own host. */
  function relayInTunnel(req: http.IncomingMessage, res: http.ServerResponse, target: Allowed): void {
    const named = hostHeaderMismatch(req, target.host);
    if (!req.url?.startsWith('/')) {
      refuse(res, 400, 'Inside a CONNECT tunnel, requests are origin-form (/path).');
    } else if (named !== undefined) {
      if (named) blocked.record(reportedHost(named, target.port));
      const shown = reportedHost(target.host, target.port);
      refuse(res, 403, `the Host header does not name ${shown}, the tunnel's host.`);
    } else relay(req, res, target, req.url, connectTimeoutMs);
  }

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
    blockedHosts: () => blocked.snapshot(),
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/**
 * Undefined when the request's Host header names `host` (a canonical name or an address; the
 * port is not compared: the connection goes to the checked one); otherwise the name it gives
 * instead (empty when it gives none that is a host).
 */
function hostHeaderMismatch(req: http.IncomingMessage, host: string): string | undefined {
  const header = req.headers.host;
  if (header === undefined) return '';
  let hostname: string;
  try {
    hostname = new URL(`http://${header}/`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return '';
  }
  const named = net.isIP(hostname) ? normaliseAddress(hostname) : canonicalHost(hostname);
  if (named === host) return undefined;
  return named ?? '';
}

/** An absolute-form `http://` request: decide, check its Host header, relay it to the checked address. */
async function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  ctx: {
    decide: (host: string, port: number, mode: EgressMode) => Promise<EgressDecision>;
    block: (host: string) => void;
    connectTimeoutMs: number;
  },
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
  const decision = await ctx.decide(url.hostname, port, 'relay');
  if (decision.kind === 'refuse') return refuse(res, decision.status, decision.reason);
  const named = req.headers.host === undefined ? undefined : hostHeaderMismatch(req, decision.host);
  if (named !== undefined) {
    if (named) ctx.block(reportedHost(named, port));
    return refuse(
      res,
      403,
      `the Host header does not name ${reportedHost(decision.host, port)}, the URL's host.`,
    );
  }
  relay(req, res, decision, `${url.pathname}${url.search}`, ctx.connectTimeoutMs);
}

/** Sends `req` to the checked address with `target`'s host as its Host header, and the answer back. */
function relay(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  target: Allowed,
  path: string,
  connectTimeoutMs: number,
): void {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  const shownHost = net.isIP(target.host) === 6 ? `[${target.host}]` : target.host;
  headers['host'] = target.port === 80 ? shownHost : `${shownHost}:${target.port}`;
  const upstream = http.request({
    host: target.address,
    port: target.port,
    method: req.method,
    path,
    headers,
    timeout: connectTimeoutMs,
  });
  upstream.once('timeout', () => upstream.destroy(new Error('timed out')));
  upstream.once('error', (error) => {
    if (!res.headersSent)
      refuse(res, 502, `${reportedHost(target.host, target.port)} did not answer: ${error.message}`);
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

function refuse(res: http.ServerResponse, status: number, reason: string): void {
  const body = `agent-action egress proxy: ${reason}\n`;
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
