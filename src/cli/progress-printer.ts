/**
 * The local runner's terminal progress: one line per tool call as it ends (tool, short
 * arguments, status, duration) and one per turn, then the totals. Untrusted text (arguments the
 * model wrote) is redacted and defused, so the output is also safe inside a CI log.
 */
import type { AgentEvent } from '../agent/loop.js';
import { formatDuration } from '../outputs/transcript-markdown.js';
import { callLabel } from '../pipeline/progress.js';
import { neutraliseWorkflowCommands } from '../safety/workflow-commands.js';
import type { ToolStatus } from '../tools/tool.js';

const MARK: Record<ToolStatus, string> = { ok: '✓', error: '✗', skipped: '–', denied: '⊘' };

/** `12345` → `12,345`. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** An `onEvent` handler for `runAgent` that writes progress lines through `write`. */
export function progressPrinter(
  write: (line: string) => void,
  redact: (text: string) => string,
): (event: AgentEvent) => void {
  const clean = (text: string) => neutraliseWorkflowCommands(redact(text));
  const callsInTurn = new Map<number, number>();
  return (event) => {
    switch (event.type) {
      case 'tool-end': {
        const { status, durationMs } = event.result.meta;
        const label = callLabel(event.call.arguments).replace(/^`|`$/g, '');
        callsInTurn.set(event.turn, (callsInTurn.get(event.turn) ?? 0) + 1);
        write(
          clean(
            `  ${MARK[status]} ${event.call.name}${label ? ` ${label}` : ''}  ${status}  ${formatDuration(durationMs)}`,
          ),
        );
        return;
      }
      case 'turn-end': {
        const calls = callsInTurn.get(event.turn) ?? 0;
        const what = calls === 0 ? 'answered' : `${calls} tool ${calls === 1 ? 'call' : 'calls'}`;
        write(
          `turn ${event.turn}: ${what}, ${formatDuration(event.durationMs)}, ${formatCount(event.tokens.total)} tokens so far`,
        );
        return;
      }
      case 'retry':
        write(
          clean(
            `  the model endpoint failed (${event.reason}); retry ${event.attempt} in ${formatDuration(event.delayMs)}`,
          ),
        );
        return;
      case 'compaction':
        write(`  context compacted: ${event.elided} old tool results shortened`);
        return;
      case 'turn-start':
      case 'model-end':
      case 'text':
      case 'tool-start':
        return;
    }
  };
}
