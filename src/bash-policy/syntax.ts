/**
 * Walks the tree-sitter tree of one command line and flattens it into the simple commands and
 * redirects it runs, in source order. Fail-closed: every node type not listed here is refused,
 * so grammar additions or parse surprises end as a denial, never as an unchecked command; and
 * every character of the line must belong to a node the walk understood (or be blank space
 * between them), so text the grammar skipped or misplaced cannot run unseen.
 */
import type { Node, Parser } from 'web-tree-sitter';
import { type Denial, deny } from './denial.js';
import { checkHeredoc, type Range } from './heredoc.js';
import { evaluateWord, isDenial, type Word } from './words.js';

export interface Assignment {
  name: string;
  value: Word;
}

/** A command with literal words: `words[0]` is the command name. */
export interface SimpleCommand {
  kind: 'command';
  words: Word[];
  assignments: Assignment[];
}

/** `fd op target`, e.g. `2>&1` is `{ fd: 2, op: '>&', target: '1' }`. */
export interface Redirect {
  kind: 'redirect';
  fd: number | undefined;
  op: string;
  target: Word | undefined;
}

export type Step = SimpleCommand | Redirect;

/** Node types that are refused wherever they appear, with the rule that names them. */
const refusedStructure: Record<string, [rule: string, message: string]> = {
  subshell: ['subshell', 'Subshells `( … )` are not allowed; run the commands directly.'],
  compound_statement: ['compound-command', 'Command groups `{ …; }` are not allowed.'],
  function_definition: ['function-definition', 'Defining shell functions is not allowed.'],
  if_statement: [
    'control-flow',
    'Shell control flow (if/for/while/case) is not allowed; run one command at a time.',
  ],
  for_statement: ['control-flow', 'Shell loops are not allowed; run one command at a time.'],
  c_style_for_statement: ['control-flow', 'Shell loops are not allowed; run one command at a time.'],
  while_statement: ['control-flow', 'Shell loops are not allowed; run one command at a time.'],
  case_statement: ['control-flow', 'Shell control flow (if/for/while/case) is not allowed.'],
  declaration_command: ['environment', '`export`/`declare`/`local`/`readonly` are not allowed.'],
  unset_command: ['environment', '`unset` is not allowed.'],
  variable_assignment: [
    'assignment',
    'Standalone variable assignments are not allowed; the shell state is not kept.',
  ],
  variable_assignments: ['assignment', 'Standalone variable assignments are not allowed.'],
  command_substitution: ['command-substitution', 'Command substitution is not allowed.'],
  process_substitution: ['process-substitution', 'Process substitution is not allowed.'],
  arithmetic_expansion: ['arithmetic-expansion', 'Arithmetic expansion is not allowed.'],
};

const operators = new Set(['&&', '||', ';', '|', '|&', '\n', '!']);
const redirectTypes = new Set(['file_redirect', 'herestring_redirect', 'heredoc_redirect']);

/** One walk over a tree: the steps found so far and the source ranges the walk accounted for. */
interface Walk {
  parser: Parser;
  source: string;
  steps: Step[];
  covered: Range[];
}

/** Parses `command` and returns its steps, or the first reason to refuse it. */
export function parseCommandLine(parser: Parser, command: string): Step[] | Denial {
  const tree = parser.parse(command);
  if (!tree) return deny('parse-error', 'The command could not be parsed.');
  try {
    if (tree.rootNode.hasError) {
      return deny(
        'parse-error',
        'The command does not parse as bash (or uses syntax the policy cannot check).',
      );
    }
    const walk: Walk = { parser, source: command, steps: [], covered: [] };
    return visit(tree.rootNode, walk) ?? unaccounted(walk) ?? walk.steps;
  } finally {
    tree.delete();
  }
}

/** The first character outside every understood node that is not blank space, as a denial. */
function unaccounted(walk: Walk): Denial | undefined {
  const { source } = walk;
  const inside = new Uint8Array(source.length);
  for (const [start, end] of walk.covered) inside.fill(1, start, end);
  for (let i = 0; i < source.length; i++) {
    if (inside[i] || source[i] === ' ' || source[i] === '\t' || source[i] === '\n') continue;
    if (source[i] === '\\' && source[i + 1] === '\n') {
      i++; // a line continuation between words
      continue;
    }
    return deny(
      'unparsed-text',
      `The policy could not account for \`${source.slice(i, i + 20)}\` in the command (the parser did not place it in any command it understood); rewrite the line plainly.`,
    );
  }
  return undefined;
}

function cover(walk: Walk, node: Node): void {
  walk.covered.push([node.startIndex, node.endIndex]);
}

function visit(node: Node, walk: Walk): Denial | undefined {
  if (node.isMissing) return deny('parse-error', `The command is incomplete near \`${node.parent?.text}\`.`);
  if (!node.isNamed) {
    if (node.type === '&')
      return deny('background', 'Background jobs (`&`) are not allowed; commands run to completion.');
    if (!operators.has(node.type)) return deny('shell-syntax', `\`${node.type}\` is not allowed here.`);
    cover(walk, node);
    return undefined;
  }
  const refused = refusedStructure[node.type];
  if (refused) return deny(refused[0], refused[1]);
  switch (node.type) {
    case 'comment':
      cover(walk, node);
      return undefined;
    case 'program':
    case 'list':
    case 'pipeline':
    case 'negated_command':
    case 'redirected_statement':
      return visitChildren(node, walk);
    case 'command':
      return visitCommand(node, walk);
    case 'file_redirect':
    case 'herestring_redirect':
      return visitRedirect(node, walk);
    case 'heredoc_redirect':
      return visitHeredoc(node, walk);
    case 'test_command':
      return visitTest(node, walk);
    default:
      return deny('shell-syntax', `\`${node.text}\` (${node.type}) is not allowed by the bash policy.`);
  }
}

function visitChildren(node: Node, walk: Walk): Denial | undefined {
  for (const child of node.children) {
    const problem = child && visit(child, walk);
    if (problem) return problem;
  }
  return undefined;
}

function visitCommand(node: Node, walk: Walk): Denial | undefined {
  const command: SimpleCommand = { kind: 'command', words: [], assignments: [] };
  const redirects: Walk = { ...walk, steps: [] };
  for (const child of node.children) {
    if (!child) continue;
    if (!child.isNamed) return deny('shell-syntax', `\`${child.type}\` is not allowed in a command.`);
    if (child.type === 'variable_assignment') {
      const assignment = evaluateAssignment(child);
      if ('rule' in assignment) return assignment;
      command.assignments.push(assignment);
      cover(walk, child);
    } else if (redirectTypes.has(child.type)) {
      const problem = visit(child, redirects);
      if (problem) return problem;
    } else {
      const target = child.type === 'command_name' ? child.namedChildren : [child];
      if (target.length !== 1 || !target[0])
        return deny('shell-syntax', `\`${child.text}\` is not a literal word.`);
      const word = evaluateWord(target[0]);
      if (isDenial(word)) return word;
      command.words.push(word);
      cover(walk, child);
    }
  }
  if (command.words.length === 0) return deny('assignment', 'A command line must run a command.');
  walk.steps.push(command, ...redirects.steps);
  return undefined;
}

function evaluateAssignment(node: Node): Assignment | Denial {
  const [name, value, ...rest] = node.namedChildren;
  const operator = node.children.find((c) => c && !c.isNamed)?.type;
  if (name?.type !== 'variable_name' || rest.length > 0 || operator !== '=') {
    return deny('env-prefix', `\`${node.text}\` is not a plain \`NAME=value\` assignment.`);
  }
  if (!value) return { name: name.text, value: { value: '', glob: false } };
  const word = evaluateWord(value);
  return isDenial(word) ? word : { name: name.text, value: word };
}

function visitRedirect(node: Node, walk: Walk): Denial | undefined {
  let fd: number | undefined;
  let op: string | undefined;
  let target: Word | undefined;
  for (const child of node.children) {
    if (!child) continue;
    if (!child.isNamed) {
      if (op !== undefined)
        return deny('redirect', `\`${node.text}\` is not a redirect the policy understands.`);
      op = child.type;
    } else if (child.type === 'file_descriptor') fd = Number(child.text);
    else {
      if (target) return deny('redirect', `\`${node.text}\` has more than one target.`);
      const word = evaluateWord(child);
      if (isDenial(word)) return word;
      target = word;
    }
  }
  if (op === undefined) return deny('redirect', `\`${node.text}\` is not a redirect the policy understands.`);
  walk.steps.push({ kind: 'redirect', fd, op, target });
  cover(walk, node);
  return undefined;
}

/**
 * `<<EOF` feeds stdin (checked as bash reads it: heredoc.ts); commands and redirects the grammar
 * nests under it are walked too.
 */
function visitHeredoc(node: Node, walk: Walk): Denial | undefined {
  const ranges = checkHeredoc(node, walk.source);
  if (!Array.isArray(ranges)) return ranges;
  for (const child of node.children) {
    if (!child || ['<<', '<<-', 'heredoc_start', 'heredoc_body', 'heredoc_end'].includes(child.type))
      continue;
    const problem = visit(child, walk);
    if (problem) return problem;
  }
  walk.covered.push(...ranges);
  walk.steps.push({ kind: 'redirect', fd: 0, op: '<<', target: undefined });
  return undefined;
}

/**
 * `[ … ]` is the `test` builtin with a closing bracket: checked as the command `[ … ]` (the
 * grammar gives it its own node). `[[ … ]]` evaluates array subscripts and arithmetic as code.
 */
function visitTest(node: Node, walk: Walk): Denial | undefined {
  const text = node.text;
  if (text.startsWith('[[') || !text.startsWith('[') || !text.endsWith(']')) {
    return deny(
      'test-expression',
      '`[[ … ]]` is not allowed (bash evaluates subscripts and arithmetic in it as code); use `test` or `[` with literal words.',
    );
  }
  // The inner text is parsed (and accounted for) as a command line of its own.
  const inner = parseCommandLine(walk.parser, `test ${text.slice(1, -1)}`);
  if (!Array.isArray(inner)) return inner;
  if (inner.length !== 1 || inner[0]?.kind !== 'command')
    return deny('test-expression', `\`${text}\` is not a plain test.`);
  walk.steps.push(inner[0]);
  cover(walk, node);
  return undefined;
}
