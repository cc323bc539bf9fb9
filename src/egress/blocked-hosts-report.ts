/** How refused hosts are reported: the `blocked-hosts` output and one markdown note. */

/** Hosts in the order they were first refused, for the `blocked-hosts` output. */
export function blockedHostNames(blocked: ReadonlyMap<string, number>): string[] {
  return [...blocked.keys()];
}

/**
 * The note for the job summary, the PR body and the tracking comment: each refused host with how
 * often, written so that allowing one is a single line added to `allowed-domains`.
 */
export function blockedHostsNote(blocked: ReadonlyMap<string, number>): string | undefined {
  if (blocked.size === 0) return undefined;
  const lines = [...blocked].map(
    ([host, count]) => `- \`${host}\` (${count} ${count === 1 ? 'request' : 'requests'})`,
  );
  return [
    '**Blocked hosts** (`network: allowlist`): agent-run commands tried to reach these and the egress proxy refused them. To allow one, add it as a line of `allowed-domains`.',
    ...lines,
  ].join('\n');
}
