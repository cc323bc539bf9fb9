/**
 * Here-documents read the way bash reads them, compared with what tree-sitter made of them. The
 * grammar ends a body at a line equal to the delimiter *as written* (`E'O'F`), bash at the
 * delimiter after quote removal (`EOF`), so lines after bash's end would run unseen; and an
 * unquoted body expands `$…` and backquotes that have no node in the tree. So: the delimiter is
 * computed as bash does, bash's end of the body must be exactly the grammar's, and an unquoted
 * body may hold no `$`, backquote or backslash-newline.
 */
import type { Node } from 'web-tree-sitter';
import { type Denial, deny } from './denial.js';

/** The source ranges a checked here-document accounts for. */
export type Range = [start: number, end: number];

const delimiterPiece = /'[\w.-]*'|"[\w.-]*"|\\[\w.-]|[\w.-]+/y;

/** The delimiter after quote removal, and whether any part of it was quoted. */
function delimiterOf(raw: string): { word: string; quoted: boolean } | undefined {
  let word = '';
  let quoted = false;
  delimiterPiece.lastIndex = 0;
  while (delimiterPiece.lastIndex < raw.length) {
    const at = delimiterPiece.lastIndex;
    const match = delimiterPiece.exec(raw);
    if (!match || match.index !== at) return undefined;
    const piece = match[0];
    if (piece.startsWith("'") || piece.startsWith('"')) {
      quoted = true;
      word += piece.slice(1, -1);
    } else if (piece.startsWith('\\')) {
      quoted = true;
      word += piece.slice(1);
    } else word += piece;
  }
  return word === '' ? undefined : { word, quoted };
}

const refuse = (why: string): Denial =>
  deny(
    'heredoc',
    `${why} Write here-documents as \`<<'EOF'\` … \`EOF\`, one per line, with a plain delimiter.`,
  );

/**
 * Checks a `heredoc_redirect` node against `source` (the whole command line). Returns the
 * ranges of its delimiter, body and end line, or why it is refused.
 */
export function checkHeredoc(node: Node, source: string): Range[] | Denial {
  const children = node.children.filter((c): c is Node => c !== null);
  const operator = children.find((c) => c.type === '<<' || c.type === '<<-');
  const start = children.find((c) => c.type === 'heredoc_start');
  const body = children.find((c) => c.type === 'heredoc_body');
  const end = children.find((c) => c.type === 'heredoc_end');
  if (!operator || !start || !end) return refuse('A here-document without a delimiter line is not allowed.');
  const delimiter = delimiterOf(start.text);
  if (!delimiter) return refuse(`The here-document delimiter \`${start.text}\` is not a plain word.`);
  const stripTabs = operator.type === '<<-';
  const bodyFrom = body?.startIndex ?? end.startIndex;
  // Bash starts the body on the line after the one holding the operator.
  const lineStart = source.lastIndexOf('\n', bodyFrom - 1) + 1;
  if (
    lineStart === 0 ||
    !/^\t*$/.test(source.slice(lineStart, bodyFrom)) ||
    (!stripTabs && lineStart !== bodyFrom)
  )
    return refuse('The here-document body does not start where bash starts it.');
  if (source.slice(start.endIndex, lineStart - 1).includes('\n'))
    return refuse(
      'Only one here-document per line is allowed, and its command may not continue on another line.',
    );
  // Bash's end: the first line equal to the delimiter (leading tabs removed for `<<-`).
  let at = lineStart;
  let endLine = -1;
  while (at <= source.length) {
    const newline = source.indexOf('\n', at);
    const lineEnd = newline === -1 ? source.length : newline;
    const line = source.slice(at, lineEnd);
    if ((stripTabs ? line.replace(/^\t+/, '') : line) === delimiter.word) {
      endLine = at;
      break;
    }
    if (newline === -1) break;
    at = newline + 1;
  }
  if (endLine === -1) return refuse(`The here-document has no line \`${delimiter.word}\` that ends it.`);
  const endLineEnd = endLine + source.slice(endLine).search(/\n|$/);
  if (
    end.endIndex !== endLineEnd ||
    end.startIndex < endLine ||
    end.text.replace(/^\t+/, '') !== delimiter.word
  )
    return refuse(
      `The here-document ends at a different line for bash (\`${delimiter.word}\`) than for the parser.`,
    );
  const text = source.slice(lineStart, endLine);
  if (!delimiter.quoted && /[$`]|\\\n/.test(text))
    return refuse(
      'An unquoted here-document expands `$…` and backquotes (and joins lines ending in `\\`); quote the delimiter so the body is literal text.',
    );
  return [
    [operator.startIndex, operator.endIndex],
    [start.startIndex, start.endIndex],
    [lineStart, endLineEnd],
  ];
}
