/**
 * Printing untrusted text to the runner's log without letting it act as a workflow command.
 *
 * The runner reads stdout line by line (`\n`, `\r\n` and a lone `\r` all end a line), trims
 * leading whitespace, and treats a line starting with `::` as a command: `::set-output`,
 * `::add-mask`, `::add-path`, `::stop-commands` … (GHSA-mfwh-5m23-j46w). The legacy form
 * `##[name …]data` is a command wherever `##[` appears in the line. Between
 * `::stop-commands::<token>` and `::<token>::` it ignores every command except the resume line, so
 * a fresh unguessable token per block makes the text inert while the action's own annotations,
 * printed outside such blocks, keep working.
 */
import { randomBytes } from 'node:crypto';
import * as core from '@actions/core';

/** Writes a string to stdout; a parameter so tests and the transcript can capture it. */
export type WriteFn = (text: string) => void;

const defaultWrite: WriteFn = (text) => {
  process.stdout.write(text);
};

// What .NET's String.TrimStart() removes (Char.IsWhiteSpace), which the runner applies first.
const DOTNET_LEADING_WHITESPACE =
  /^[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*/;

// Characters ICU collation ignores (zero-width, format, control), except tab.
const COLLATION_IGNORABLE =
  /[\p{Default_Ignorable_Code_Point}\p{Cf}\u0000-\u0008\u000B-\u001F\u007F-\u009F]/gu;

/**
 * Braille blank: looks like a space but is neither whitespace to .NET (so `TrimStart` keeps it)
 * nor ignorable in culture-aware comparison (the runner's `StartsWith`/`IndexOf` are culture
 * sensitive and skip zero-width characters under ICU, so a zero-width space would not do).
 */
const DEFUSE = '\u2800';

/**
 * Prints `text` (followed by a newline) inside a `::stop-commands::` block with a fresh random
 * token, in a single write so nothing else the process prints can land inside the block.
 */
export function printUntrusted(text: string, write: WriteFn = defaultWrite): void {
  let token = newStopToken();
  while (text.includes(token)) token = newStopToken();
  // The block is the defence; defusing the lines too keeps them inert should anything (a partial
  // line printed before us) stop the runner from seeing the `::stop-commands::` line.
  const defused = neutraliseWorkflowCommands(text);
  const body = defused.endsWith('\n') ? defused.slice(0, -1) : defused;
  write(`::stop-commands::${token}\n${body}\n::${token}::\n`);
}

/** A stop-commands token nobody can guess (and that is no command's name). */
export function newStopToken(): string {
  return `agent-${randomBytes(16).toString('hex')}`;
}

/**
 * Returns `text` with every line that the runner would read as a command defused: a leading
 * `::` (after the runner's whitespace trim) gets a braille blank in front, and every legacy `##[`
 * becomes `##⠀[`. Line breaks become `\n`, so a lone `\r` cannot start a line the check did not
 * see. Use it where a block is impractical, such as a single `core.info` line.
 */
export function neutraliseWorkflowCommands(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map(neutraliseLine)
    .join('\n');
}

function neutraliseLine(line: string): string {
  // Judge the line as a culture-aware comparison sees it: without ignorable characters. A line
  // that only looks like a command that way loses them, so what is left is plainly defused.
  const seen = line.replace(COLLATION_IGNORABLE, '');
  const indent = DOTNET_LEADING_WHITESPACE.exec(seen)?.[0] ?? '';
  const rest = seen.slice(indent.length);
  if (!rest.startsWith('::') && !rest.includes('##[')) return line;
  const defused = rest.replaceAll('##[', `##${DEFUSE}[`);
  return defused.startsWith('::') ? `${indent}${DEFUSE}${defused}` : `${indent}${defused}`;
}

/**
 * Registers secret values with the runner's log masker (`::add-mask::`), skipping empty and
 * duplicate values. Call it at start-up, before anything could print them.
 */
export function registerSecrets(
  secrets: string[],
  setSecret: (value: string) => void = core.setSecret,
): void {
  const seen = new Set<string>();
  for (const secret of secrets) {
    if (secret.trim() === '' || seen.has(secret)) continue;
    seen.add(secret);
    setSecret(secret);
  }
}
