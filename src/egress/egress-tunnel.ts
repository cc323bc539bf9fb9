/**
 * One `CONNECT host:port` tunnel. The host and port are decided first (a tunnel goes to 443 or a
 * port `allowed-domains` names), then the client's first bytes say what it carries:
 * - TLS: its ClientHello must name the tunnel's host (SNI), so a tunnel to an allowed name cannot
 *   reach another name served from the same address (fronting); an IP-literal tunnel may send no
 *   name, since TLS has none for an address. Anything else gets a TLS `access_denied` alert.
 * - plain HTTP (Node's fetch tunnels `http://` too): handed back to the proxy's HTTP server, which
 *   relays each request with its Host header checked against the tunnel's host.
 * - anything else: closed.
 */
import http from 'node:http';
import net from 'node:net';
import { Duplex, PassThrough } from 'node:stream';
import { canonicalHost } from './allowed-hosts.js';
import { type ClientHelloRead, readClientHello } from './client-hello.js';
import { type EgressDecision, reportedHost } from './egress-decision.js';

/** An allowed decision: where a tunnel or a request goes. */
export type Allowed = Extract<EgressDecision, { kind: 'allow' }>;

export interface TunnelContext {
  decide(host: string, port: number, mode: 'tunnel'): Promise<EgressDecision>;
  /** Counts a refused host in the blocked-hosts report. */
  block(host: string): void;
  connectTimeoutMs: number;
  helloTimeoutMs: number;
  /** Every open socket, so closing the proxy ends them. */
  sockets: Set<Duplex>;
  /** Serves a tunnel that speaks plain HTTP as requests to `target`. */
  serveHttp(client: Duplex, target: Allowed): void;
}

/** `access_denied` (49), fatal: what a TLS client is told when its server name is refused. */
const ACCESS_DENIED_ALERT = Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 49]);

/** Opens, checks and splices one tunnel; never throws. */
export async function openTunnel(
  req: http.IncomingMessage,
  client: Duplex,
  head: Buffer,
  ctx: TunnelContext,
): Promise<void> {
  client.on('error', () => client.destroy());
  const target = parseAuthority(req.url ?? '');
  if (!target) return refuseRaw(client, 400, `CONNECT needs host:port, got "${req.url ?? ''}".`);
  const decision = await ctx.decide(target.host, target.port, 'tunnel');
  if (decision.kind === 'refuse') return refuseRaw(client, decision.status, decision.reason);
  const upstream = await connectUpstream(client, decision, ctx);
  if (!upstream) return;
  client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
  const first = await firstBytes(client, head, ctx.helloTimeoutMs);
  if (!first) {
    upstream.destroy();
    client.destroy();
    return;
  }
  const verdict = judge(first.read, decision);
  if (verdict.kind === 'http') {
    upstream.destroy();
    // A stream of its own, starting with the bytes already read: Node's HTTP server reads a real
    // socket's handle directly, where bytes put back into the socket would never be seen.
    const inbound = new PassThrough();
    inbound.write(first.data);
    client.pipe(inbound);
    ctx.serveHttp(Duplex.from({ readable: inbound, writable: client }), decision);
    return;
  }
  if (verdict.kind === 'refuse') {
    upstream.destroy();
    if (verdict.tried) ctx.block(reportedHost(verdict.tried, decision.port));
    if (first.read.kind === 'not-tls' || first.read.kind === 'need-more') client.destroy();
    else client.end(ACCESS_DENIED_ALERT);
    return;
  }
  upstream.write(first.data);
  upstream.pipe(client);
  client.pipe(upstream);
  client.once('close', () => upstream.destroy());
  client.resume();
}

type Verdict = { kind: 'pass' } | { kind: 'http' } | { kind: 'refuse'; tried?: string };

/** What the first bytes allow (see the module comment). */
function judge(read: ClientHelloRead, decision: Allowed): Verdict {
  switch (read.kind) {
    case 'hello': {
      const literal = net.isIP(decision.host) !== 0;
      if (read.serverName === undefined) return literal ? { kind: 'pass' } : { kind: 'refuse' };
      const asked = canonicalHost(read.serverName);
      if (asked === decision.host || (literal && read.serverName === decision.host)) return { kind: 'pass' };
      return asked ? { kind: 'refuse', tried: asked } : { kind: 'refuse' };
    }
    case 'not-tls':
      return { kind: 'http' };
    case 'malformed':
    case 'need-more':
      return { kind: 'refuse' };
  }
}

/** Connects to the checked address; on failure answers 502 and resolves undefined. */
function connectUpstream(
  client: Duplex,
  decision: Allowed,
  ctx: TunnelContext,
): Promise<net.Socket | undefined> {
  return new Promise((done) => {
    const upstream = net.connect({
      host: decision.address,
      port: decision.port,
      timeout: ctx.connectTimeoutMs,
    });
    ctx.sockets.add(upstream);
    upstream.once('close', () => ctx.sockets.delete(upstream));
    upstream.once('timeout', () => upstream.destroy(new Error('connect timed out')));
    let connected = false;
    upstream.once('error', (error) => {
      if (connected) client.destroy();
      else {
        if (client.writable) {
          refuseRaw(
            client,
            502,
            `${reportedHost(decision.host, decision.port)} did not answer: ${error.message}`,
          );
        }
        done(undefined);
      }
    });
    upstream.once('connect', () => {
      connected = true;
      upstream.setTimeout(0);
      client.once('close', () => upstream.destroy());
      done(upstream);
    });
  });
}

/**
 * The client's bytes until they decide what the tunnel carries (a whole ClientHello, or a first
 * byte that is not TLS), with the client paused after them; undefined when it closes or waits
 * too long.
 */
function firstBytes(
  client: Duplex,
  head: Buffer,
  timeoutMs: number,
): Promise<{ data: Buffer; read: ClientHelloRead } | undefined> {
  return new Promise((done) => {
    let data = head;
    const finish = (result: { data: Buffer; read: ClientHelloRead } | undefined) => {
      clearTimeout(timer);
      client.off('data', onData);
      client.off('close', onClose);
      client.pause();
      done(result);
    };
    const check = () => {
      const read = readClientHello(data);
      if (read.kind !== 'need-more') finish({ data, read });
    };
    const onData = (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      check();
    };
    const onClose = () => finish(undefined);
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    client.on('data', onData);
    client.once('close', onClose);
    if (data.length > 0) check();
  });
}

function parseAuthority(authority: string): { host: string; port: number } | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]/\s]+):(\d{1,5})$/.exec(authority);
  if (!match) return undefined;
  const port = Number(match[2]);
  return port >= 1 && port <= 65_535 ? { host: match[1]!, port } : undefined;
}

/** A refusal on a raw socket (before the tunnel is established), then close. */
export function refuseRaw(client: Duplex, status: number, reason: string): void {
  const body = `agent-action egress proxy: ${reason}\n`;
  const text = http.STATUS_CODES[status] ?? 'Refused';
  client.end(
    `HTTP/1.1 ${status} ${text}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
