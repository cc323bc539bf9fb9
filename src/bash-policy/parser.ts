/**
 * Loads the tree-sitter bash grammar once per process. Bundling notes (checked with ncc 0.45):
 * - each `.wasm` file is read through `readFileSync(new URL(<literal>, import.meta.url))`, the
 *   shape ncc's asset relocator recognises, so `npm run build` copies both files byte for byte
 *   next to `dist/index.js` and the bundle runs without `node_modules` (any other shape, or a
 *   `??=` anywhere in this file, makes the relocator skip it and webpack emits a corrupted copy);
 * - web-tree-sitter's CommonJS build is used (see `web-tree-sitter.cjs`), and it reads the free
 *   variable `__dirname` once while initialising, which an ESM bundle does not define.
 */
import { readFileSync } from 'node:fs';
import type { Parser as ParserType } from 'web-tree-sitter';
import * as treeSitter from './web-tree-sitter.cjs';

let loading: Promise<ParserType> | undefined;

/** The shared bash parser; the first call loads the grammar, later calls reuse it. */
export function loadBashParser(): Promise<ParserType> {
  if (loading === undefined) loading = load();
  return loading;
}

async function load(): Promise<ParserType> {
  const { Language, Parser } = treeSitter;
  const wasmBinary = readFileSync(
    new URL('../../node_modules/web-tree-sitter/tree-sitter.wasm', import.meta.url),
  );
  await withDirname(() => Parser.init({ wasmBinary }));
  const bash = readFileSync(
    new URL('../../node_modules/tree-sitter-bash/tree-sitter-bash.wasm', import.meta.url),
  );
  const parser = new Parser();
  parser.setLanguage(await Language.load(bash));
  return parser;
}

/** Defines a placeholder global `__dirname` while `run` is pending, if there is none. */
async function withDirname<T>(run: () => Promise<T>): Promise<T> {
  const global = globalThis as { __dirname?: string };
  if ('__dirname' in globalThis) return run();
  // Only used to locate `tree-sitter.wasm`, which is handed over as bytes instead.
  global.__dirname = '/';
  try {
    return await run();
  } finally {
    delete global.__dirname;
  }
}
