/**
 * `network: allowlist` where the sandbox has no network namespace (`none`): the proxy still runs
 * on the runner's loopback for commands that honour the variables, and the downgrade is reported;
 * under `sandbox: strict` the run fails instead.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createWriterLedger } from '../../../src/git/work-tree-writers.js';
import {
  type AgentToolSettings,
  prepareAgentTools,
  unsandboxedCodeNote,
} from '../../../src/pipeline/agent-tools.js';
import type { CommandHost } from '../../../src/pipeline/command-host.js';
import { SandboxUnavailableError } from '../../../src/sandbox/detect-sandbox.js';

let root: string;
const warnings: string[] = [];
const host = (): CommandHost => ({
  workspace: path.join(root, 'ws'),
  tempDir: root,
  env: { PATH: '/usr/bin:/bin' },
  platform: 'darwin',
  log: { info: () => {}, warning: (m) => warnings.push(m) },
  redact: (t) => t,
  signal: new AbortController().signal,
  writers: createWriterLedger(),
});
const settings = (sandbox: AgentToolSettings['sandbox']): AgentToolSettings => ({
  allowedCommands: [],
  sandbox,
  network: 'allowlist',
  allowedDomains: ['registry.test'],
});

before(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'agent-tools-'));
  await mkdir(path.join(root, 'ws'));
});
after(() => rm(root, { recursive: true, force: true }));

describe('network: allowlist without a network namespace', () => {
  it('is a reported downgrade under `sandbox: auto`: the proxy runs, commands are not confined', async () => {
    const tools = await prepareAgentTools(host(), settings('auto'));
    try {
      assert.equal(tools.sandbox.level, 'none');
      assert.match(
        tools.description,
        /`network: allowlist` is not enforced: this sandbox level has no network namespace/,
      );
      assert.ok(
        warnings.some((w) => w.includes('not enforced')),
        warnings.join('\n'),
      );
      const url = new URL(tools.commandEnv['HTTPS_PROXY'] ?? '');
      const socket = net.connect(Number(url.port), '127.0.0.1');
      await once(socket, 'connect');
      socket.end('CONNECT outside.test:443 HTTP/1.1\r\nHost: outside.test:443\r\n\r\n');
      let answer = '';
      socket.on('data', (c) => {
        answer += c.toString();
      });
      await once(socket, 'close');
      assert.match(answer, /^HTTP\/1\.1 403 /);
      assert.deepEqual([...tools.blockedHosts()], [['outside.test', 1]]);
    } finally {
      await tools.dispose();
    }
  });

  it('fails the run under `sandbox: strict`', async () => {
    await assert.rejects(prepareAgentTools(host(), settings('strict')), SandboxUnavailableError);
  });
});

describe('unsandboxedCodeNote', () => {
  it('tells the maintainer workspace code was refused at levels none and landlock, and nothing at a namespace level', () => {
    for (const level of ['none', 'landlock'])
      assert.match(unsandboxedCodeNote('auto', level), /project's own code .* were refused/);
    assert.match(unsandboxedCodeNote('off', 'none'), /sandbox: off/);
    for (const level of ['root+unshare', 'sudo+unshare', 'userns'])
      assert.equal(unsandboxedCodeNote('auto', level), '');
  });
});
