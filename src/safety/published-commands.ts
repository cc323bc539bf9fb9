/**
 * Published markdown is echoed by later workflows (release notes, changelog bots,
 * `echo "${{ github.event.pull_request.body }}"`), and the runner reads any echoed line that
 * starts with `::` (after its whitespace trim) as a workflow command, and `##[` anywhere as the
 * legacy form. Such lines are defused so they read the same: outside code a backslash, which
 * GFM renders away (`\::set-output` shows as `::set-output`); inside code, where a backslash
 * would show, a braille blank, which looks like a space but is not one to the runner.
 */

const BRAILLE_BLANK = '\u2800';
// What .NET's String.TrimStart() removes, which the runner applies before looking for `::`.
const LEADING_WHITESPACE = /^[\t\v\f \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Defuses every line a runner would read as a workflow command; other text is unchanged. */
export function defuseWorkflowCommandLines(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const marker = FENCE.exec(line)?.[1];
      if (marker) {
        if (fence === undefined) fence = marker;
        else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
        return line;
      }
      const indent = LEADING_WHITESPACE.exec(line)?.[0] ?? '';
      const rest = line.slice(indent.length);
      const inCode = fence !== undefined || /^( {4}|\t)/.test(line);
      let out = rest;
      if (out.includes('##[')) out = out.replaceAll('##[', inCode ? `##${BRAILLE_BLANK}[` : '##\\[');
      if (out.startsWith('::')) out = `${inCode || indent.length > 3 ? BRAILLE_BLANK : '\\'}${out}`;
      return `${indent}${out}`;
    })
    .join('\n');
}
