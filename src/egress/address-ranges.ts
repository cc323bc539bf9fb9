/**
 * Addresses the egress proxy never connects to on a name's behalf. A name resolving into one of
 * them is DNS rebinding into the runner's own network, whatever the name looks like.
 *
 * IPv4: the special-purpose ranges that are not globally reachable (IANA's IPv4 Special-Purpose
 * Address Registry): loopback, private, link-local (the cloud metadata endpoint 169.254.169.254
 * among them), shared, multicast, documentation, benchmarking and reserved.
 *
 * IPv6 fails closed: an address is public only inside 2000::/3, the one block IANA allocates for
 * global unicast, and outside its special-purpose blocks. Everything else is internal, so the
 * ranges that embed an IPv4 address (mapped `::ffff:0:0/96`, translated `::ffff:0:0:0/96`,
 * compatible `::/96`, NAT64 `64:ff9b::/96` and the local-use `64:ff9b:1::/48`), unique-local,
 * link-local, site-local, multicast, discard and any block IANA assigns later outside 2000::/3
 * need no entry of their own. A denylist (ipaddr.js's table, say) answers "unicast" for the
 * addresses it does not list, which is the wrong default for this question.
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
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const V6: [string, number][] = [
  // Outside 2000::/3.
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  // Inside it: IETF protocol assignments (Teredo, benchmarking, ORCHID …), documentation (two
  // blocks), and 6to4, which embeds an IPv4 address that may be private.
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

// Two lists: Node's BlockList matches an IPv6 rule covering ::ffff:0:0/96 against every IPv4
// address, so one list holding ::/3 would refuse the whole IPv4 internet.
const internalV4 = new BlockList();
for (const [net, prefix] of V4) internalV4.addSubnet(net, prefix, 'ipv4');
const internalV6 = new BlockList();
for (const [net, prefix] of V6) internalV6.addSubnet(net, prefix, 'ipv6');

/** True for any address that is not a public unicast address; a malformed one counts as internal. */
export function isInternalAddress(address: string): boolean {
  switch (isIP(address)) {
    case 4:
      return internalV4.check(address, 'ipv4');
    case 6:
      return internalV6.check(address, 'ipv6');
    default:
      return true;
  }
}
