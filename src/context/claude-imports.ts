/**
 * `@path` imports in `CLAUDE.md`, as Claude Code reads them: a word starting with `@` outside code
 * spans and fenced blocks names a file, relative to the importing file. Only paths inside the
 * repository are followed: an absolute path, a home path (`@~/…`) or one that climbs out with `..`
 * is reported as refused, never read. Words without a `.` or `/` (`@alice`) are mentions, not
 * imports.
 */
import path from 'node:path';

/** One `@…` word that names a file. */
export type ClaudeImport =
  | { kind: 'inside'; written: string; path: string }
  | { kind: 'outside'; written: string; why: string };

// Claude Code's own pattern: `@` at the start or after white space, up to the next white space.
const IMPORT = /(?:^|\s)@((?:[^\s\\]|\\ )+)/g;

/** The imports of `text`, a file at `fromPath`, in the order written (each path once). */
export function claudeImports(text: string, fromPath: string): ClaudeImport[] {
  const seen = new Set<string>();
  const out: ClaudeImport[] = [];
  for (const match of withoutCode(text).matchAll(IMPORT)) {
    const written = match[1]!.replace(/\\ /g, ' ').replace(/[.,;:!?)\]}>'"`]+$/, '');
    if (!/[./]/.test(written) || seen.has(written)) continue;
    seen.add(written);
    out.push(resolveImport(written, fromPath));
  }
  return out;
}

function resolveImport(written: string, fromPath: string): ClaudeImport {
  if (written.startsWith('~')) return { kind: 'outside', written, why: 'a path in the home folder' };
  if (path.posix.isAbsolute(written)) return { kind: 'outside', written, why: 'an absolute path' };
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(fromPath), written));
  if (resolved === '..' || resolved.startsWith('../'))
    return { kind: 'outside', written, why: 'a path outside the repository' };
  return { kind: 'inside', written, path: resolved.replace(/^\.\//, '') };
}

/** `text` with fenced blocks and code spans blanked out, so `@` inside code is not an import. */
function withoutCode(text: string): string {
  const lines = text.split('\n');
  let fence: string | undefined;
  const kept = lines.map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line.replace(/(`+)[\s\S]*?\1/g, ' ');
  });
  return kept.join('\n');
}
