/** The read-only part of the bash policy (review runs): checks and reads run, writes are refused. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type BashPolicy, createBashPolicy } from '../../../src/bash-policy/index.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';
import { commandRules } from '../../helpers/command-rules.js';

const ws = makePolicyWorkspace();
let readOnly: BashPolicy;
let full: BashPolicy;

before(async () => {
  readOnly = await createBashPolicy({
    workspace: ws.root,
    extraRules: await commandRules('prettier --write *'),
    readOnly: true,
    // Inside a namespace sandbox, where the project's tests may run.
    sandbox: { level: 'userns', deliberate: false },
  });
  full = await createBashPolicy({
    workspace: ws.root,
    extraRules: await commandRules('prettier --write *'),
    sandbox: { level: 'userns', deliberate: false },
  });
});
after(() => ws.cleanup());

describe('bash policy: read-only', () => {
  it('keeps tests, linters and read-only git', () => {
    for (const command of [
      'npm test',
      'npm test 2>&1 | tail -n 50',
      'git diff HEAD~1 -- src',
      'git log --oneline -5',
      'git show HEAD --stat',
      'grep -rn -i -w todo src',
      'node --test > /dev/null 2>&1',
    ]) {
      assert.deepEqual(readOnly.check(command), { allowed: true }, command);
    }
  });

  it('refuses commands and redirects that write, even ones the full policy and allowed-commands permit', () => {
    for (const command of [
      'rm src/main.ts',
      'mkdir out',
      'cp src/main.ts src/copy.ts',
      'npm test > out.txt',
      'git diff >> notes.md',
      'git log | tee log.txt',
      'prettier --write src',
    ]) {
      assert.deepEqual(full.check(command), { allowed: true }, `the full policy allows ${command}`);
      const verdict = readOnly.check(command);
      assert.equal(verdict.allowed, false, command);
      assert.equal((verdict as { rule: string }).rule, 'review-read-only', command);
      assert.match((verdict as { message: string }).message, /add_review_comment/);
    }
  });

  it('refuses every typed write after wrappers are unwrapped, whatever the command is called', () => {
    for (const command of [
      'sort -o out.txt src/main.ts',
      'uniq src/main.ts out.txt',
      'xxd src/main.ts out.hex',
      'git diff --output=out.patch',
      'timeout 5 sort -o o src/main.ts',
      'env sort -o o src/main.ts',
      'nice -n 5 tee x',
      'time cp src/main.ts b',
      'timeout 10 env nice -n 1 sort -o o src/main.ts',
      'go test -coverprofile=c.out ./...',
      'COVERAGE_FILE=c.dat pytest',
      'git status &> all.txt',
    ]) {
      const verdict = readOnly.check(command);
      assert.equal(verdict.allowed, false, command);
      assert.equal((verdict as { rule: string }).rule, 'review-read-only', command);
    }
  });

  it('keeps writes to the null device and streams, and does not consult allowed-commands', () => {
    assert.deepEqual(readOnly.check('git diff --output=/dev/null'), { allowed: true });
    assert.deepEqual(readOnly.check('npm test 2>/dev/null'), { allowed: true });
    assert.deepEqual(readOnly.check('git log >/dev/stderr'), { allowed: true });
    assert.equal(readOnly.check('prettier --write src').allowed, false);
  });
});
