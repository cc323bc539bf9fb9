/**
 * A stdio MCP server through each sandbox level this machine allows, as the action starts it: it
 * runs like an agent command (the throw-away user where there is one, the workspace as its folder,
 * the runner's home hidden), sees its own variables, lives in a PID namespace an agent command
 * cannot look into, and what it writes in the workspace is handed back to the runner.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { agentCommandEnv } from '../../../src/exec/scrubbed-env.js';
import { parseMcpServers } from '../../../src/mcp/mcp-config.js';
import { type RunMcp, startMcpTools } from '../../../src/pipeline/mcp-tools.js';
import type { DetectSandboxOptions, ManagedSandbox } from '../../../src/sandbox/detect-sandbox.js';
import { invokeTool } from '../../../src/tools/invoke.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { mcpTestHost, TEST_SERVER } from '../../helpers/mcp-servers.js';
import { type JobLayout, makeJobLayout, noSudo, runIn, tryLevel } from './sandbox-fixture.js';

const SERVER_SECRET = 'mcp-sandbox-secret-31b9d0';
const uid = process.getuid?.() === 0 ? 1000 : process.getuid?.();
const levels: {
  name: string;
  extra: Partial<DetectSandboxOptions>;
  wanted: (s: ManagedSandbox) => boolean;
}[] = [
  { name: 'root or sudo', extra: {}, wanted: (s) => s.level !== 'none' && s.missing.length === 0 },
  { name: 'userns', extra: { runCommandProbe: noSudo, uid }, wanted: (s) => s.level === 'userns' },
];

for (const level of levels) {
  describe(`an MCP server at sandbox level ${level.name}`, () => {
    let job: JobLayout;
    let sandbox: ManagedSandbox | string;
    let mcp: RunMcp | undefined;
    let registry: ToolRegistry;
    const use = (t: TestContext): ManagedSandbox | undefined => {
      if (typeof sandbox === 'string') t.skip(sandbox);
      return typeof sandbox === 'string' ? undefined : sandbox;
    };
    const call = async (name: string, args: object = {}) =>
      (
        await invokeTool(
          registry,
          { id: 'c', name, arguments: JSON.stringify(args) },
          new AbortController().signal,
        )
      ).output;

    before(async () => {
      job = await makeJobLayout();
      sandbox = await tryLevel(job, level.extra, level.wanted);
      if (typeof sandbox === 'string') return;
      const parsed = parseMcpServers(
        `probe: { command: ${process.execPath}, args: [${TEST_SERVER}], env: { SERVER_SECRET: $SERVER_SECRET } }`,
        { SERVER_SECRET },
      );
      assert.ok('value' in parsed);
      const env = agentCommandEnv({ PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` }, job.workspace);
      mcp = await startMcpTools(
        { ...mcpTestHost(job.workspace), tempDir: job.tempDir },
        { servers: parsed.value.servers, network: 'off' },
        { sandbox, env },
      );
      registry = new ToolRegistry([]).withShelf(mcp!.shelf, true);
    });
    after(async () => {
      await mcp?.close();
      if (typeof sandbox !== 'string') await sandbox.dispose();
      await job.cleanup();
    });

    it('runs as the sandbox’s user with its own variables, and cannot read the runner’s home', async (t) => {
      const box = use(t);
      if (!box) return;
      const names = (await call('mcp__probe__env_names')).split('\n');
      assert.ok(names.includes('SERVER_SECRET') && names.includes('GIT_CONFIG_COUNT'), names.join(' '));
      assert.ok(!names.some((n) => n.startsWith('INPUT_') || n.startsWith('ACTIONS_')));
      const digest = await call('mcp__probe__env_digest', { name: 'SERVER_SECRET' });
      assert.equal(digest, `SERVER_SECRET: ${createHash('sha256').update(SERVER_SECRET).digest('hex')}`);
      if (box.userName)
        assert.match(await call('mcp__probe__env_digest', { name: 'USER' }), /^USER: [0-9a-f]{64}$/);
      assert.match(await call('mcp__probe__read_text', { path: 'README.md' }), /^# repo/);
      assert.match(
        await call('mcp__probe__read_text', { path: job.homeSecret }),
        /^cannot: (ENOENT|EACCES)$/,
      );
      assert.match(
        await call('mcp__probe__read_text', { path: job.ownerOnlySecret }),
        /^cannot: EACCES$|^sandbox-test/,
      );
      if (box.userName)
        assert.equal(await call('mcp__probe__read_text', { path: job.ownerOnlySecret }), 'cannot: EACCES');
    });

    it('is out of an agent command’s sight: no process, no environment to read', async (t) => {
      const box = use(t);
      if (!box) return;
      const probe = await runIn(
        box,
        [
          '/bin/sh',
          '-c',
          'cat /proc/[0-9]*/environ 2>/dev/null | tr "\\0" "\\n" | grep -c SERVER_SECRET || true',
        ],
        job.workspace,
      );
      assert.equal(probe.output.trim(), '0');
    });

    it('writes in the workspace, and the runner owns what it wrote once the hand-back settled', async (t) => {
      const box = use(t);
      if (!box) return;
      assert.equal(
        await call('mcp__probe__write_note', { name: 'note.txt', text: 'from the server' }),
        'wrote note.txt',
      );
      await box.settle();
      const file = path.join(job.workspace, 'note.txt');
      assert.equal(await readFile(file, 'utf8'), 'from the server');
      assert.equal((await stat(file)).uid, (await stat(job.workspace)).uid);
    });
  });
}
