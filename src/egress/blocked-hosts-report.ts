/**
 * Refused hosts: how the proxy keeps them, and how they are reported (the `blocked-hosts` output
 * and one markdown note). The names come from agent-run commands, so anyone able to steer those
 * chooses them: the note shows them as data, capped, and makes no suggestion about them.
 */
import {
  EGRESS_BLOCKED_HOSTS_KEPT,
  EGRESS_BLOCKED_HOSTS_OUTPUT,
  EGRESS_BLOCKED_HOSTS_SHOWN,
} from '../limits.js';

/**
 * Refused hosts with how many requests each, in the order first refused. Past the proxy's cap
 * new names are not kept; `requestsNotKept` counts their requests.
 */
export type BlockedHosts = ReadonlyMap<string, number> & { readonly requestsNotKept?: number };

/** The proxy's record of refusals, at most `keep` names. */
export interface BlockedHostLog {
  record(host: string): void;
  snapshot(): BlockedHosts;
}

/** A new, empty {@link BlockedHostLog}. */
export function createBlockedHostLog(keep = EGRESS_BLOCKED_HOSTS_KEPT): BlockedHostLog {
  const hosts = new Map<string, number>();
  let notKept = 0;
  return {
    record(host) {
      if (hosts.has(host) || hosts.size < keep) hosts.set(host, (hosts.get(host) ?? 0) + 1);
      else notKept++;
    },
    snapshot: () => Object.assign(new Map(hosts), { requestsNotKept: notKept }),
  };
}

/** Hosts in the order they were first refused, for the `blocked-hosts` output (capped). */
export function blockedHostNames(blocked: BlockedHosts): string[] {
  return [...blocked.keys()].slice(0, EGRESS_BLOCKED_HOSTS_OUTPUT);
}

/** A name as a code span it cannot close or break, whatever bytes it holds. */
function asData(name: string): string {
  const clean = name.replace(/[`\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '?');
  return `\`${clean.length > 100 ? `${clean.slice(0, 99)}…` : clean}\``;
}

function requests(count: number): string {
  return `${count} ${count === 1 ? 'request' : 'requests'}`;
}

/**
 * The note for the job summary, the PR body and the tracking comment: the first hosts refused,
 * each with how often, and a count of the rest.
 */
export function blockedHostsNote(blocked: BlockedHosts): string | undefined {
  const notKept = blocked.requestsNotKept ?? 0;
  if (blocked.size === 0 && notKept === 0) return undefined;
  const entries = [...blocked];
  const lines = entries
    .slice(0, EGRESS_BLOCKED_HOSTS_SHOWN)
    .map(([host, count]) => `- ${asData(host)} (${requests(count)})`);
  const rest = entries.slice(EGRESS_BLOCKED_HOSTS_SHOWN);
  if (rest.length > 0) {
    const total = rest.reduce((sum, [, count]) => sum + count, 0);
    lines.push(`- … and ${rest.length} more ${rest.length === 1 ? 'host' : 'hosts'} (${requests(total)})`);
  }
  if (notKept > 0) lines.push(`- … and ${requests(notKept)} to further hosts, not kept by name`);
  return [
    '**Blocked hosts** (`network: allowlist`): agent-run commands in this run tried to reach these hosts, and the egress proxy refused them. The names come from those commands; a maintainer can decide whether any of them is expected.',
    ...lines,
  ].join('\n');
}
