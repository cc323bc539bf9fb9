/**
 * Copilot's path-specific instructions (`.github/instructions/*.instructions.md`): a front matter
 * block whose `applyTo` lists the globs (comma-separated, from the repository root) of the files
 * the instructions are for, and whose optional `excludeAgent` (`code-review` or `coding-agent`)
 * keeps one kind of agent from using them. The front matter is read with a few lines of parsing,
 * not a YAML library: only these two keys matter, each a string.
 */
import path from 'node:path';

/** The file's front matter and the text after it. */
export interface PathInstructions {
  /** Globs from `applyTo`; empty when the file has none (then it applies to nothing by itself). */
  applyTo: string[];
  /** `code-review` or `coding-agent` when the file keeps that agent out. */
  excludeAgent?: string;
  /** The instructions, without the front matter. */
  body: string;
}

/** Splits off the front matter of an `.instructions.md` file. */
export function parsePathInstructions(text: string): PathInstructions {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { applyTo: [], body: text };
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (field) fields.set(field[1]!, unquote(field[2]!.trim()));
  }
  const excludeAgent = fields.get('excludeAgent');
  return {
    applyTo: (fields.get('applyTo') ?? '')
      .split(',')
      .map((glob) => glob.trim())
      .filter((glob) => glob !== ''),
    ...(excludeAgent ? { excludeAgent } : {}),
    body: text.slice(match[0].length),
  };
}

/** Whether `filePath` (repository-relative) matches one of `globs`; `**` also matches dot folders. */
export function appliesTo(globs: readonly string[], filePath: string): boolean {
  return globs.some((glob) => glob === '**' || glob === '**/*' || path.posix.matchesGlob(filePath, glob));
}

function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? quoted[2]! : value.replace(/\s+#.*$/, '');
}
