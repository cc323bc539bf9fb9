/**
 * Level `none` fails closed: with no kernel confinement only the core the policy models
 * completely runs (reading, listing, searching, read-only git, file moves inside the
 * workspace); every level that is not a namespace level gets that reading, and the project's
 * tools (interpreters, build tools, linters, awk, xargs, tools that read configuration naming
 * programs) are refused there, while a namespace level or `sandbox: off` runs them.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createBashPolicy, isNamespaceLevel, isolationOf } from '../../../src/bash-policy/index.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';
import { commandRules } from '../../helpers/command-rules.js';

const ws = makePolicyWorkspace();
after(() => ws.cleanup());

const outsideCore = [
  'npm test',
  'node --version',
  'python -V',
  'cargo --version',
  'go version',
  'mvn -v',
  'java -version',
  'tsc --noEmit',
  'black --check .',
  'ruff check .',
  'shellcheck scripts/x.sh',
  "awk '{ print $1 }' src/main.ts",
  'xargs cat',
  'make lint',
  'npx --no-install eslint .',
  './node_modules/.bin/tsc',
  'terraform fmt -check',
  'timeout 60 npm test',
  'env CI=1 pytest',
];
const core = [
  'git status',
  'git log --oneline -5',
  'git diff HEAD~1 -- src',
  'ls -la src',
  'cat src/main.ts',
  'head -n 20 src/main.ts | wc -l',
  'grep -rn --exclude-dir=.git TODO src',
  "find src -name '*.ts'",
  "sed -n '1,20p' src/main.ts",
  "jq '.version' package.json",
  'mkdir -p out && cp src/main.ts out/',
  'timeout 5 git status',
  'diff src/main.ts src/main.ts',
  'tar -tzf dist.tar.gz',
];

describe('bash policy: the core where the policy is the only barrier', () => {
  it('reads one predicate for the level: only namespace levels confine', () => {
    for (const level of ['userns', 'sudo+unshare', 'root+unshare']) assert.ok(isNamespaceLevel(level), level);
    for (const level of ['none', 'landlock', 'seccomp', '', 'userns+landlock'])
      assert.equal(isolationOf({ level, deliberate: false }), 'none', level);
    assert.equal(isolationOf({ level: 'none', deliberate: true }), 'none-deliberate');
  });

  it('refuses the project tools at level none and at unknown levels, saying why', async () => {
    for (const level of ['none', 'landlock']) {
      const policy = await createBashPolicy({ workspace: ws.root, sandbox: { level, deliberate: false } });
      for (const command of outsideCore) {
        const verdict = policy.check(command);
        assert.equal(verdict.allowed, false, `${level}: ${command}`);
        assert.match(
          (verdict as { rule: string }).rule,
          /^(unsandboxed-core|workspace-code-unsandboxed)$/,
          `${level}: ${command}`,
        );
      }
      const npm = policy.check('npm test') as { message: string };
      assert.match(npm.message, /no sandbox/);
      assert.match(npm.message, /sandbox: off/);
    }
  });

  it('allows the core at level none, and everything it refused inside a namespace sandbox or with sandbox: off', async () => {
    const none = await createBashPolicy({
      workspace: ws.root,
      sandbox: { level: 'none', deliberate: false },
    });
    for (const command of core) assert.deepEqual(none.check(command), { allowed: true }, command);
    for (const sandbox of [
      { level: 'userns', deliberate: false },
      { level: 'none', deliberate: true },
    ]) {
      const policy = await createBashPolicy({ workspace: ws.root, sandbox });
      for (const command of outsideCore)
        assert.deepEqual(policy.check(command), { allowed: true }, `${sandbox.level}: ${command}`);
    }
  });

  it('refuses the rest of a line after a step only allowed-commands let through, at level none', async () => {
    const policy = await createBashPolicy({
      workspace: ws.root,
      sandbox: { level: 'none', deliberate: false },
      extraRules: await commandRules('git checkout *'),
    });
    assert.deepEqual(policy.check('git checkout feature'), { allowed: true });
    assert.equal(
      (policy.check('git checkout feature && cat x/passwd') as { rule: string }).rule,
      'unmodelled-step',
    );
  });
});
