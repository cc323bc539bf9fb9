import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { startHandBack } from '../../../src/sandbox/hand-back.js';
import type { SandboxUser } from '../../../src/sandbox/sandbox-user.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'hand-back-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A "throw-away user" that is this process's own user, so no root is needed to run the rounds. */
function selfUser(workspace: string, base = path.join(root, 'base')): SandboxUser {
  const uid = process.getuid!();
  const gid = process.getgid!();
  return {
    name: 'self',
    uid,
    gid,
    home: path.join(base, 'home'),
    baseDir: base,
    access: 'acl',
    workspace,
    owner: { uid, gid },
    hadAcl: false,
  };
}

describe('startHandBack', () => {
  it('answers one round per command, the first a full walk and later ones from the stamp', async () => {
    const workspace = path.join(root, 'ws');
    mkdirSync(path.join(workspace, 'a', 'b'), { recursive: true });
    mkdirSync(path.join(root, 'base'), { recursive: true });
    writeFileSync(path.join(workspace, 'a', 'b', 'f.txt'), 'x\n');
    const handBack = startHandBack([], selfUser(workspace));
    try {
      assert.equal(await handBack.run(), undefined);
      assert.ok(existsSync(path.join(root, 'base', 'handed-back')), 'the stamp marks the round');
      writeFileSync(path.join(workspace, 'a', 'new.txt'), 'y\n');
      const rounds = await Promise.all([handBack.run(), handBack.run()]);
      assert.deepEqual(rounds, [undefined, undefined], 'concurrent rounds queue up');
    } finally {
      await handBack.stop();
    }
    assert.match((await handBack.run()) ?? '', /hand-back helper is not running/);
  });

  it('reports a failed round with what went wrong', async () => {
    const handBack = startHandBack([], selfUser(path.join(root, 'missing')));
    try {
      assert.match((await handBack.run()) ?? '', /`chown` failed \(exit 1: no folder .*missing\)/);
    } finally {
      await handBack.stop();
    }
  });
});
