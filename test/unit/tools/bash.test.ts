import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createBashPolicy } from '../../../src/bash-policy/index.js';
import { scrubbedEnv } from '../../../src/exec/scrubbed-env.js';
import { unsandboxed } from '../../../src/sandbox/sandbox.js';
import { createBashTool } from '../../../src/tools/bash.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { runTool } from '../../helpers/run-tool.js';
import { createTempWorkspace, type TempWorkspace } from '../../helpers/temp-workspace.js';

let ws: TempWorkspace;
let registry: ToolRegistry;
let logDir: string;

before(async () => {
  ws = await createTempWorkspace(
    { 'src/a.txt': 'alpha\nbeta\n', 'package.json': '{"name":"x"}\n' },
    { git: true },
  );
  const policy = await createBashPolicy({
    workspace: ws.root,
    sandbox: { level: 'userns', deliberate: false },
  });
  const env = scrubbedEnv({ ...process.env, GITHUB_TOKEN: 'ghs_tooltesttooltesttooltest0000' });
  logDir = `${ws.root}-logs`;
  registry = new ToolRegistry([
    createBashTool({ workspace: ws.root, policy, sandbox: unsandboxed, env, logDir }),
  ]);
});
after(async () => {
  await ws.cleanup();
  rmSync(logDir, { recursive: true, force: true });
});

describe('bash tool', () => {
  it('runs an allowed command in the workspace and reports the exit code', async () => {
    const result = await runTool(registry, 'bash', {
      command: 'grep -n beta src/a.txt && git status --short',
    });
    assert.equal(result.isError, false);
    assert.equal(result.meta.status, 'ok');
    assert.equal(result.meta.exitCode, 0);
    assert.equal(result.meta.timedOut, false);
    assert.match(result.output, /^2:beta/);
    assert.match(result.output, /Exit code 0\./);
  });

  it('returns a non-zero exit as an error, distinct from a denial', async () => {
    const result = await runTool(registry, 'bash', { command: 'grep -q missing src/a.txt' });
    assert.equal(result.isError, true);
    assert.equal(result.meta.status, 'error');
    assert.equal(result.meta.exitCode, 1);
  });

  it('denies a refused command without running it, naming the rule', async () => {
    const result = await runTool(registry, 'bash', { command: 'sed -i s/alpha/gamma/ src/a.txt' });
    assert.equal(result.isError, true);
    assert.equal(result.meta.status, 'denied');
    assert.equal(result.meta.rule, 'sed-in-place');
    assert.match(result.output, /edit_file/);
    assert.equal(readFileSync(path.join(ws.root, 'src/a.txt'), 'utf8'), 'alpha\nbeta\n');
  });

  it('kills a command that outlives its timeout', async () => {
    const result = await runTool(registry, 'bash', { command: 'echo waiting && sleep 30', timeout: 1 });
    assert.equal(result.meta.timedOut, true);
    assert.equal(result.meta.status, 'error');
    assert.match(result.output, /^waiting/);
    assert.match(result.output, /Timed out after 1 s/);
  });

  it('rejects a timeout above 600 seconds', async () => {
    const result = await runTool(registry, 'bash', { command: 'ls', timeout: 601 });
    assert.equal(result.isError, true);
    assert.notEqual(result.meta.status, 'ok');
  });

  it('points at the full log when lines were dropped', async () => {
    const result = await runTool(registry, 'bash', { command: 'seq 1 5000' });
    assert.equal(result.meta.droppedLines, 4000);
    assert.match(result.output, /\[\.\.\. 4000 lines dropped \.\.\.\]/);
    const logPath = String(result.meta.fullLogPath);
    assert.ok(result.output.includes(logPath));
    assert.equal(readFileSync(logPath, 'utf8').split('\n').length, 5001);
  });
});
