/**
 * A note the action itself adds to a tool result (the repository's instructions for a folder the
 * agent just reached). It follows the tool's own output under a fixed line, so compaction can keep
 * it when it elides the output around it: the note is something the model was told once and must
 * not lose, not output it can fetch again.
 */

/** The line a note starts with, after a blank line. */
export const SYSTEM_NOTE_LINE = '[note from agent-action]';

const SEPARATOR = `\n\n${SYSTEM_NOTE_LINE}\n`;

/** `output` with `note` after it. */
export function withSystemNote(output: string, note: string): string {
  return `${output.trimEnd()}${SEPARATOR}${note.trim()}`;
}

/** The notes part of `output` (separator included), or '' when it has none. */
export function systemNotesOf(output: string): string {
  const at = output.indexOf(SEPARATOR);
  return at < 0 ? '' : output.slice(at);
}
