/**
 * Runs every `bench/*.bench.ts` (or the ones named on the command line), prints a table and
 * writes `bench/results.json` as `name → {value, unit}`. Each bench measures its ratios side by
 * side in one run, because this machine is noisy; none of them is a test.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** One figure a bench reports. `target` is the goal as text, e.g. `>= 6.4`. */
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

export type Bench = () => Promise<BenchFigure[]>;

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = (await readdir(benchDir))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const figures: BenchFigure[] = [];
for (const file of files) {
  console.error(`running ${file} …`);
  const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { default: Bench };
  figures.push(...(await module.default()));
}

// A partial run (`npm run bench -- grep`) updates its own figures and keeps the others.
const resultsPath = path.join(benchDir, 'results.json');
const results: Record<string, { value: number; unit: string; target?: string }> = JSON.parse(
  await readFile(resultsPath, 'utf8').catch(() => '{}'),
);
for (const f of figures)
  results[f.name] = { value: f.value, unit: f.unit, ...(f.target ? { target: f.target } : {}) };
await writeFile(resultsPath, `${JSON.stringify(results, null, 2)}\n`);

const width = Math.max(4, ...figures.map((f) => f.name.length));
console.log(`${'name'.padEnd(width)}  ${'value'.padStart(12)}  unit        target`);
for (const f of figures) {
  const value = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(3);
  console.log(`${f.name.padEnd(width)}  ${value.padStart(12)}  ${f.unit.padEnd(10)}  ${f.target ?? ''}`);
}
