/**
 * The blocked-hosts section of the tracking comment and the pull request: the egress report's
 * note (`blockedHostsNote`) with, where known, the command that tried each host, so a maintainer
 * can tell a test that needs a registry from a command that should not have reached out. Pure.
 */

import { BLOCKED_HOSTS_UNPLACED_SHOWN } from '../limits.js';
import { inlineCode } from './quoted-text.js';

/**
 * `note` with ` — tried by \`command\`` added to the line naming each host in `triedBy`; hosts the
 * note does not name on a line of their own are listed after it.
 */
export function blockedHostsSection(
  note: string | undefined,
  triedBy: ReadonlyMap<string, string>,
): string | undefined {
  if (!note) return undefined;
  const lines = note.split('\n');
  const unplaced: string[] = [];
  for (const [host, command] of triedBy) {
    const index = lines.findIndex((line) => /^\s*[-*]\s/.test(line) && line.includes(`\`${host}\``));
    const by = `tried by ${inlineCode(command, 100)}`;
    if (index >= 0) lines[index] = `${lines[index]} — ${by}`;
    else unplaced.push(`- ${inlineCode(host, 100)} ${by}`);
  }
  return [...lines, ...unplaced.slice(0, BLOCKED_HOSTS_UNPLACED_SHOWN)].join('\n');
}
