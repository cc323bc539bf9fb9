/**
 * Characters a reader cannot see but a model (or a downstream parser) can: zero-width spaces and
 * joiners, BOM, bidi embeddings/overrides/isolates, tag characters (U+E0000–E007F, used to smuggle
 * ASCII), variation selectors (used for "emoji smuggling"), Hangul fillers, soft hyphens, and the
 * C0/C1 control characters except newline and tab. Shared by the prompt and publishing paths.
 */

// Default_Ignorable_Code_Point covers zero-width, bidi, tags, variation selectors and fillers;
// Cf adds the remaining format characters (e.g. interlinear annotation, Arabic number signs).
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u{E0000}-\u{E007F}]/gu;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
// ANSI CSI (colours, cursor moves), OSC (titles, OSC 8 hyperlinks that hide their target) and
// two-byte escapes: drop them whole so no "[31m" debris is left behind.
const ANSI = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][\s\S]*?(?:\u0007|\u001B\\|$)|\u001B[@-Z\\-_]/g;
// Entities that render as invisible characters on GitHub but reach the model as text.
const NAMED_INVISIBLE_ENTITY =
  /&(?:zwj|zwnj|lrm|rlm|shy|ZeroWidthSpace|NoBreak|InvisibleTimes|InvisibleComma|ApplyFunction|it|ic|af|NegativeVeryThinSpace|NegativeThinSpace|NegativeMediumSpace|NegativeThickSpace);/g;
const NUMERIC_ENTITY = /&#(?:[xX]([0-9a-fA-F]{1,8})|([0-9]{1,10}));?/g;

/** True for a code point that `stripInvisible` would remove. */
export function isInvisibleCodePoint(codePoint: number): boolean {
  if (codePoint === 0x0a || codePoint === 0x09) return false;
  if (codePoint > 0x10ffff) return true;
  const char = String.fromCodePoint(codePoint);
  INVISIBLE.lastIndex = 0;
  CONTROL.lastIndex = 0;
  return INVISIBLE.test(char) || CONTROL.test(char) || (codePoint >= 0xd800 && codePoint <= 0xdfff);
}

/**
 * Normalises line breaks to `\n` (a lone `\r` would let text overwrite itself in a terminal and
 * is a line break to the runner) and removes ANSI escapes, invisible characters, control
 * characters, lone surrogates, and HTML entities that encode invisible characters.
 */
export function stripInvisible(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(ANSI, '')
    .replace(INVISIBLE, '')
    .replace(CONTROL, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(NAMED_INVISIBLE_ENTITY, '')
    .replace(NUMERIC_ENTITY, (entity, hex: string | undefined, dec: string | undefined) => {
      const codePoint = hex !== undefined ? Number.parseInt(hex, 16) : Number(dec);
      return isInvisibleCodePoint(codePoint) ? '' : entity;
    });
}
