/**
 * Quote removal done from the raw node text, so the value we check is the value bash passes.
 * Anything whose value could differ at run time (expansions, substitutions, ANSI-C quoting,
 * brace expansion, tilde expansion) is refused instead of being guessed.
 */
import type { Node } from 'web-tree-sitter';
import { type Denial, deny } from './denial.js';

/** One argument after quote removal. `glob` is set when an unquoted `*`, `?` or `[` remains. */
export interface Word {
  value: string;
  glob: boolean;
}

const dynamicNodes: Record<string, [rule: string, what: string]> = {
  simple_expansion: ['parameter-expansion', 'a `$variable` expansion'],
  expansion: ['parameter-expansion', 'a `${…}` expansion'],
  arithmetic_expansion: ['arithmetic-expansion', 'a `$((…))` expansion'],
  command_substitution: ['command-substitution', 'a command substitution'],
  process_substitution: ['process-substitution', 'a process substitution'],
  ansi_c_string: ['ansi-c-quoting', "ANSI-C quoting (`$'…'`)"],
  translated_string: ['translated-string', 'a `$"…"` string'],
  brace_expression: ['brace-expansion', 'a `{a..b}` brace expansion'],
  extglob_pattern: ['extglob', 'an extended glob'],
};

const literalOnly =
  'Write every argument as a literal word (plain or quoted); the policy cannot check values computed by the shell.';

/** Evaluates an argument node to its literal value, or refuses it. */
export function evaluateWord(node: Node): Word | Denial {
  // Each piece is [text, quoted]; brace and tilde expansion only apply to unquoted text.
  const pieces: [string, boolean][] = [];
  const problem = collectPieces(node, pieces);
  if (problem) return problem;
  const skeleton = pieces.map(([text, quoted]) => (quoted ? '\0'.repeat(text.length) : text)).join('');
  if (/\{[^{}]*(,|\.\.)[^{}]*\}/.test(skeleton.replace(/\0+/g, '_'))) {
    return deny('brace-expansion', `\`${node.text}\` is a brace expansion. ${literalOnly}`);
  }
  if (/(^|[=:])~/.test(skeleton)) {
    return deny(
      'tilde-expansion',
      `\`${node.text}\` expands \`~\` to the home directory, outside the workspace.`,
    );
  }
  return { value: pieces.map(([text]) => text).join(''), glob: /[*?[]/.test(skeleton) };
}

function collectPieces(node: Node, pieces: [string, boolean][]): Denial | undefined {
  const dynamic = dynamicNodes[node.type];
  if (dynamic) return deny(dynamic[0], `\`${node.text}\` uses ${dynamic[1]}. ${literalOnly}`);
  switch (node.type) {
    case 'word':
    case 'number':
      return unquoted(node.text, pieces);
    case 'raw_string':
      pieces.push([node.text.slice(1, -1), true]);
      return undefined;
    case 'string':
      return doubleQuoted(node, pieces);
    case 'concatenation':
      for (const [i, child] of node.children.entries()) {
        // A `$` that ends a word starts no expansion: bash passes it as is (`-run=^$`).
        if (child?.type === '$' && i === node.childCount - 1) {
          pieces.push(['$', true]);
          continue;
        }
        if (!child?.isNamed)
          return deny('shell-syntax', `Unexpected \`${child?.text}\` in \`${node.text}\`.`);
        const problem = collectPieces(child, pieces);
        if (problem) return problem;
      }
      return undefined;
    default:
      return deny('shell-syntax', `\`${node.text}\` (${node.type}) is not a literal word. ${literalOnly}`);
  }
}

/** Unquoted text: `\x` → `x`; characters the grammar might have folded into a word are refused. */
function unquoted(raw: string, pieces: [string, boolean][]): Denial | undefined {
  let plain = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch === '\\') {
      if (plain) pieces.push([plain, false]);
      plain = '';
      pieces.push([raw[i + 1] ?? '', true]);
      i++;
    } else if ('$`()<>;&|!'.includes(ch)) {
      return deny(
        'shell-syntax',
        `\`${raw}\` contains an unquoted \`${ch}\`. Quote it, or use a literal word.`,
      );
    } else plain += ch;
  }
  if (plain) pieces.push([plain, false]);
  return undefined;
}

/** Double quotes: only `string_content` children; backslash escapes `$ \` " \\` like bash. */
function doubleQuoted(node: Node, pieces: [string, boolean][]): Denial | undefined {
  for (const child of node.namedChildren) {
    if (child && child.type !== 'string_content') {
      return collectPieces(child, []) ?? deny('shell-syntax', `\`${node.text}\` is not a literal string.`);
    }
  }
  const raw = node.text.slice(1, -1);
  let value = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    const next = raw[i + 1];
    if (ch === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
      if (next !== '\n') value += next; // backslash-newline inside double quotes is removed
      i++;
    } else if (ch === '$' && (next === undefined || /[\s"'/.,:;)|\]}-]/.test(next))) {
      value += ch; // a `$` that starts no expansion (`"^Test$"`, `"$ 5"`) is literal in bash
    } else if (ch === '$' || ch === '`') {
      return deny(
        'parameter-expansion',
        `\`${node.text}\` contains \`${ch}\` inside double quotes. ${literalOnly}`,
      );
    } else value += ch;
  }
  pieces.push([value, true]);
  return undefined;
}

/** True when `value` is a denial rather than a word. */
export function isDenial(value: Word | Denial): value is Denial {
  return 'rule' in value;
}
