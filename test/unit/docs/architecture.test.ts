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

/** A file's layer unit: its top folder under src/ (`run`), or the top-level file itself (`main.ts`). */
function unitOf(fromSrc: string): string {
  return fromSrc.split('/')[0]!.replace(/\.js$/, '.ts');
}

/** The rows of "## Layers", top first: each row's units (`run`, `main.ts`) by their layer number. */
function layerTable(): Map<string, number> {
  const section = map.split(/^## /m).find((s) => s.startsWith('Layers'));
  assert.ok(section, 'docs/architecture.md has a "## Layers" section');
  const layers = new Map<string, number>();
  for (const line of section.split('\n')) {
    const row = /^\|\s*(\d+)\s*\|([^|]+)\|/.exec(line);
    if (!row) continue;
    for (const unit of row[2]!.matchAll(/`src\/([\w.-]+)\/?`/g)) layers.set(unit[1]!, Number(row[1]));
  }
  return layers;
}

interface ImportEdge {
  file: string;
  target: string;
}

/** Every relative import under src/ (`import`, `import type`, `export … from`, `import()`), as paths from src/. */
function importEdges(): ImportEdge[] {
  const src = path.join(root, 'src');
  return filesUnder('src')
    .filter((f) => /\.c?ts$/.test(f))
    .flatMap((file) =>
      [
        ...readFileSync(path.join(root, file), 'utf8').matchAll(
          /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g,
        ),
      ].map((m) => ({
        file: path.relative(src, path.join(root, file)),
        target: path.relative(src, path.resolve(path.dirname(path.join(root, file)), m[1]!)),
      })),
    );
}

/** The imports that run against the table: to a row above, or to another unit of the same row. */
function wrongWayImports(layers: Map<string, number>, edges: ImportEdge[]): string[] {
  return edges
    .filter(({ file, target }) => {
      const from = unitOf(file);
      const to = unitOf(target);
      return from !== to && (layers.get(to) ?? 0) <= (layers.get(from) ?? Number.POSITIVE_INFINITY);
    })
    .map(({ file, target }) => `src/${file} imports src/${target}`);
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

  it('has a layer for every folder and top-level file under src/, and names no other', () => {
    const layers = layerTable();
    const units = new Set(filesUnder('src').map((file) => unitOf(file.slice('src/'.length))));
    assert.deepEqual(
      [...units].filter((unit) => !layers.has(unit)),
      [],
      'add these to the "## Layers" table',
    );
    assert.deepEqual(
      [...layers.keys()].filter((unit) => !units.has(unit)),
      [],
      'the "## Layers" table names these, which are gone',
    );
  });

  it('holds the layering it describes: every import goes to its own folder or a row below', () => {
    const layers = layerTable();
    const edges = importEdges();
    // The scan sees imports at all: the pipeline does use the sandbox and the tools.
    assert.ok(edges.some((e) => e.file.startsWith('pipeline/') && e.target.startsWith('sandbox/')));
    assert.ok(edges.some((e) => e.file.startsWith('pipeline/') && e.target.startsWith('tools/')));
    // Up a row, or across to a neighbour in the same row, is wrong; within a folder or down is not.
    const probes = [
      { file: 'llm/a.ts', target: 'tools/b.js' },
      { file: 'ci/a.ts', target: 'edit/b.js' },
      { file: 'tools/a.ts', target: 'tools/b.js' },
      { file: 'tools/a.ts', target: 'llm/b.js' },
    ];
    assert.deepEqual(wrongWayImports(layers, probes), [
      'src/llm/a.ts imports src/tools/b.js',
      'src/ci/a.ts imports src/edit/b.js',
    ]);
    const wrong = wrongWayImports(layers, edges);
    assert.deepEqual(wrong, [], `imports against the layers of docs/architecture.md:\n${wrong.join('\n')}`);
  });

  it('keeps the shared pipeline and the local runner out of the action’s run', () => {
    const layers = layerTable();
    for (const lower of ['pipeline', 'cli']) assert.ok(layers.get(lower)! > layers.get('run')!);
    assert.ok(layers.get('pipeline')! > layers.get('cli')!);
  });
});
