/**
 * The egress proxy's one decision, as a plain function: may a request for `host:port` go out, and
 * to which address. The name is resolved here and the connection goes to the address that was
 * checked, never to the name again, so a DNS answer cannot change between check and connect.
 */
import { isIP } from 'node:net';
import { isInternalAddress } from './address-ranges.js';
import {
  canonicalHost,
  type EgressMode,
  type HostRule,
  isAddressListed,
  isHostAllowed,
  normaliseAddress,
} from './allowed-hosts.js';

/** Resolves a name to its addresses (all families); injectable so tests never touch real DNS. */
export type Resolver = (host: string) => Promise<string[]>;

export type EgressDecision =
  | { kind: 'allow'; address: string; port: number; host: string }
  | { kind: 'refuse'; status: 400 | 403 | 502; host: string; reason: string };

/** The host a refusal is reported under: the name, with the port when it is not 80 or 443. */
export function reportedHost(host: string, port: number): string {
  const shown = isIP(host) === 6 ? `[${host}]` : host;
  return port === 80 || port === 443 ? shown : `${shown}:${port}`;
}

/** Decides one request. Never throws: a resolver failure is a 502 refusal. */
export async function decideEgress(
  rules: readonly HostRule[],
  rawHost: string,
  port: number,
  resolve: Resolver,
  mode: EgressMode = 'relay',
): Promise<EgressDecision> {
  const literal = rawHost.replace(/^\[|\]$/g, '');
  if (isIP(literal)) {
    const address = normaliseAddress(literal);
    if (!isHostAllowed(rules, address, port, mode)) return notListed(rules, address, port, mode);
    return { kind: 'allow', address, port, host: address };
  }
  const host = canonicalHost(rawHost);
  if (!host) {
    return {
      kind: 'refuse',
      status: 400,
      host: rawHost,
      reason: `"${rawHost}" is not a valid host name.`,
    };
  }
  if (!isHostAllowed(rules, host, port, mode)) return notListed(rules, host, port, mode);
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { kind: 'refuse', status: 502, host, reason: `${host} could not be resolved (${why}).` };
  }
  const usable = addresses.find((a) => !isInternalAddress(a) || isAddressListed(rules, a, port));
  if (usable) return { kind: 'allow', address: normaliseAddress(usable), port, host };
  const first = addresses[0];
  if (first === undefined) {
    return { kind: 'refuse', status: 502, host, reason: `${host} has no addresses.` };
  }
  return {
    kind: 'refuse',
    status: 403,
    host,
    reason: `${host} resolves to ${first}, an internal address (loopback, private, link-local or reserved), which agent-run commands may not reach through a name.`,
  };
}

function notListed(rules: readonly HostRule[], host: string, port: number, mode: EgressMode): EgressDecision {
  // A tunnel refused only for its port: the host is listed, for plain http:// or another port.
  const tunnelPort = mode === 'tunnel' && isHostAllowed(rules, host, port, 'relay');
  const shown = tunnelPort ? `${isIP(host) === 6 ? `[${host}]` : host}:${port}` : reportedHost(host, port);
  return {
    kind: 'refuse',
    status: 403,
    host: shown,
    reason: tunnelPort
      ? `${shown}: CONNECT tunnels go to port 443, or to a port \`allowed-domains\` names for the host; send plain http:// as an absolute-form request instead.`
      : `${shown} is not in the \`allowed-domains\` input, so agent-run commands may not reach it.`,
  };
}
