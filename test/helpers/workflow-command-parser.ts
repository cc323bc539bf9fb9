/**
 * A stand-in for the Actions runner's stdout command processing (ActionCommandManager and
 * ActionCommand in actions/runner), for asserting which lines of a process's stdout would have
 * taken effect. It follows the runner where it matters for injection:
 * - lines end at `\n`, `\r\n` or a lone `\r` (.NET `ReadLine`);
 * - `::name props::data` counts after a .NET `TrimStart`; the legacy `##[name props]data` counts
 *   wherever `##[` appears in the line;
 * - only registered command names count (case-insensitive);
 * - `::stop-commands::TOKEN` ignores every command until `::TOKEN::` (or `##[TOKEN]`).
 * By default it is pessimistic about the runner's culture-sensitive `StartsWith`/`IndexOf`: it
 * drops characters ICU collation ignores (zero-width, format, control) before parsing, so a line
 * that only looks harmless because of such a character still counts as a command.
 */

export interface WorkflowCommand {
  name: string;
  properties: Record<string, string>;
  data: string;
  /** 1-based line number in the parsed stdout. */
  line: number;
}

export interface WorkflowCommandParse {
  /** Commands that took effect, in order (stop/resume lines excluded). */
  commands: WorkflowCommand[];
  /** `set-output` results, as the runner would record them. */
  outputs: Record<string, string>;
  /** `set-env` results (the runner refuses them unless insecure commands are allowed). */
  env: Record<string, string>;
  /** `add-path` entries. */
  paths: string[];
  /** `add-mask` values. */
  masks: string[];
  /** Stop/resume pairs seen; `stoppedAtEnd` is true if a block was never resumed. */
  stopBlocks: number;
  stoppedAtEnd: boolean;
}

export interface ParseOptions {
  /** Drop collation-ignorable characters before parsing (default true: pessimistic). */
  ignoreIgnorables?: boolean;
}

const REGISTERED = [
  'stop-commands',
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'warning',
  'error',
  'notice',
  'debug',
  'group',
  'endgroup',
  'echo',
];
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u0000-\u0008\u000E-\u001F\u007F-\u009F]/gu;
const DOTNET_WHITESPACE = /^[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*/;

/** Parses `stdout` as the runner would; see the module comment. */
export function parseWorkflowCommands(stdout: string, options: ParseOptions = {}): WorkflowCommandParse {
  const registered = new Set(REGISTERED);
  const result: WorkflowCommandParse = {
    commands: [],
    outputs: {},
    env: {},
    paths: [],
    masks: [],
    stopBlocks: 0,
    stoppedAtEnd: false,
  };
  let stopToken: string | undefined;
  const lines = stdout.split(/\r\n|\r|\n/);
  lines.forEach((rawLine, index) => {
    const line = options.ignoreIgnorables === false ? rawLine : rawLine.replace(IGNORABLE, '');
    const command = parseV2(line, registered) ?? parseLegacy(line, registered);
    if (!command) return;
    command.line = index + 1;
    if (stopToken !== undefined) {
      if (command.name.toLowerCase() === stopToken.toLowerCase()) {
        registered.delete(stopToken.toLowerCase());
        stopToken = undefined;
        result.stopBlocks++;
      }
      return;
    }
    if (command.name.toLowerCase() === 'stop-commands') {
      stopToken = command.data;
      registered.add(stopToken.toLowerCase());
      return;
    }
    result.commands.push(command);
    applyEffect(command, result);
  });
  result.stoppedAtEnd = stopToken !== undefined;
  return result;
}

function applyEffect(command: WorkflowCommand, result: WorkflowCommandParse): void {
  const name = command.properties['name'] ?? '';
  switch (command.name.toLowerCase()) {
    case 'set-output':
      result.outputs[name] = command.data;
      break;
    case 'set-env':
      result.env[name] = command.data;
      break;
    case 'add-path':
      result.paths.push(command.data);
      break;
    case 'add-mask':
      result.masks.push(command.data);
      break;
  }
}

function parseV2(line: string, registered: Set<string>): WorkflowCommand | undefined {
  const message = line.replace(DOTNET_WHITESPACE, '');
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (!registered.has(name.toLowerCase())) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info
      .slice(space + 1)
      .trim()
      .split(',')) {
      const eq = pair.indexOf('=');
      if (eq > 0 && eq < pair.length - 1)
        properties[pair.slice(0, eq)] = unescapeValue(pair.slice(eq + 1), true);
    }
  }
  return { name, properties, data: unescapeValue(message.slice(end + 2), false), line: 0 };
}

function parseLegacy(line: string, registered: Set<string>): WorkflowCommand | undefined {
  const prefix = line.indexOf('##[');
  if (prefix < 0) return undefined;
  const close = line.indexOf(']', prefix);
  if (close < 0) return undefined;
  const info = line.slice(prefix + 3, close);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (!registered.has(name.toLowerCase())) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info.slice(space + 1).split(';')) {
      const eq = pair.indexOf('=');
      if (eq > 0 && eq < pair.length - 1)
        properties[pair.slice(0, eq)] = unescapeValue(pair.slice(eq + 1), false);
    }
  }
  return { name, properties, data: unescapeValue(line.slice(close + 1), false), line: 0 };
}

function unescapeValue(value: string, property: boolean): string {
  let out = value.replaceAll('%0D', '\r').replaceAll('%0A', '\n');
  if (property) out = out.replaceAll('%3A', ':').replaceAll('%2C', ',');
  return out.replaceAll('%25', '%');
}
