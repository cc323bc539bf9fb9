/**
 * The turn-by-turn part of a Markdown transcript (the local runner's `transcript.md` and the
 * transcript artifact's): what the model said each turn and every call with its full arguments
 * and the start of its result, under the shared summary table (`renderTranscriptMarkdown`).
 * Everything comes from the redacted JSONL records.
 */
import type { TranscriptRecord } from '../agent/transcript.js';

/** A fence longer than any backtick run inside `text`, so the text cannot close it. */
function fenced(text: string, info = ''): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${info}\n${text.trimEnd()}\n${fence}`;
}

function prettyArguments(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

/** Markdown with one section per turn, then the agent's final summary. */
export function renderTranscriptDetails(records: readonly TranscriptRecord[]): string {
  const parts: string[] = [];
  for (const record of records) {
    switch (record.type) {
      case 'turn':
        parts.push(
          `### Turn ${record.turn}\n\n${record.tokensIn + record.tokensOut} tokens, ${record.durationMs} ms${record.text.trim() ? `\n\n${fenced(record.text, 'text')}` : ''}`,
        );
        break;
      case 'tool-call':
        parts.push(
          `**${record.name}** (${record.status}, ${record.durationMs} ms)\n\n${fenced(prettyArguments(record.arguments), 'json')}\n\n${fenced(record.excerpt || '(no output)', 'text')}${record.fullOutputPath ? `\n\nFull output: \`${record.fullOutputPath}\`` : ''}`,
        );
        break;
      case 'retry':
        parts.push(`_Retry ${record.attempt} after ${record.delayMs} ms: ${record.reason}_`);
        break;
      case 'note':
        parts.push(`_${record.message}_`);
        break;
      case 'agent-end':
        parts.push(`## Result: ${record.reason}\n\n${record.summary}`);
        break;
      default:
        break;
    }
  }
  return `## Turns\n\n${parts.join('\n\n')}\n`;
}
