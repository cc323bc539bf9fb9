/**
 * Which command tried each host the egress proxy refused. The proxy counts refusals per host but
 * cannot see who asked; agent commands run one at a time, so the counts read before and after
 * each command (and around `verify-command`) name the command that tried a host first.
 */
import type { AgentEvent } from '../agent/loop.js';

export interface EgressAttribution {
  /** An agent event listener: `bash` calls are bracketed by count snapshots. */
  onEvent(event: AgentEvent): void;
  /** Runs `work` (a command the action runs itself) with its refusals credited to `label`. */
  around<T>(label: string, work: () => Promise<T>): Promise<T>;
  /** Host → the first command that tried it, for the hosts known. */
  triedBy(): ReadonlyMap<string, string>;
}

function commandOf(argumentsJson: string): string {
  try {
    const command = (JSON.parse(argumentsJson) as { command?: unknown }).command;
    return typeof command === 'string' ? command : argumentsJson;
  } catch {
    return argumentsJson;
  }
}

/** Attribution over the proxy's running counts (`blockedHosts`, which may change as commands run). */
export function attributeBlockedHosts(blockedHosts: () => ReadonlyMap<string, number>): EgressAttribution {
  const tried = new Map<string, string>();
  const started = new Map<string, ReadonlyMap<string, number>>();
  const credit = (before: ReadonlyMap<string, number>, command: string) => {
    for (const [host, count] of blockedHosts()) {
      if (count > (before.get(host) ?? 0) && !tried.has(host)) tried.set(host, command);
    }
  };
  return {
    onEvent(event) {
      if (event.type === 'tool-start' && event.call.name === 'bash')
        started.set(event.call.id, new Map(blockedHosts()));
      if (event.type === 'tool-end' && event.call.name === 'bash') {
        const before = started.get(event.call.id);
        started.delete(event.call.id);
        if (before) credit(before, commandOf(event.call.arguments));
      }
    },
    async around(label, work) {
      const before = new Map(blockedHosts());
      try {
        return await work();
      } finally {
        credit(before, label);
      }
    },
    triedBy: () => tried,
  };
}
