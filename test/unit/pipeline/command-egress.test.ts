import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { startCommandEgress } from '../../../src/pipeline/command-egress.js';
import type { ManagedSandbox } from '../../../src/sandbox/detect-sandbox.js';

const sandbox = (enterNetwork: string[]): ManagedSandbox => ({
  level: 'root+unshare',
  missing: [],
  network: 'off',
  notes: [],
  enterNetwork,
  start: () => {
    throw new Error('no commands here');
  },
  settle: async () => undefined,
  dispose: async () => {},
});

describe('startCommandEgress', () => {
  it('at level landlock gives commands no network rather than a port every host shares', async () => {
    const tempDir = await mkdtemp(path.join(tmpdir(), 'command-egress-'));
    try {
      const { enterNetwork: _, ...noNamespace } = sandbox([]);
      const egress = await startCommandEgress({
        allowedDomains: ['npm'],
        sandbox: { ...noNamespace, level: 'landlock' },
        tempDir,
      });
      assert.deepEqual(egress.env, {}, 'no proxy variables');
      assert.match(egress.warning ?? '', /cannot be enforced at level `landlock`.*commands have no network/);
      assert.equal(existsSync(path.join(tempDir, 'agent-action')), false, 'no proxy started');
      await egress.stop();
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
  });

  it('fails closed when the forwarder cannot start, leaving no socket behind', async () => {
    const tempDir = await mkdtemp(path.join(tmpdir(), 'command-egress-'));
    try {
      await assert.rejects(
        startCommandEgress({ allowedDomains: ['npm'], sandbox: sandbox(['/nonexistent/nsenter']), tempDir }),
        /the egress forwarder could not start/,
      );
      assert.deepEqual(await readdir(path.join(tempDir, 'agent-action')), []);
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
  });

  it('serves the proxy on a Unix socket in the temp folder and removes it when stopped', async () => {
    const tempDir = await mkdtemp(path.join(tmpdir(), 'command-egress-'));
    try {
      const egress = await startCommandEgress({ allowedDomains: ['npm'], sandbox: sandbox([]), tempDir });
      const [dir] = await readdir(path.join(tempDir, 'agent-action'));
      assert.deepEqual(await readdir(path.join(tempDir, 'agent-action', dir!)), ['proxy.sock']);
      assert.match(egress.env['HTTPS_PROXY'] ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(egress.warning, undefined);
      await egress.stop();
      assert.deepEqual(await readdir(path.join(tempDir, 'agent-action')), []);
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
  });
});

describe('startCommandEgress with a long temp folder', () => {
  it('puts the socket where its path fits (Linux takes 107 bytes)', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'command-egress-'));
    const tempDir = path.join(base, 'x'.repeat(60), 'y'.repeat(40));
    await mkdir(tempDir, { recursive: true });
    try {
      const egress = await startCommandEgress({ allowedDomains: ['npm'], sandbox: sandbox([]), tempDir });
      assert.match(egress.env['HTTPS_PROXY'] ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.deepEqual(await readdir(path.join(tempDir, 'agent-action')), []);
      await egress.stop();
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
