/**
 * A finding's identity across pushes: its file, the code it is anchored to with whitespace
 * collapsed, and its rule (the reviewer's short title, or the first sentence of the comment),
 * hashed. The line number is left out on purpose, so code that moves keeps its fingerprint, and
 * code that changes gets a new one: that is when a finding deserves a fresh look. Pure.
 */
import { createHash } from 'node:crypto';

/** Code compared across versions: every run of whitespace is one space, ends trimmed. */
export function normaliseCode(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A rule or title compared across reviews: lower case, letters and digits, single spaces. */
export function normaliseTitle(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 80);
}

/** The rule of a finding: its `title`, else the first sentence of its comment. */
export function findingTitle(finding: { title?: string | undefined; body: string }): string {
  const given = finding.title?.trim();
  if (given) return given.slice(0, 120);
  const text = finding.body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  return sentence.slice(0, 120);
}

/** 16 hex characters of SHA-256 over path, normalised code and normalised title. */
export function fingerprint(parts: { path: string; code: string; title: string }): string {
  const key = [parts.path, normaliseCode(parts.code), normaliseTitle(parts.title)].join('\0');
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** The secondary key a dismissal also matches: the same rule on the same file. */
export function ruleKey(parts: { path: string; title: string }): string {
  return `${parts.path}\0${normaliseTitle(parts.title)}`;
}
