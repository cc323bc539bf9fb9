/**
 * State across and within lines. "Written this run" follows content: a file the agent wrote,
 * copied anywhere by any command, is still the agent's; a file an allowed line wrote is hashed
 * before the next line is checked. Within a line, a path that goes through something another
 * step copies or moves, or a program file another step writes, is refused (the policy sees
 * the disk before the line runs). `sed -f`/`awk -f` check the file every folder the command
 * may run in would give.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { type BashPolicy, createBashPolicy } from '../../../src/bash-policy/index.js';
import { createReadTracker } from '../../../src/safety/read-tracker.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';

let ws: ReturnType<typeof makePolicyWorkspace>;
let tracker: ReturnType<typeof createReadTracker>;
let policy: BashPolicy;

beforeEach(async () => {
  ws = makePolicyWorkspace();
  tracker = createReadTracker();
  policy = await createBashPolicy({
    workspace: ws.root,
    sandbox: { level: 'userns', deliberate: false },
    readTracker: tracker,
  });
});
afterEach(() => ws.cleanup());

const rule = (command: string) => {
  const verdict = policy.check(command);
  return verdict.allowed ? 'allowed' : verdict.rule;
};

/** The rules that refuse a program file written this run or by the line (as a loaded file or as a script). */
const writtenRules = /^(load-written-file|script-written-this-run|unchecked-file)$/;

/** Writes a file as write_file does: on disk, recorded by the tracker. */
async function agentWrites(relative: string, content: string) {
  const file = path.join(ws.root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  await tracker.record(file, content, 'written');
}

describe('bash policy: written this run follows content', () => {
  it('refuses a loader the agent wrote after a copy elsewhere by a program the policy did not see', async () => {
    await agentWrites('agent/evil.mjs', 'import "node:child_process";\n');
    mkdirSync(path.join(ws.root, 'lib'));
    copyFileSync(path.join(ws.root, 'agent/evil.mjs'), path.join(ws.root, 'lib/helper.mjs'));
    assert.equal(rule('node --import ./lib/helper.mjs --test'), 'load-written-file');
  });

  it('refuses what an allowed command wrote (or anything below it), in the next line', async () => {
    writeFileSync(path.join(ws.root, 'src/plain.mjs'), 'export {};\n');
    assert.equal(rule('cp src/plain.mjs src/copied.mjs'), 'allowed');
    copyFileSync(path.join(ws.root, 'src/plain.mjs'), path.join(ws.root, 'src/copied.mjs'));
    assert.equal(rule('node --import ./src/copied.mjs --test'), 'load-written-file');
    assert.equal(rule('cp -r src out'), 'allowed');
    mkdirSync(path.join(ws.root, 'out'));
    copyFileSync(path.join(ws.root, 'src/main.ts'), path.join(ws.root, 'out/main.ts'));
    assert.equal(rule('node --import ./out/main.ts --test'), 'load-written-file');
  });

  it('hashes what a command wrote, so a later unseen copy of it is still refused', async () => {
    assert.equal(rule('sed -n p src/main.ts > gen.mjs'), 'allowed');
    writeFileSync(path.join(ws.root, 'gen.mjs'), 'generated();\n'); // what the command produced
    assert.equal(rule('git status'), 'allowed'); // the next check hashes gen.mjs
    mkdirSync(path.join(ws.root, 'lib'));
    writeFileSync(path.join(ws.root, 'lib/other.mjs'), 'generated();\n'); // a copy by project code
    assert.equal(rule('node --import ./lib/other.mjs --test'), 'load-written-file');
  });

  it('refuses an awk or sed program file the agent wrote, and checks the one every cwd gives', async () => {
    await agentWrites('prog.awk', '{ print }\n');
    assert.match(rule('awk -f prog.awk src/main.ts'), writtenRules);
    writeFileSync(path.join(ws.root, 's.sed'), 'p\n');
    writeFileSync(path.join(ws.root, 'src/s.sed'), '1e id\n');
    assert.equal(rule('sed -f s.sed src/main.ts'), 'allowed');
    assert.equal(rule('cd src && sed -f s.sed main.ts'), 'sed-command');
    assert.equal(rule('env -C src sed -f s.sed main.ts'), 'sed-command');
  });
});

describe('bash policy: one step of a line changing what another resolves', () => {
  it('refuses a path through what another step copies or moves, in any order', () => {
    for (const command of [
      'cp -r nest out && cat out/etc/passwd',
      'mv nest out && cat out/etc/passwd',
      'cp -r nest out | cat out/etc/passwd',
      'cat out/etc/passwd | cp -r nest out',
      'cp -r nest out && cd out && cat etc/passwd',
      'cp -r nest out && cat out/etc/../etc/passwd',
    ])
      assert.equal(rule(command), 'path-changed-by-line', command);
  });

  it('refuses a program or list file another step of the line writes', () => {
    writeFileSync(path.join(ws.root, 'p.awk'), '{ print }\n');
    assert.match(rule("printf '1e id\\n' > s2.sed && sed -f s2.sed src/main.ts"), writtenRules);
    assert.match(rule('tee p.awk < src/main.ts | awk -f p.awk src/main.ts'), writtenRules);
    assert.match(rule("printf 'x\\0' > l0 && wc --files0-from=l0"), writtenRules);
  });

  it('still allows writing a file and reading it back, and making a folder and using it', () => {
    assert.equal(rule('npm test > out.log 2>&1; tail -n 50 out.log'), 'allowed');
    assert.equal(rule('mkdir -p build && cd build && ls'), 'allowed');
    assert.equal(rule('mkdir -p out && cp src/main.ts out/'), 'allowed');
  });
});
