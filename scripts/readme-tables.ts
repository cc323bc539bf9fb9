/**
 * Keeps README's inputs and outputs tables equal to `action.yml`, and its embedded workflows equal
 * to `docs/examples/*.yml`. Each generated part lives between marker comments
 * (`<!-- inputs:start -->` … `<!-- inputs:end -->`, `outputs`, `example:<file>`) and is
 * regenerated, so a new or renamed input or an edited example cannot drift.
 *
 *   npm run readme                                       rewrite README.md in place
 *   node --import tsx scripts/readme-tables.ts --check   exit 1 if README.md is out of date
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

/** One input or output as `action.yml` declares it, in file order. */
export interface ActionEntry {
  name: string;
  description: string;
  /** Inputs only; `undefined` for outputs. */
  default?: string;
}

export interface ActionMetadata {
  inputs: ActionEntry[];
  outputs: ActionEntry[];
}

type RawEntries = Record<string, { description?: string; default?: unknown } | null> | undefined;

function entries(raw: RawEntries, withDefault: boolean): ActionEntry[] {
  return Object.entries(raw ?? {}).map(([name, spec]) => {
    const description = String(spec?.description ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!withDefault) return { name, description };
    return { name, description, default: spec?.default === undefined ? '' : String(spec.default) };
  });
}

/** Parses `action.yml` text; YAML keeps mapping order, which is the order users read. */
export function parseActionMetadata(yamlText: string): ActionMetadata {
  const doc = parse(yamlText) as { inputs?: RawEntries; outputs?: RawEntries };
  return { inputs: entries(doc.inputs, true), outputs: entries(doc.outputs, false) };
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');
const code = (text: string): string => (text === '' ? '—' : `\`${text}\``);

/** The inputs table: name, default (`—` when empty), description. */
export function renderInputsTable(inputs: readonly ActionEntry[]): string {
  const rows = inputs.map((i) => `| \`${i.name}\` | ${code(i.default ?? '')} | ${cell(i.description)} |`);
  return ['| input | default | description |', '|---|---|---|', ...rows].join('\n');
}

/** The outputs table: name, description. */
export function renderOutputsTable(outputs: readonly ActionEntry[]): string {
  const rows = outputs.map((o) => `| \`${o.name}\` | ${cell(o.description)} |`);
  return ['| output | description |', '|---|---|', ...rows].join('\n');
}

/** Replaces what is between `<!-- <name>:start -->` and `<!-- <name>:end -->`; throws if a marker is missing. */
export function replaceBetweenMarkers(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no "${start}" … "${end}" markers`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}

/**
 * README text with both tables regenerated from the metadata and every example file (name → YAML
 * text) placed, fenced, between its `example:<name>` markers.
 */
export function updateReadmeTables(
  readme: string,
  metadata: ActionMetadata,
  examples: Record<string, string> = {},
): string {
  let text = replaceBetweenMarkers(readme, 'inputs', renderInputsTable(metadata.inputs));
  text = replaceBetweenMarkers(text, 'outputs', renderOutputsTable(metadata.outputs));
  for (const [name, yamlText] of Object.entries(examples)) {
    text = replaceBetweenMarkers(text, `example:${name}`, `\`\`\`yaml\n${yamlText.trimEnd()}\n\`\`\``);
  }
  return text;
}

/** Reads `docs/examples/*.yml` under the repository root, by file name. */
export async function readExamples(root: string): Promise<Record<string, string>> {
  const dir = path.join(root, 'docs', 'examples');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.yml')).sort();
  const examples: Record<string, string> = {};
  for (const name of names) examples[name] = await readFile(path.join(dir, name), 'utf8');
  return examples;
}

async function main(argv: string[]): Promise<number> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const readmePath = path.join(root, 'README.md');
  const readme = await readFile(readmePath, 'utf8');
  const metadata = parseActionMetadata(await readFile(path.join(root, 'action.yml'), 'utf8'));
  const updated = updateReadmeTables(readme, metadata, await readExamples(root));
  if (updated === readme) {
    console.log('README.md tables and examples match action.yml and docs/examples/');
    return 0;
  }
  if (argv.includes('--check')) {
    console.error('README.md differs from action.yml or docs/examples/; run: npm run readme');
    return 1;
  }
  await writeFile(readmePath, updated);
  console.log('README.md tables and examples regenerated');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
