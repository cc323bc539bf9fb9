/**
 * Addresses the egress proxy never connects to on a name's behalf: loopback, private, link-local
 * (the cloud metadata endpoint 169.254.169.254 among them), shared, multicast and reserved ranges,
 * in IPv4 and IPv6. A name resolving into one of them is DNS rebinding into the runner's own
 * network, whatever the name looks like.
 */
import { BlockList, isIP } from 'node:net';

const V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  // NAT64 and 6to4 addresses embed an IPv4 address that may be private. (IPv4-mapped addresses,
  // ::ffff:a.b.c.d, need no entry: BlockList checks them against the IPv4 ranges, and an entry for
  // ::ffff:0:0/96 would match every IPv4 address.)
  ['64:ff9b::', 96],
  ['2002::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

function buildList(): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of V4) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of V6) list.addSubnet(net, prefix, 'ipv6');
  return list;
}

const internal = buildList();

/** True for any address that is not a public unicast address; a malformed one counts as internal. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
