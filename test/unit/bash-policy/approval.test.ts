import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Approval } from '../../../src/bash-policy/approval.js';
import { type BashPolicy, createBashPolicy } from '../../../src/bash-policy/index.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';
import { commandRules } from '../../helpers/command-rules.js';

const ws = makePolicyWorkspace();
let sandboxed: BashPolicy;
let none: BashPolicy;

before(async () => {
  sandboxed = await createBashPolicy({ workspace: ws.root, sandbox: { level: 'userns', deliberate: false } });
  none = await createBashPolicy({ workspace: ws.root, sandbox: { level: 'none', deliberate: false } });
});
after(() => ws.cleanup());

function approval(policy: BashPolicy, command: string): Approval {
  const verdict = policy.check(command, { record: true });
  assert.ok(verdict.allowed, `${command} is allowed`);
  assert.ok(verdict.approval, 'the record is there when asked for');
  return verdict.approval;
}

const at = (p: string) => path.join(ws.root, p);
/** `tree`, `links` and `link` are writes too (`cp` types its landing place by what may land there). */
const writeKinds = new Set(['write', 'tree', 'links', 'link']);

describe('bash policy: the approval record', () => {
  it('is left out unless asked for, so a verdict stays `{ allowed: true }`', () => {
    assert.deepEqual(sandboxed.check('git status'), { allowed: true });
    assert.equal('approval' in sandboxed.check('git status', { record: false }), false);
  });

  it('lists every simple command with its argv after quote removal, and what it writes and reads', () => {
    const record = approval(
      sandboxed,
      `grep -n 'a b' src/main.ts > "out file.txt" && sort -o sorted.txt src/main.ts`,
    );
    assert.deepEqual(
      record.commands.map((c) => c.argv),
      [
        ['grep', '-n', 'a b', 'src/main.ts'],
        ['sort', '-o', 'sorted.txt', 'src/main.ts'],
      ],
    );
    const writes = record.paths.filter((p) => writeKinds.has(p.kind)).map((p) => p.path);
    assert.deepEqual(writes.sort(), [at('out file.txt'), at('sorted.txt')]);
    assert.ok(record.paths.some((p) => p.kind === 'read' && p.path === at('src/main.ts')));
    assert.ok(record.commands.every((c) => !c.projectCode && c.cwds[0] === ws.root));
  });

  it('records wrapped commands with their wrapper as parent, and marks project code', () => {
    const record = approval(sandboxed, 'timeout 60 npm test');
    assert.deepEqual(
      record.commands.map((c) => [c.argv.join(' '), c.parent, c.projectCode]),
      [
        ['timeout 60 npm test', undefined, false],
        ['npm test', 0, true],
      ],
    );
    assert.equal(approval(sandboxed, './scripts/x.sh').commands[0]?.projectCode, true);
  });

  it('never marks project code at level none (the policy refuses it there)', () => {
    assert.equal(none.check('npm test', { record: true }).allowed, false);
    const record = approval(none, 'git log --oneline -5 && ls src');
    assert.ok(record.commands.every((c) => !c.projectCode));
  });

  it('resolves paths through symlinks and every folder an earlier `cd` may lead to', () => {
    const record = approval(sandboxed, 'cd src && cp main.ts copy.ts');
    const writes = record.paths.filter((p) => writeKinds.has(p.kind)).map((p) => p.path);
    // The landing place from both folders (and inside it, should `copy.ts` be a folder then).
    for (const landing of [at('copy.ts'), at('src/copy.ts')]) assert.ok(writes.includes(landing), landing);
    assert.ok(writes.every((w) => w.startsWith(`${ws.root}/`) && w.includes('copy.ts')));
    assert.deepEqual(record.commands[0]?.cwds, [ws.root, at('src')]);
    const linked = approval(sandboxed, 'cat src-link/main.ts');
    assert.ok(linked.paths.some((p) => p.path === at('src/main.ts')));
  });

  it('keeps a glob as a glob, flagged, for the command and the path', () => {
    const record = approval(sandboxed, 'ls src/*.nomatch');
    assert.equal(record.commands[0]?.glob, true);
    assert.ok(record.paths.some((p) => p.glob));
  });

  it('marks a command that only `allowed-commands` lets through', async () => {
    const lifted = await createBashPolicy({
      workspace: ws.root,
      sandbox: { level: 'userns', deliberate: false },
      extraRules: await commandRules('make lint'),
    });
    const record = approval(lifted, 'make lint');
    assert.equal(record.commands[0]?.byAllowedCommands || record.commands[0]?.projectCode, true);
  });
});
