/**
 * The `fetch` a remote (streamable HTTP) MCP server is reached with. The action connects itself,
 * so the rule agent-run commands live by is applied here: unless `network: on`, each request's
 * host must be in `allowed-domains`, is resolved once by the egress proxy's own decision (no
 * name resolving to an internal address unless that address is listed), and the connection goes
 * to the address that was checked. Every response body is capped.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { Agent, fetch as undiciFetch } from 'undici';
import type { HostRule } from '../egress/allowed-hosts.js';
import { decideEgress, type Resolver } from '../egress/egress-decision.js';
import { MCP_MESSAGE_MAX_BYTES } from '../limits.js';

export interface RemoteAccess {
  /** `on` reaches any host; otherwise only `rules`. */
  network: 'off' | 'allowlist' | 'on';
  /** The parsed `allowed-domains`. */
  rules: readonly HostRule[];
  /** Injectable so tests never touch real DNS. */
  resolve?: Resolver;
}

/** A fetch for one server, and how to close its connections. */
export interface RemoteFetch {
  fetch: FetchLike;
  close(): Promise<void>;
}

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** A refused host, said the way the user can fix it. */
export class RemoteHostRefused extends Error {
  override name = 'RemoteHostRefused';
}

export function remoteFetch(access: RemoteAccess): RemoteFetch {
  const open = access.network === 'on';
  const checked = new Map<string, string>();
  const agent = new Agent({
    connect: {
      // Names go to the address the decision checked; with `network: on` they resolve as usual.
      lookup: (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
        if (open) return dnsLookup(hostname, options, callback as never);
        const address = checked.get(hostname.toLowerCase());
        if (!address) return callback(new RemoteHostRefused(`${hostname} was not checked`), '', 0);
        const family = isIP(address);
        if (options.all) return callback(null, [{ address, family }]);
        callback(null, address, family);
      },
    },
  });
  const fetch: FetchLike = async (url, init) => {
    const target = new URL(url);
    if (!open) {
      const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
      const decision = await decideEgress(
        access.rules,
        target.hostname,
        port,
        access.resolve ?? systemResolver,
      );
      if (decision.kind === 'refuse') throw new RemoteHostRefused(refusal(decision.host, decision.reason));
      checked.set(target.hostname.replace(/^\[|\]$/g, '').toLowerCase(), decision.address);
    }
    const response = await undiciFetch(target, { ...(init as object), dispatcher: agent });
    return capped(response as unknown as Response);
  };
  return { fetch, close: () => agent.close() };
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

function refusal(host: string, reason: string): string {
  if (!reason.includes('is not in the `allowed-domains` input')) return reason;
  return `${host} is not in the \`allowed-domains\` input: the action reaches a remote MCP server only when its host is listed there (or with \`network: on\`). Add "${host}" to \`allowed-domains\`.`;
}

/** The same response, its body failing once it passes the cap. */
function capped(response: Response): Response {
  if (!response.body) return response;
  let bytes = 0;
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      if (bytes > MCP_MESSAGE_MAX_BYTES)
        controller.error(new Error(`the response is larger than ${MCP_MESSAGE_MAX_BYTES / 1024 / 1024} MB`));
      else controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(limit), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
