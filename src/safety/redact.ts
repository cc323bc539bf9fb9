/**
 * Secret redaction for everything the action writes: comments, PR bodies, commit messages, the
 * job summary, log lines. Known values are removed together with their encoded forms (a model
 * asked to "base64 the token" must not get it out), and token-shaped strings are removed even
 * when the value is unknown to us.
 */

import { isInvisibleCodePoint } from './invisible-chars.js';

/** What a removed secret is replaced with. */
export const REDACTED = '***';

/** Values shorter than this are not redacted: they would blank out ordinary text. */
const MIN_SECRET_LENGTH = 4;
/** Encoded fragments shorter than this are too likely to occur by chance. */
const MIN_ENCODED_LENGTH = 6;

// Token shapes, each replaced whole unless a group 1 (a prefix to keep) is present.
const TOKEN_PATTERNS: RegExp[] = [
  // GitHub: personal, OAuth, user-to-server, server-to-server, refresh; fine-grained PATs.
  /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{20,255}(?![A-Za-z0-9])/g,
  /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{20,255}/g,
  // OpenAI (sk-, sk-proj-, sk-svcacct-, sk-admin-) and Anthropic (sk-ant-) style keys.
  /(?<![A-Za-z0-9_-])sk-(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{32,}/g,
  // JWTs: base64url header starting `{"`, payload, optional signature.
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
  // AWS access key ids, Slack tokens, npm tokens.
  /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/g,
  /(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9-]{10,}/g,
  /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  // Header values: `Authorization: basic …`, `bearer …`, `token …` (also in git's extraheader).
  /(authorization\s*[:=]\s*["']?(?:basic|bearer|token)\s+)[^\s"',;]+/gi,
  // Credentials in URLs: `https://x-access-token:…@github.com`, `https://user:pass@host`.
  /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@<>"'`]*:)[^\s/@<>"'`]+(?=@)/gi,
  /(x-access-token:)[^\s@<>"'`]+(?=@)/gi,
];

/**
 * Builds a function that replaces each secret value (ignoring values under 4 characters), its
 * base64, base64url, hex and URL-encoded forms (base64 at all three byte alignments, since a
 * secret can sit inside a longer encoded blob such as `x-access-token:<token>`), and token-shaped
 * strings with `***`. Values are found even with invisible characters inside (`ghs_ab\u200bcd…`):
 * paths that do not strip those first (titles, commit messages, log lines) would carry them.
 */
export function createRedactor(secrets: string[]): (text: string) => string {
  const literalPattern = knownValuePattern(secrets);
  return (text: string): string => {
    let out = literalPattern ? text.replace(literalPattern, REDACTED) : text;
    // A secret with zero-width or control characters inside reads (and copies) as the secret.
    if (literalPattern && MAYBE_INVISIBLE.test(out)) out = redactAcrossInvisible(out, literalPattern);
    for (const pattern of TOKEN_PATTERNS) {
      out = out.replace(
        pattern,
        (_match, keep: unknown) => (typeof keep === 'string' ? keep : '') + REDACTED,
      );
    }
    return out;
  };
}

/**
 * Tells whether a text holds one of `secrets` in any form the redactor knows (plain, encoded,
 * split by invisible characters). Token shapes alone do not count: a diff may carry test fixtures
 * that look like tokens. Used to refuse publishing what must not be published at all (a commit).
 */
export function createSecretDetector(secrets: string[]): (text: string) => boolean {
  const pattern = knownValuePattern(secrets);
  if (!pattern) return () => false;
  return (text) =>
    text.search(pattern) !== -1 ||
    (MAYBE_INVISIBLE.test(text) && redactAcrossInvisible(text, pattern) !== text);
}

/** One pattern matching every known value in every encoded form; undefined when there are none. */
function knownValuePattern(secrets: string[]): RegExp | undefined {
  const forms = new Set<string>();
  for (const secret of secrets) {
    for (const value of [secret, ...secret.split(/\r?\n/)]) {
      if (value.length < MIN_SECRET_LENGTH) continue;
      for (const form of encodedForms(value)) forms.add(form);
    }
  }
  // Longest first, so a secret never leaves the tail of a longer overlapping one behind.
  const literals = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return literals.length > 0 ? new RegExp(literals.join('|'), 'g') : undefined;
}

// A quick pre-check; `isInvisibleCodePoint` decides.
const MAYBE_INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;

/**
 * Finds `pattern` in the text as a reader sees it (invisible characters left out) and replaces
 * each match's whole original span, the invisible characters inside it included.
 */
function redactAcrossInvisible(text: string, pattern: RegExp): string {
  let visible = '';
  const origin: number[] = []; // index in `text` of each UTF-16 unit of `visible`
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i) ?? 0;
    const width = codePoint > 0xffff ? 2 : 1;
    if (!isInvisibleCodePoint(codePoint)) {
      visible += text.slice(i, i + width);
      for (let k = 0; k < width; k++) origin.push(i + k);
    }
    i += width;
  }
  let out = '';
  let last = 0;
  for (const match of visible.matchAll(pattern)) {
    const start = origin[match.index] ?? 0;
    const end = (origin[match.index + match[0].length - 1] ?? start) + 1;
    out += text.slice(last, start) + REDACTED;
    last = end;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** The value and the encodings it can be found in, each at least a few characters long. */
function encodedForms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms = [
    value,
    encodeURIComponent(value),
    encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
  ];
  forms.push(bytes.toString('hex'), bytes.toString('hex').toUpperCase());
  for (let shift = 0; shift < 3; shift++) {
    const base64 = base64Core(bytes, shift);
    forms.push(base64, base64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms.filter((form, index) => index === 0 || form.length >= MIN_ENCODED_LENGTH);
}

/**
 * The base64 characters that depend only on `bytes` when they follow `shift` other bytes in a
 * longer blob: characters mixing in bits of the neighbours (and padding) are left out.
 */
function base64Core(bytes: Buffer, shift: number): string {
  const encoded = Buffer.concat([Buffer.alloc(shift), bytes])
    .toString('base64')
    .replace(/=+$/, '');
  const first = Math.ceil((shift * 8) / 6);
  const last = Math.floor(((shift + bytes.length) * 8) / 6);
  return encoded.slice(first, last);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
