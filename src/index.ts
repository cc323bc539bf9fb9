/** Entry point of the bundled action (`dist/index.js`). */
import { main } from './main.js';

await main();
