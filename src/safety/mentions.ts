/**
 * Mention neutralisation for published text: a mention inside code is never turned into a
 * notification. In markdown text the caller wraps it in a code span whose backtick run is longer
 * than any other in the paragraph, so no stray backtick of the model's can pair with ours and
 * leave the mention bare; in raw HTML, where backticks mean nothing, `<code>…</code>` is used.
 */

// `@user`, `@org/team`, also spelt as an entity or escaped (`\@user` still renders `@user`).
const MENTION =
  /(\\?)(?:@|&#0*64;|&#[xX]0*40;|&commat;)([A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38})(\/[A-Za-z0-9][A-Za-z0-9_.-]*)?/g;
// An `@` right after one of these is part of an e-mail address (`a.b@example.org`), not a mention.
const EMAIL_LOCAL_PART_CHAR = /[A-Za-z0-9_.+-]/;

/** Wraps a mention (`@name`) so it renders as code; `before`/`after` are the neighbouring characters. */
export type MentionWrapper = (
  mention: string,
  before: string | undefined,
  after: string | undefined,
) => string;

/** The wrapper for raw HTML. */
export const wrapInCodeElement: MentionWrapper = (mention) => `<code>${mention}</code>`;

/** A wrapper for markdown text: a code span of `fenceLength` backticks, spaced off neighbours that would merge with it. */
export function codeSpanWrapper(fenceLength: number): MentionWrapper {
  const fence = '`'.repeat(fenceLength);
  return (mention, before, after) =>
    `${before === '`' || before === '\\' ? ' ' : ''}${fence}${mention}${fence}${after === '`' ? ' ' : ''}`;
}

/**
 * Returns `source.slice(start, end)` (raw text, as written in the markdown or HTML source) with
 * each mention wrapped by `wrap`; `source` is consulted for the characters around the slice.
 */
export function neutraliseMentionsInMarkdownText(
  source: string,
  start: number,
  end: number,
  wrap: MentionWrapper = wrapInCodeElement,
): string {
  const slice = source.slice(start, end);
  return slice.replace(
    MENTION,
    (match, backslash: string, name: string, team: string | undefined, offset: number) => {
      const at = start + offset;
      const before = source[at - 1];
      if (backslash === '' && before !== undefined && EMAIL_LOCAL_PART_CHAR.test(before)) return match;
      // Already neutralised by an earlier pass: keep rewriting idempotent.
      if (source.slice(at - 6, at) === '<code>' && source.startsWith('</code>', at + match.length))
        return match;
      return wrap(`@${name}${team ?? ''}`, before, source[at + match.length]);
    },
  );
}
