import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';

const dir = mkdtempSync(path.join(tmpdir(), 'baseline-wasm-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('the entry’s relay', () => {
  it('starts the work once more with the V8 flags, and passes its exit code back', () => {
    const script = path.join(dir, 'entry.mts');
    const module = pathToFileURL(path.resolve('src/baseline-wasm.ts')).href;
    writeFileSync(
      script,
      `import { withBaselineWasm } from ${JSON.stringify(module)};
const result = await withBaselineWasm(${JSON.stringify(script)});
if (result === 'inner') {
  console.log(JSON.stringify(process.execArgv));
  process.exit(3);
}
process.exit(result);
`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
    assert.equal(run.status, 3, run.stderr);
    const flags = JSON.parse(run.stdout.trim()) as string[];
    assert.ok(flags.includes('--liftoff-only'), run.stdout);
    assert.ok(flags.includes('--max-semi-space-size=2'), run.stdout);
  });
});
