import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import * as limits from '../../src/limits.js';

const SRC = path.resolve(import.meta.dirname, '../../src');
const LIMITS = path.join(SRC, 'limits.ts');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Names exported by a top-level statement, and whether a `/** … *\/` comment precedes it. */
function exportedDeclarations(file: ts.SourceFile): { name: string; documented: boolean }[] {
  const out: { name: string; documented: boolean }[] = [];
  for (const statement of file.statements) {
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) continue;
    const comments = ts.getLeadingCommentRanges(file.text, statement.getFullStart()) ?? [];
    const documented = comments.some((c) => file.text.slice(c.pos, c.pos + 3) === '/**');
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText(file))
      : [(statement as ts.DeclarationStatement).name?.getText(file) ?? '(unnamed)'];
    for (const name of names) out.push({ name, documented });
  }
  return out;
}

describe('src/limits.ts', () => {
  it('is the only file under src/ that writes GitHub’s body limit as a literal', async () => {
    const files = await sourceFiles(SRC);
    assert.ok(files.length > 100, `only ${files.length} files found under src/`);
    const offenders: string[] = [];
    for (const file of files) {
      if (file === LIMITS) continue;
      const text = await readFile(file, 'utf8');
      text.split('\n').forEach((line, i) => {
        if (/(?<![\d_])65_?536(?![\d_])/.test(line)) offenders.push(`${path.relative(SRC, file)}:${i + 1}`);
      });
    }
    assert.deepEqual(offenders, []);
    assert.equal(limits.GITHUB_BODY_LIMIT, 65_536);
  });

  it('is the only module that exports GITHUB_BODY_LIMIT', async () => {
    const exporters: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const text = await readFile(file, 'utf8');
      if (/export\s+(?:const\s+GITHUB_BODY_LIMIT\b|\{[^}]*\bGITHUB_BODY_LIMIT\b[^}]*\}\s+from)/.test(text))
        exporters.push(path.relative(SRC, file));
    }
    assert.deepEqual(exporters, ['limits.ts']);
  });

  it('gives every export a doc comment', async () => {
    const text = await readFile(LIMITS, 'utf8');
    const file = ts.createSourceFile(LIMITS, text, ts.ScriptTarget.Latest, true);
    const declared = exportedDeclarations(file);
    assert.deepEqual(
      declared.map((d) => d.name).sort(),
      Object.keys(limits).sort(),
      'every runtime export is a top-level declaration the check can see',
    );
    assert.ok(declared.length >= 40, `only ${declared.length} exports`);
    assert.deepEqual(
      declared.filter((d) => !d.documented).map((d) => d.name),
      [],
    );
  });

  it('sees an export without a doc comment (the check itself works)', () => {
    const file = ts.createSourceFile(
      'probe.ts',
      '/** Has one. */\nexport const A = 1;\n// Not a doc comment.\nexport const B = 2;\nexport const C = 3;\n',
      ts.ScriptTarget.Latest,
      true,
    );
    assert.deepEqual(
      exportedDeclarations(file)
        .filter((d) => !d.documented)
        .map((d) => d.name),
      ['B', 'C'],
    );
  });
});
