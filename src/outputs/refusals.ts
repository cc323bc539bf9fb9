/**
 * What the policies refused the agent, read from the transcript: how many calls, by which rules,
 * and one example as the agent wrote it. Shown in the tracking comment and the pull request body
 * outside the folded transcript, since a refused command can mean the work is incomplete or the
 * allowlist needs a rule. Pure.
 */
import type { TranscriptRecord } from '../agent/transcript.js';
import { REFUSAL_RULES_SHOWN } from '../limits.js';
import { fenceBlock, inlineCode } from './quoted-text.js';

export interface RefusalSummary {
  /** Refused calls of every tool. */
  count: number;
  /** Of them, `bash` command lines. */
  commands: number;
  /** Distinct rules, most frequent first; a call without a rule counts under its tool's name. */
  rules: { rule: string; count: number }[];
  /** The first refused call: a command line, or a tool and its path. */
  example: string;
}

/** What a refused call tried, in the words a reader recognises. */
function attempted(name: string, argumentsJson: string): string {
  try {
    const args = JSON.parse(argumentsJson) as Record<string, unknown>;
    if (name === 'bash' && typeof args['command'] === 'string') return args['command'];
    const target = ['path', 'pattern'].map((k) => args[k]).find((v) => typeof v === 'string');
    return typeof target === 'string' ? `${name} ${target}` : name;
  } catch {
    return name;
  }
}

/** The refusals in `records`, or undefined when nothing was refused. */
export function summarizeRefusals(records: readonly TranscriptRecord[]): RefusalSummary | undefined {
  const refused = records.flatMap((r) => (r.type === 'tool-call' && r.status === 'denied' ? [r] : []));
  const first = refused[0];
  if (!first) return undefined;
  const byRule = new Map<string, number>();
  for (const call of refused) {
    const rule = call.rule ?? call.name;
    byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
  }
  return {
    count: refused.length,
    commands: refused.filter((c) => c.name === 'bash').length,
    rules: [...byRule]
      .map(([rule, count]) => ({ rule, count }))
      .sort((a, b) => b.count - a.count || a.rule.localeCompare(b.rule)),
    example: attempted(first.name, first.arguments),
  };
}

/** The headline's word for the refused calls: commands when they all were. */
export function refusedNoun(summary: RefusalSummary): [string, string] {
  return summary.commands === summary.count ? ['command', 'commands'] : ['tool call', 'tool calls'];
}

/** The markdown section: count, rules, an example, and where allowing one is configured. */
export function renderRefusals(summary: RefusalSummary): string {
  const [one, many] = refusedNoun(summary);
  const rules = summary.rules
    .slice(0, REFUSAL_RULES_SHOWN)
    .map((r) => `${inlineCode(r.rule, 60)}${r.count > 1 ? ` ×${r.count}` : ''}`);
  if (summary.rules.length > REFUSAL_RULES_SHOWN)
    rules.push(`${summary.rules.length - REFUSAL_RULES_SHOWN} more`);
  const allow =
    summary.commands > 0
      ? ' A command refused only for lacking an allowlist rule can be allowed with a line of `allowed-commands`.'
      : '';
  return [
    `**Refused:** the policy refused ${summary.count} ${summary.count === 1 ? one : many} (${rules.join(', ')}).${allow} The first:`,
    '',
    fenceBlock(summary.example.length > 500 ? `${summary.example.slice(0, 499)}…` : summary.example),
  ].join('\n');
}
