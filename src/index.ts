/** Entry point of the bundled action (`dist/index.js`). */
import { fileURLToPath } from 'node:url';
import { withBaselineWasm } from './baseline-wasm.js';

const here = await withBaselineWasm(fileURLToPath(import.meta.url));
if (here === 'inner') {
  const { main } = await import('./main.js');
  await main();
} else process.exitCode = here;
