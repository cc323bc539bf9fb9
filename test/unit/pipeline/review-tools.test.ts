/** The reviewer's registry: read tools; writers withheld by name; bash (and its sandbox) by origin. */
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createWriterLedger } from '../../../src/git/work-tree-writers.js';
import { prepareReviewTools } from '../../../src/pipeline/review-tools.js';

async function host() {
  const workspace = await mkdtemp(path.join(tmpdir(), 'review-tools-'));
  const lines: string[] = [];
  return {
    lines,
    host: {
      workspace,
      tempDir: workspace,
      env: { PATH: process.env['PATH'] },
      platform: process.platform,
      log: { info: (m: string) => lines.push(m), warning: (m: string) => lines.push(m) },
      redact: (t: string) => t,
      signal: new AbortController().signal,
      writers: createWriterLedger(),
    },
  };
}

const settings = { allowedCommands: [], sandbox: 'off' as const, network: 'off' as const };

describe('prepareReviewTools', () => {
  it('gives a fork review read tools, no commands, and refuses bash and every writer by name', async () => {
    const { host: h, lines } = await host();
    const tools = await prepareReviewTools(h, settings, { canRunCommands: false });
    assert.deepEqual(tools.registry.names(), ['glob', 'grep', 'read_file']);
    assert.equal(tools.commands, undefined, 'no sandbox for a fork: verify-command never runs its code');
    for (const name of ['write_file', 'edit_file', 'apply_patch']) {
      assert.match(
        tools.registry.refusal(name) ?? '',
        new RegExp(`^${name} is not available in review mode`),
      );
    }
    assert.match(tools.registry.refusal('bash') ?? '', /from a fork: nothing from its head is run/);
    assert.match(lines.join('\n'), /bash is not offered/);
    await tools.dispose();
  });

  it('keeps bash, read-only, for a same-repository review', async () => {
    const { host: h } = await host();
    const tools = await prepareReviewTools(h, settings, { canRunCommands: true });
    try {
      assert.deepEqual(tools.registry.names(), ['bash', 'glob', 'grep', 'read_file']);
      assert.ok(tools.commands?.sandbox, 'the sandbox bash uses, for verify-command');
      assert.equal(tools.registry.refusal('bash'), undefined);
      assert.ok(tools.registry.refusal('write_file'));
    } finally {
      await tools.dispose();
    }
  });
});
