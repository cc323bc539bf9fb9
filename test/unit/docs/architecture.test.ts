/**
 * docs/architecture.md is the map a newcomer reads first, so it must stay true: every file under
 * src/ is named there, nothing it names is gone, and each row of its "where does X live" table
 * points at a file that really declares the function or type it names.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(import.meta.dirname, '../../..');
const map = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(relative) : [relative];
  });
}

/** Every `src/…` path the map names in backticks. */
function namedSourcePaths(): Set<string> {
  return new Set([...map.matchAll(/`(src\/[\w./-]+\.[a-z]+)`/g)].map((m) => m[1]!));
}

interface WhereRow {
  question: string;
  file: string;
  symbol: string;
}

/** Rows of the table under "## Where does X live": question | `file` | `symbol`. */
function whereRows(): WhereRow[] {
  const section = map.split(/^## /m).find((s) => s.startsWith('Where does X live'));
  assert.ok(section, 'docs/architecture.md has a "## Where does X live" section');
  return section
    .split('\n')
    .map((line) => /^\|\s*(.+?)\s*\|\s*`(src\/[^`]+)`\s*\|\s*`([\w.]+)`/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ question: m[1]!, file: m[2]!, symbol: m[3]! }));
}

/** The folders under src/ whose files `folder`'s files import (relative imports only). */
function importedFolders(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of filesUnder(`src/${folder}`).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = path.relative(
        path.join(root, 'src'),
        path.resolve(path.dirname(path.join(root, file)), m[1]!),
      );
      const top = target.includes('/') ? target.split('/')[0]! : '(src)';
      if (top !== folder) found.set(top, file);
    }
  }
  return found;
}

describe('docs/architecture.md', () => {
  it('names every file under src/', () => {
    const named = namedSourcePaths();
    const missing = filesUnder('src').filter((file) => !named.has(file));
    assert.deepEqual(missing, [], `add these to docs/architecture.md: ${missing.join(', ')}`);
  });

  it('names no file that does not exist', () => {
    const files = new Set(filesUnder('src'));
    const stale = [...namedSourcePaths()].filter((file) => !files.has(file));
    assert.deepEqual(stale, [], `docs/architecture.md names files that are gone: ${stale.join(', ')}`);
  });

  it('answers at least 20 "where does X live" questions, each with a file that declares what it names', () => {
    const rows = whereRows();
    assert.ok(rows.length >= 20, `only ${rows.length} rows`);
    for (const row of rows) {
      const text = readFileSync(path.join(root, row.file), 'utf8');
      // `Class.method` names a method of a class or object declared in the file.
      const [owner, member] = row.symbol.split('.');
      const declared = new RegExp(`(function\\*?|class|const|let|interface|type|enum)\\s+${owner}\\b`).test(
        text,
      );
      assert.ok(declared, `${row.file} declares no ${owner} (row: ${row.question})`);
      if (member) {
        assert.match(text, new RegExp(`\\b${member}\\s*[(<:=]`), `${row.file} has no ${row.symbol}`);
      }
    }
  });

  it('holds the layering it describes: the shared pipeline and the local runner never import the action’s run', () => {
    // The scan sees imports at all: the pipeline does use the sandbox and the tools.
    assert.ok(importedFolders('pipeline').has('sandbox') && importedFolders('pipeline').has('tools'));
    for (const folder of ['pipeline', 'cli', 'agent', 'tools', 'outputs', 'safety', 'llm', 'git', 'github']) {
      const imports = importedFolders(folder);
      for (const upper of ['run', 'cli'].filter((f) => f !== folder)) {
        assert.equal(imports.get(upper), undefined, `${imports.get(upper)} imports src/${upper}/`);
      }
    }
  });
});
