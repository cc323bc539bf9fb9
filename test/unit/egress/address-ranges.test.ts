import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isInternalAddress } from '../../../src/egress/address-ranges.js';

describe('isInternalAddress: the special-purpose ranges', () => {
  const internal: [string, string][] = [
    ['::ffff:0:8.8.8.8', 'IPv4-translated (::ffff:0:0:0/96), even of a public address'],
    ['::8.8.8.8', 'IPv4-compatible (::/96)'],
    ['::ffff:8.8.8.8', 'IPv4-mapped: no public name answers with one'],
    ['64:ff9b::808:808', 'NAT64 well-known prefix'],
    ['64:ff9b:1::a00:1', 'local-use NAT64 (64:ff9b:1::/48)'],
    ['100::1', 'discard-only'],
    ['100:0:0:1::1', 'dummy prefix'],
    ['2001::1', 'Teredo, inside the IETF protocol assignments'],
    ['2001:2::1', 'benchmarking'],
    ['2001:20::1', 'ORCHIDv2'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (3fff::/20)'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['5f00::1', 'segment-routing SIDs, outside 2000::/3'],
    ['4000::1', 'unallocated, outside 2000::/3'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['fc00::1', 'unique-local'],
    ['192.88.99.1', 'the retired 6to4 relay anycast'],
    ['198.18.0.1', 'benchmarking'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.9', 'IETF protocol assignments'],
  ];
  for (const [address, why] of internal)
    it(`${address} is internal: ${why}`, () => assert.equal(isInternalAddress(address), true));
  for (const address of [
    '2001:4860:4860::8888',
    '2a00:1450:4001::1',
    '2620:0:2d0:200::7',
    '1.1.1.1',
    '192.31.196.1',
  ])
    it(`${address} is public`, () => assert.equal(isInternalAddress(address), false));
});
