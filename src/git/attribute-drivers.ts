/**
 * Which lines of the repository's attribute files name a driver: `filter=`, `diff=` or `merge=`
 * (each makes git start the program the configuration names for it), or a macro whose definition
 * does (`[attr]lfs filter=lfs`). The action's guard compares them with the start of the run: a
 * line added since is refused before the action's own `git add` runs, whatever the configuration
 * says today, because the driver would run with the action's environment.
 */
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ATTRIBUTE_FILE_MAX_BYTES } from '../limits.js';
import type { GitCommandManager } from './git-command-manager.js';

/** The attribute files git reads, relative to the work tree or `.git/info`. */
async function attributeFiles(git: GitCommandManager): Promise<string[]> {
  // Every `.gitattributes` on disk, tracked or not, ignored or not: git reads them all.
  const listed = await git.exec(['ls-files', '-z', '--cached', '--others', '--', ':(glob)**/.gitattributes']);
  return [...new Set(listed.stdout.split('\0').filter((p) => p !== ''))].sort();
}

/** The pattern and attributes of one line, or undefined for a blank line or a comment. */
function splitLine(line: string): { pattern: string; attributes: string[] } | undefined {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return undefined;
  // A quoted pattern may hold spaces (`"a b" diff=x`).
  const quoted = text.startsWith('"') ? /^"(?:[^"\\]|\\.)*"/.exec(text)?.[0] : undefined;
  const pattern = quoted ?? text.split(/\s+/, 1)[0] ?? '';
  const attributes = text.slice(pattern.length).trim().split(/\s+/).filter(Boolean);
  return { pattern, attributes };
}

const DRIVER = /^(filter|diff|merge)=/;

/** The driver lines of one file's text: `file: pattern attributes`, normalised. */
export function driverLines(file: string, text: string, macros: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const parts = splitLine(line);
    if (!parts) continue;
    const named = parts.attributes.some((a) => DRIVER.test(a) || macros.has(a));
    if (named) found.push(`${file}: ${parts.pattern} ${parts.attributes.join(' ')}`);
  }
  return found;
}

/** Macro names whose definition names a driver (`[attr]name filter=x …`), in any of `texts`. */
export function driverMacros(texts: readonly string[]): Set<string> {
  const macros = new Set<string>();
  // A macro may use an earlier one; two passes reach what any sane file defines.
  for (let pass = 0; pass < 2; pass++) {
    for (const text of texts) {
      for (const line of text.split(/\r?\n/)) {
        const parts = splitLine(line);
        if (!parts?.pattern.startsWith('[attr]')) continue;
        if (parts.attributes.some((a) => DRIVER.test(a) || macros.has(a))) macros.add(parts.pattern.slice(6));
      }
    }
  }
  return macros;
}

/**
 * Every driver line of the work tree's `.gitattributes` files and of `<gitDir>/info/attributes`.
 * A `.gitattributes` that is not a regular file (a link, a pipe) is reported as one line of its
 * own: git does not follow it, but nothing here may hang on it or read through it.
 */
export async function attributeDrivers(git: GitCommandManager, commonDir: string): Promise<Set<string>> {
  const sources: { name: string; full: string }[] = [
    ...(await attributeFiles(git)).map((p) => ({ name: p, full: path.join(git.cwd, p) })),
    { name: '.git/info/attributes', full: path.join(commonDir, 'info', 'attributes') },
  ];
  const texts: { name: string; text: string }[] = [];
  const lines = new Set<string>();
  for (const source of sources) {
    const stat = await lstat(source.full).catch(() => undefined);
    if (!stat) continue;
    if (!stat.isFile()) lines.add(`${source.name}: (not a regular file)`);
    else if (stat.size > ATTRIBUTE_FILE_MAX_BYTES) lines.add(`${source.name}: (larger than 1 MiB)`);
    else texts.push({ name: source.name, text: await readFile(source.full, 'utf8') });
  }
  const macros = driverMacros(texts.map((t) => t.text));
  for (const { name, text } of texts) for (const line of driverLines(name, text, macros)) lines.add(line);
  return lines;
}
