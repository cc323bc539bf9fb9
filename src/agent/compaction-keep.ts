/**
 * Which tool results compaction leaves whole, because the model would otherwise have to redo work
 * to get them back or could lose track of the task: the latest read of every file it edited (what
 * the file looks like now, as far as the history shows), and the latest failing output of each
 * command that has not passed since (the failure it is still fixing). The task (system and user
 * messages) and the agent's own notes (assistant text and calls) are never elided at all.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

const EDIT_TOOLS = new Set(['write_file', 'edit_file', 'apply_patch']);
// The status line the bash tool ends its output with (`[Exit code 1. 0.4 s.]`, `[Timed out …]`).
const FAILED = /\n\[(Exit code [1-9]\d*|Timed out|Killed by)[^\]]*\]$/;

interface Call {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/** `tool_call_id`s of the results in `messages` that compaction should keep. */
export function resultsToKeep(messages: readonly ChatCompletionMessageParam[]): Set<string> {
  const edited = new Set<string>();
  const latestRead = new Map<string, string>();
  const latestFailure = new Map<string, string>();
  const results = new Map<string, string>();
  const calls: Call[] = [];
  for (const message of messages) {
    if (message.role === 'tool' && typeof message.content === 'string')
      results.set(message.tool_call_id, message.content);
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? []) {
      if (call.type === 'function')
        calls.push({ id: call.id, name: call.function.name, args: parse(call.function.arguments) });
    }
  }
  for (const call of calls) {
    if (EDIT_TOOLS.has(call.name)) for (const path of editedPaths(call)) edited.add(path);
    else if (call.name === 'read_file' && typeof call.args['path'] === 'string')
      latestRead.set(call.args['path'], call.id);
    else if (call.name === 'bash' && typeof call.args['command'] === 'string') {
      const output = results.get(call.id) ?? '';
      if (FAILED.test(output)) latestFailure.set(call.args['command'], call.id);
      else latestFailure.delete(call.args['command']);
    }
  }
  const keep = new Set(latestFailure.values());
  for (const [path, id] of latestRead) if (edited.has(path)) keep.add(id);
  return keep;
}

function editedPaths(call: Call): string[] {
  if (typeof call.args['path'] === 'string') return [call.args['path']];
  const patch = call.args['patch'];
  if (typeof patch !== 'string') return [];
  return [...patch.matchAll(/^\*\*\* (?:Add|Update) File: (.+)$/gm)].map((m) => m[1]!.trim());
}

function parse(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
