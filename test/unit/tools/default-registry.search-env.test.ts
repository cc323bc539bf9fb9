/**
 * The processes `glob` and `grep` start (git, ripgrep) run outside the sandbox, in a folder the
 * agent writes: they get the scrubbed environment and git's program-running settings off, never
 * the action's own environment.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import type { GrepBackendName } from '../../../src/tools/grep-backends.js';
import { runTool } from '../../helpers/run-tool.js';
import { createTempWorkspace, type TempWorkspace } from '../../helpers/temp-workspace.js';

const SECRET = 'ghs_searchEnvProbeToken000000000000000000';

describe('the environment of the search tools’ processes', () => {
  let ws: TempWorkspace;
  let shims: string;
  const dump = () => path.join(shims, 'env-dump');
  const marker = () => path.join(shims, 'fsmonitor-ran');

  before(async () => {
    ws = await createTempWorkspace(
      { 'src/a.ts': 'export const needle = 1;\n', '.gitignore': 'dist/\n' },
      { git: true },
    );
    shims = mkdtempSync(path.join(tmpdir(), 'search-env-'));
    // A `git` first on PATH that records its environment, then runs the real one.
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(path.join(shims, 'git'), `#!/bin/sh\nenv >> '${dump()}'\nexec '${realGit}' "$@"\n`, {
      mode: 0o755,
    });
    // What an agent-run command can write: a monitor program in the repository's config.
    ws.git('config', 'core.fsmonitor', `touch '${marker()}'; false`);
    process.env['AGENT_ACTION_SEARCH_PROBE'] = SECRET;
  });
  after(async () => {
    delete process.env['AGENT_ACTION_SEARCH_PROBE'];
    await ws.cleanup();
    rmSync(shims, { recursive: true, force: true });
  });

  const registry = (grepBackends: GrepBackendName[]) =>
    createDefaultRegistry({
      workspace: ws.root,
      policy: ws.policy,
      readTracker: ws.readTracker,
      grepBackends,
      env: { PATH: `${shims}:${process.env['PATH'] ?? ''}`, HOME: ws.root },
    });

  it('control: plain git check-ignore in this workspace does run the planted monitor', () => {
    spawnSync('git', ['check-ignore', '--stdin'], { cwd: ws.root, input: 'src/a.ts\n' });
    assert.equal(existsSync(marker()), true);
    rmSync(marker());
  });

  for (const [tool, backends, args] of [
    ['glob', [], { pattern: '**/*.ts' }],
    ['grep', ['git-grep'], { pattern: 'needle' }],
    ['grep', ['js'], { pattern: 'needle' }],
  ] as const) {
    it(`${tool}${backends.length ? ` (${backends[0]})` : ''}: no secret of the action, no monitor, results as before`, async () => {
      rmSync(dump(), { force: true });
      const result = await runTool(registry([...backends]), tool, args);
      assert.equal(result.isError, false, result.output);
      assert.match(result.output, /src\/a\.ts/);
      const seen = readFileSync(dump(), 'utf8');
      assert.doesNotMatch(seen, new RegExp(SECRET), 'the action’s environment reached git');
      assert.match(seen, /GIT_CONFIG_NOSYSTEM=1/);
      assert.match(seen, /core\.fsmonitor/);
      assert.equal(existsSync(marker()), false, 'the planted monitor ran');
    });
  }
});
