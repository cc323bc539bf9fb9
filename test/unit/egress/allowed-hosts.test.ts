import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isInternalAddress } from '../../../src/egress/address-ranges.js';
import {
  AllowedHostsError,
  canonicalHost,
  isAddressListed,
  isHostAllowed,
  PRESETS,
  parseAllowedHosts,
} from '../../../src/egress/allowed-hosts.js';
import { decideEgress, type Resolver } from '../../../src/egress/egress-decision.js';

const rules = parseAllowedHosts([
  'registry.test',
  '*.pkg.test',
  'api.test:8443',
  '127.10.0.2:4873',
  '[::1]:9000',
  'npm',
]);

describe('parseAllowedHosts and isHostAllowed', () => {
  const table: [string, number, boolean][] = [
    ['registry.test', 443, true],
    ['registry.test', 80, true],
    ['registry.test', 22, false],
    ['sub.registry.test', 443, false],
    ['a.pkg.test', 443, true],
    ['deep.a.pkg.test', 443, true],
    ['pkg.test', 443, false],
    ['evilpkg.test', 443, false],
    ['registry.test.evil.com', 443, false],
    ['api.test', 8443, true],
    ['api.test', 443, false],
    ['127.10.0.2', 4873, true],
    ['127.10.0.2', 443, false],
    ['::1', 9000, true],
    ['registry.npmjs.org', 443, true],
    ['registry.npmjs.org.evil.test', 443, false],
  ];
  for (const [host, port, allowed] of table) {
    it(`${host}:${port} → ${allowed ? 'allowed' : 'refused'}`, () => {
      assert.equal(isHostAllowed(rules, host, port), allowed);
    });
  }

  it('expands every preset to at least one host, and none to a bare top-level suffix', () => {
    for (const [name, hosts] of Object.entries(PRESETS)) {
      const expanded = parseAllowedHosts([name]);
      assert.equal(expanded.length, hosts.length, name);
      for (const rule of expanded) if (rule.kind === 'suffix') assert.match(rule.suffix, /\.[a-z]+$/);
    }
  });

  for (const bad of [
    'http://evil.test',
    '*.test',
    '*.',
    'a..b',
    'host:0',
    'host:70000',
    'host:x',
    'ex ample.com',
  ]) {
    it(`refuses the entry ${JSON.stringify(bad)} naming the input`, () => {
      assert.throws(
        () => parseAllowedHosts([bad]),
        (e: unknown) =>
          e instanceof AllowedHostsError && e.message.startsWith(`allowed-domains has "${bad}"`),
      );
    });
  }
});

describe('canonicalHost', () => {
  it('lower-cases, drops one trailing dot and turns international names into punycode', () => {
    assert.equal(canonicalHost('Registry.TEST.'), 'registry.test');
    assert.equal(canonicalHost('bücher.test'), 'xn--bcher-kva.test');
  });
  it('refuses what is not a DNS name', () => {
    for (const name of ['', 'a..b', 'evil.com\0.registry.test', 'evil.com/x', '-a.test', 'a_b.test', '..'])
      assert.equal(canonicalHost(name), undefined, JSON.stringify(name));
  });
});

describe('isInternalAddress', () => {
  const internal = [
    '127.0.0.1',
    '127.10.0.2',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    'not-an-address',
  ];
  const external = ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'];
  for (const address of internal)
    it(`${address} is internal`, () => assert.equal(isInternalAddress(address), true));
  for (const address of external)
    it(`${address} is not`, () => assert.equal(isInternalAddress(address), false));
});

describe('decideEgress', () => {
  const dns: Record<string, string[]> = {
    'registry.test': ['93.184.216.34'],
    'a.pkg.test': ['10.0.0.5'],
    'api.test': ['127.10.0.2'],
  };
  const resolve: Resolver = async (host) => {
    const found = dns[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found;
  };

  it('allows a listed name and connects to the address it checked', async () => {
    assert.deepEqual(await decideEgress(rules, 'REGISTRY.test.', 443, resolve), {
      kind: 'allow',
      address: '93.184.216.34',
      port: 443,
      host: 'registry.test',
    });
  });

  it('refuses a listed name that resolves to a private address (DNS rebinding)', async () => {
    const decision = await decideEgress(rules, 'a.pkg.test', 443, resolve);
    assert.equal(decision.kind, 'refuse');
    assert.match(
      decision.kind === 'refuse' ? decision.reason : '',
      /resolves to 10\.0\.0\.5, an internal address/,
    );
  });

  it('allows a name resolving to a private address only when that address and port are listed', async () => {
    const onListedPort = parseAllowedHosts(['api.test:4873', '127.10.0.2:4873']);
    assert.equal((await decideEgress(onListedPort, 'api.test', 4873, resolve)).kind, 'allow');
    assert.equal(isAddressListed(onListedPort, '127.10.0.2', 4873), true);
    assert.equal(isAddressListed(onListedPort, '127.10.0.2', 80), false);
  });

  it('refuses the metadata endpoint and unlisted IP literals, naming the host and the input, suggesting nothing', async () => {
    const decision = await decideEgress(rules, '169.254.169.254', 80, resolve);
    assert.deepEqual(decision.kind === 'refuse' && [decision.status, decision.host], [
      403,
      '169.254.169.254',
    ]);
    const reason = decision.kind === 'refuse' ? decision.reason : '';
    assert.match(reason, /169\.254\.169\.254 is not in the `allowed-domains` input/);
    assert.doesNotMatch(reason, /add|allow it/i);
  });

  it('lets a tunnel (CONNECT) go to 443 or a port the entry names, plain requests to 80 and 443', async () => {
    const table: [string, string, number, 'tunnel' | 'relay', boolean][] = [
      ['registry.test', 'registry.test', 443, 'tunnel', true],
      ['registry.test', 'registry.test', 80, 'tunnel', false],
      ['registry.test', 'registry.test', 80, 'relay', true],
      ['registry.test:80', 'registry.test', 80, 'tunnel', true],
      ['registry.test:8080', 'registry.test', 8080, 'tunnel', true],
      ['registry.test:8080', 'registry.test', 443, 'tunnel', false],
      ['*.pkg.test', 'a.pkg.test', 80, 'tunnel', false],
      ['*.pkg.test', 'b.pkg.test', 443, 'tunnel', true],
    ];
    const names: Resolver = async () => ['93.184.216.34'];
    for (const [entry, host, port, mode, allowed] of table) {
      const decision = await decideEgress(parseAllowedHosts([entry]), host, port, names, mode);
      assert.equal(decision.kind, allowed ? 'allow' : 'refuse', `${entry}: ${host}:${port} (${mode})`);
    }
    const port80 = await decideEgress(rules, 'registry.test', 80, resolve, 'tunnel');
    assert.equal(port80.kind === 'refuse' && port80.host, 'registry.test:80');
    assert.match(port80.kind === 'refuse' ? port80.reason : '', /CONNECT tunnels go to port 443/);
  });

  it('reports a non-default port with the host, and a resolver failure as 502', async () => {
    const port = await decideEgress(rules, 'registry.test', 22, resolve);
    assert.equal(port.kind === 'refuse' && port.host, 'registry.test:22');
    const missing = await decideEgress(parseAllowedHosts(['ghost.test']), 'ghost.test', 443, resolve);
    assert.deepEqual(missing.kind === 'refuse' && missing.status, 502);
  });
});
