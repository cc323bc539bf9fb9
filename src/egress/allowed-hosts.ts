/**
 * What the `allowed-domains` input lets agent-run commands reach, parsed once into rules the
 * egress proxy matches each request against. A rule is an exact host, a `*.suffix` pattern or an
 * IP literal, each with the ports it allows; presets stand for the hosts of a package registry.
 */
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

/**
 * One allowed destination. `portListed` is set when the entry named its port: only then may a
 * CONNECT tunnel go to a port other than 443.
 */
export type HostRule = (
  | { kind: 'exact'; host: string }
  | { kind: 'suffix'; suffix: string }
  | { kind: 'ip'; address: string }
) & { ports: readonly number[]; portListed?: true };

/** Ports a rule without one allows: plain HTTP (relayed request by request) and HTTPS. */
export const DEFAULT_PORTS: readonly number[] = [80, 443];

/**
 * How a request reaches the proxy. A `tunnel` (CONNECT) carries whatever the client sends, so it
 * goes to 443 (TLS, whose server name is checked) or a port the entry names; a `relay` is a plain
 * `http://` request the proxy reads and forwards itself, on any port the rule allows.
 */
export type EgressMode = 'tunnel' | 'relay';

/**
 * The registries each preset stands for, checked on 2026-12-01 against each registry's own
 * documentation of the hosts its clients fetch from (index, downloads and checksum services).
 */
export const PRESETS: Readonly<Record<string, readonly string[]>> = {
  npm: ['*.npmjs.org', 'registry.yarnpkg.com'],
  pypi: ['pypi.org', 'files.pythonhosted.org'],
  go: ['proxy.golang.org', 'sum.golang.org'],
  crates: ['crates.io', 'index.crates.io', 'static.crates.io'],
  maven: ['repo.maven.apache.org', 'repo1.maven.org', 'plugins.gradle.org', 'services.gradle.org'],
  rubygems: ['rubygems.org', 'index.rubygems.org'],
  github: ['github.com', 'api.github.com', 'codeload.github.com', '*.githubusercontent.com'],
};

/** An entry of `allowed-domains` that is not a host, pattern, IP literal or preset. */
export class AllowedHostsError extends Error {
  constructor(readonly entry: string) {
    super(
      `allowed-domains has "${entry}", which is not a host (example.com), a pattern (*.example.com), host:port, an IP literal (127.10.0.2:4873, [::1]:8080) or a preset (${Object.keys(PRESETS).join(', ')})`,
    );
    this.name = 'AllowedHostsError';
  }
}

/** Parses every entry (presets expanded); throws {@link AllowedHostsError} on the first bad one. */
export function parseAllowedHosts(entries: readonly string[]): HostRule[] {
  return entries.flatMap((entry) => {
    const preset = PRESETS[entry.trim().toLowerCase()];
    return preset ? preset.map((host) => parseEntry(host, host)) : [parseEntry(entry, entry)];
  });
}

function parseEntry(raw: string, original: string): HostRule {
  const { host, port } = splitPort(raw.trim(), original);
  const ports = port === undefined ? { ports: DEFAULT_PORTS } : { ports: [port], portListed: true as const };
  if (isIP(host)) return { kind: 'ip', address: normaliseAddress(host), ...ports };
  if (host.startsWith('*.')) {
    const suffix = canonicalHost(host.slice(2));
    if (!suffix?.includes('.')) throw new AllowedHostsError(original);
    return { kind: 'suffix', suffix, ...ports };
  }
  const exact = canonicalHost(host);
  if (!exact) throw new AllowedHostsError(original);
  return { kind: 'exact', host: exact, ...ports };
}

function splitPort(text: string, original: string): { host: string; port: number | undefined } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, port: portOf(bracketed[2], original) };
  // A bare IPv6 literal has many colons and no port.
  if (isIP(text) === 6) return { host: text, port: undefined };
  const colon = text.lastIndexOf(':');
  if (colon < 0) return { host: text, port: undefined };
  return { host: text.slice(0, colon), port: portOf(text.slice(colon + 1), original) };
}

function portOf(text: string | undefined, original: string): number | undefined {
  if (text === undefined) return undefined;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 1 && port <= 65_535)) throw new AllowedHostsError(original);
  return port;
}

/**
 * The one spelling a host name is compared in: lower case, punycode for international names, no
 * trailing dot. Undefined for anything that is not a DNS name (empty labels, odd characters), so
 * `evil.com\0.allowed.example` or `a..b` can never match a rule.
 */
export function canonicalHost(name: string): string | undefined {
  // domainToASCII parses a URL host: it stops at "/", "?" or "#" and maps some characters away,
  // so anything outside letters (any script), digits, "-" and "." is refused before it runs.
  if (!/^[\p{L}\p{M}\p{N}.-]+$/u.test(name)) return undefined;
  const ascii = domainToASCII(name.replace(/\.$/, '')).toLowerCase();
  if (ascii === '' || ascii.length > 253) return undefined;
  const labels = ascii.split('.');
  const valid = labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
  return valid ? ascii : undefined;
}

/** IPv6 in its compressed lower-case form, IPv4 as it is. */
export function normaliseAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/** Whether `host:port` (a canonical name or an address) is allowed by any rule, for `mode`. */
export function isHostAllowed(
  rules: readonly HostRule[],
  host: string,
  port: number,
  mode: EgressMode = 'relay',
): boolean {
  return rules.some((rule) => portsFor(rule, mode).includes(port) && matchesName(rule, host));
}

function portsFor(rule: HostRule, mode: EgressMode): readonly number[] {
  return mode === 'tunnel' && !rule.portListed ? [443] : rule.ports;
}

function matchesName(rule: HostRule, host: string): boolean {
  switch (rule.kind) {
    case 'exact':
      return host === rule.host;
    case 'suffix':
      return host.endsWith(`.${rule.suffix}`);
    case 'ip':
      return host === rule.address;
  }
}

/** Whether `address:port` is listed as an IP literal: the only way a private address is reached. */
export function isAddressListed(rules: readonly HostRule[], address: string, port: number): boolean {
  const normal = normaliseAddress(address);
  return rules.some((rule) => rule.kind === 'ip' && rule.address === normal && rule.ports.includes(port));
}
