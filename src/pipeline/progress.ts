/**
 * Turns the agent's events into what people watch: a log line per turn and per tool call, and
 * the tracking comment's turn count and tool checklist.
 */
import type { AgentEvent } from '../agent/loop.js';
import type { ToolActivity, TrackingComment } from '../outputs/tracking-comment.js';
import type { RunLog } from './command-host.js';

const LABEL_KEYS = ['path', 'pattern', 'command', 'file'];

/** A short, single-line description of a call's arguments (the path read, the command run …). */
export function callLabel(argumentsJson: string, max = 60): string {
  let text = '';
  try {
    const args = JSON.parse(argumentsJson) as Record<string, unknown>;
    const key = LABEL_KEYS.find((k) => typeof args[k] === 'string');
    text = key ? String(args[key]) : '';
  } catch {
    text = '';
  }
  text = text.replace(/\s+/g, ' ').trim();
  if (text.length > max) text = `${text.slice(0, max - 1)}…`;
  return text ? `\`${text.replace(/`/g, "'")}\`` : '';
}

/** An `onEvent` handler for `runAgent` that logs and feeds the tracking comment. */
export function progressReporter(
  log: RunLog,
  tracking: TrackingComment | undefined,
): (event: AgentEvent) => void {
  return (event) => {
    switch (event.type) {
      case 'turn-start':
        tracking?.update({ turns: event.turn, step: 'Thinking' });
        return;
      case 'tool-start':
        tracking?.activity(event.call.id, {
          tool: event.call.name,
          label: callLabel(event.call.arguments),
          status: 'running',
        });
        tracking?.update({ step: `Running \`${event.call.name}\`` });
        return;
      case 'tool-end': {
        const status = event.result.meta.status as ToolActivity['status'];
        const label = callLabel(event.call.arguments);
        log.info(`  ${event.call.name} ${label} → ${status} (${event.result.meta.durationMs} ms)`);
        tracking?.activity(event.call.id, { tool: event.call.name, label, status });
        return;
      }
      case 'turn-end':
        log.info(
          `Turn ${event.turn}: ${event.tokens.total} tokens so far, ${Math.round(event.durationMs)} ms`,
        );
        return;
      case 'retry':
        log.info(`Turn ${event.turn}: the model endpoint failed; retrying`);
        return;
      case 'text':
      case 'compaction':
      case 'model-end':
        return;
    }
  };
}
