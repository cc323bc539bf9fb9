import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  it('runs rounds in the background; settle awaits them, the first a full walk and later ones from the stamp', async () => {
    const workspace = path.join(root, 'ws');
    mkdirSync(path.join(workspace, 'a', 'b'), { recursive: true });
    mkdirSync(path.join(root, 'base'), { recursive: true });
    writeFileSync(path.join(workspace, 'a', 'b', 'f.txt'), 'x\n');
    const handBack = startHandBack([], selfUser(workspace));
    const stamp = path.join(root, 'base', 'handed-back');
    try {
      assert.equal(handBack.start(), undefined, 'start returns at once');
      assert.equal(existsSync(stamp), false, 'the round has not run yet');
      assert.equal(await handBack.settle(), undefined);
      assert.ok(existsSync(stamp), 'the stamp marks the round');
      // Dated back a second, so a folder changed within the same clock tick still counts.
      assert.ok(statSync(stamp).mtimeMs < Date.now() - 500, 'the stamp is dated back');
      writeFileSync(path.join(workspace, 'a', 'new.txt'), 'y\n');
      handBack.start();
      handBack.start();
      handBack.start();
      assert.equal(await handBack.settle(), undefined, 'rounds queue up');
      assert.equal(await handBack.settle(), undefined, 'settling with nothing pending returns at once');
    } finally {
      await handBack.stop();
    }
    handBack.start();
    assert.match((await handBack.settle()) ?? '', /hand-back helper is not running/);
    assert.equal(await handBack.settle(), undefined, 'a problem is reported once');
  });

  it('never runs a round while a command runs, nor lets a command start during a round', async () => {
    const workspace = path.join(root, 'ws-gate');
    const base = path.join(root, 'base-gate');
    mkdirSync(workspace, { recursive: true });
    mkdirSync(base, { recursive: true });
    const handBack = startHandBack([], selfUser(workspace, base));
    const stamp = path.join(base, 'handed-back');
    try {
      await handBack.enter();
      handBack.start();
      let settled = false;
      const settling = handBack.settle().then(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(existsSync(stamp), false, 'no round while the command runs');
      assert.equal(settled, false);
      handBack.leave();
      await settling;
      assert.ok(existsSync(stamp), 'the round ran once the command had ended');

      const order: string[] = [];
      handBack.start();
      const round = handBack.settle().then(() => order.push('round'));
      await handBack.enter();
      order.push('command');
      handBack.leave();
      await round;
      assert.deepEqual(order, ['round', 'command'], 'the next command waited for the round');
    } finally {
      await handBack.stop();
    }
  });

  it('reports a failed round with what went wrong when settled', async () => {
    const handBack = startHandBack([], selfUser(path.join(root, 'missing')));
    try {
      handBack.start();
      assert.match((await handBack.settle()) ?? '', /`chown` failed \(exit 1: no folder .*missing\)/);
    } finally {
      await handBack.stop();
    }
  });
});
