/**
 * Pathname expansion as bash does it with its default options (no `dotglob`, `extglob` or
 * `globstar`): used to check every name a glob argument can become. A leading `.` must be
 * matched by a literal `.`; a segment starting with a bracket is assumed to reach dotfiles too,
 * since bash versions differ there.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

const globChars = /[*?[]/;

/** The segment as a regular expression, or undefined when it has no glob characters. */
export function segmentRegExp(segment: string): RegExp | undefined {
  if (!globChars.test(segment)) return undefined;
  let source = '';
  for (let i = 0; i < segment.length; i++) {
    const ch = segment[i]!;
    if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else if (ch === '[') {
      const close = segment.indexOf(']', i + (segment[i + 1] === ']' ? 2 : 1));
      if (close === -1) {
        source += '\\[';
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      // POSIX classes become "any character": wider than bash, which only makes the check stricter.
      body = body
        .replace(/\[:[a-z]+:\]/g, '\\s\\S')
        .replace(/\\/g, '\\\\')
        .replace(/\[/g, '\\[');
      source += negated ? `[^${body}/]` : `[${body}]`;
      i = close;
    } else source += ch.replace(/[\\^$.+(){}|\]-]/g, '\\$&');
  }
  try {
    return new RegExp(`^${source}$`, 's');
  } catch {
    return /^[\s\S]*$/; // a bracket expression JavaScript cannot read: assume it matches anything
  }
}

/** True when a glob segment could match `.` or `..`. */
export function segmentMatchesDots(segment: string): boolean {
  const re = segmentRegExp(segment);
  if (!re) return false;
  return (reachesDotfiles(segment) && (re.test('.') || re.test('..'))) || false;
}

function reachesDotfiles(segment: string): boolean {
  return segment.startsWith('.') || segment.startsWith('[');
}

/** The names `pattern` expands to from `cwd` (absolute paths), at most `limit` of them. */
export function expandGlob(cwd: string, pattern: string, limit: number): string[] {
  const absolute = pattern.startsWith('/');
  const segments = pattern.split('/').filter((s, i) => s !== '' || (i === 0 && absolute));
  let current = [absolute ? '/' : cwd];
  for (const segment of segments) {
    if (segment === '') continue;
    const re = segmentRegExp(segment);
    const next: string[] = [];
    for (const dir of current) {
      if (!re) {
        next.push(`${dir}/${segment}`.replace(/^\/\//, '/'));
        continue;
      }
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      const dots = reachesDotfiles(segment);
      for (const name of names) {
        if (name.startsWith('.') && !dots) continue;
        if (re.test(name)) next.push(path.join(dir, name));
        if (next.length >= limit) return next;
      }
    }
    current = next;
    if (current.length === 0) return [];
  }
  return current;
}
