/**
 * What option values and operands are, by class: file lists are read and every name in them
 * checked; outputs are writes; options that move the tool (`-C dir`, `--directory`) move where
 * its later paths resolve; old-style tar bundles take their values in order; git operands are
 * paths and git must find the workspace's own repository; recursive and tree writes compare
 * resolved paths with the workspace, not words.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type BashPolicy, createBashPolicy } from '../../../src/bash-policy/index.js';
import { expandOldStyle } from '../../../src/bash-policy/rules/archives.js';
import { discoveryDenial } from '../../../src/bash-policy/rules/git-discovery.js';
import { literal } from '../../../src/bash-policy/rules/rule.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';

const ws = makePolicyWorkspace();
let policy: BashPolicy;
const put = (relative: string, content: string) => {
  const file = path.join(ws.root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
};
before(async () => {
  policy = await createBashPolicy({ workspace: ws.root, sandbox: { level: 'userns', deliberate: false } });
  put('lists/ok0', 'src/main.ts\0');
  put('lists/etc0', 'src/main.ts\0/etc/shadow\0');
  put('lists/names', 'src/main.ts\n.git/config\n');
  put('lists/sums', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  src/main.ts\n');
  put('lists/badsums', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  /etc/shadow\n');
  put('stash/.github/workflows/evil.yml', 'on: push\n');
  for (const [file, content] of [
    ['vendor/bare/HEAD', 'ref: refs/heads/main\n'],
    ['vendor/bare/config', '[core]\n\tfsmonitor = id\n'],
    ['vendor/bare/objects/info/packs', '\n'],
    ['mod/.git', 'gitdir: ../vendor/bare\n'],
  ] as const)
    put(file, content);
});
after(() => ws.cleanup());

const rule = (command: string) => {
  const verdict = policy.check(command);
  return verdict.allowed ? 'allowed' : verdict.rule;
};

describe('bash policy: file lists', () => {
  it('reads a list and checks every name in it', () => {
    assert.equal(rule('wc --files0-from=lists/ok0'), 'allowed');
    assert.equal(rule('wc --files0-from=lists/etc0'), 'system-path');
    assert.equal(rule('sort --files0-from lists/etc0'), 'system-path');
    assert.equal(rule('file -f lists/names'), 'git-internals');
    assert.equal(rule('sha256sum -c lists/sums'), 'allowed');
    assert.equal(rule('sha256sum --check lists/badsums'), 'system-path');
  });

  it('refuses lists from stdin, tar lists (they may hold options) and response files', () => {
    assert.equal(rule('wc --files0-from=-'), 'unchecked-file');
    assert.equal(rule('tar -tf a.tar -T lists/names'), 'refused-option');
    assert.equal(rule('strings @lists/names'), 'response-file');
    assert.equal(rule('java @lists/names Main'), 'response-file');
  });
});

describe('bash policy: outputs and typed values', () => {
  it('types outputs as writes', () => {
    assert.equal(rule('xxd src/main.ts .github/workflows/ci.yml'), 'workflow-files');
    assert.equal(rule('uniq src/main.ts .git/config'), 'git-internals');
    assert.equal(rule('sort -muo.git/config src/main.ts'), 'git-internals');
    assert.equal(rule('git diff --output=.github/workflows/ci.yml'), 'workflow-files');
  });

  it('reads `grep -d recurse` like `-r`, and chmod --reference operands as files', () => {
    assert.equal(rule('grep -d recurse token .'), 'recursive-git');
    assert.equal(rule('grep --directories=recurse token .'), 'recursive-git');
    assert.equal(rule('grep --directories=rec token .'), 'option-value');
    assert.equal(rule('chmod --reference=src/main.ts .git/hooks/pre-commit'), 'git-internals');
    assert.equal(rule('chmod --reference=src/main.ts src/main.ts'), 'allowed');
  });

  it('reads old-style tar bundles with their values in order', () => {
    assert.deepEqual(
      expandOldStyle([literal('tfC'), literal('a.tar'), literal('/etc')])?.map((w) => w.value),
      ['-t', '-f', 'a.tar', '-C', '/etc'],
    );
    assert.equal(rule('tar tvfC a.tar /etc'), 'system-path');
    assert.equal(rule('tar cvf out.tar .git'), 'refused-option');
    assert.equal(rule('tar tzf dist.tar.gz'), 'allowed');
  });
});

describe('bash policy: options that move where paths resolve', () => {
  it('resolves later paths against -C/--directory/--chdir folders', () => {
    assert.equal(rule('env -C .github tee workflows/ci.yml'), 'workflow-files');
    assert.equal(rule('env --chdir=.git tee hooks/pre-commit'), 'git-internals');
    assert.equal(rule('git -C src diff --output=../.github/workflows/x.yml'), 'workflow-files');
    assert.equal(rule('uv --directory /etc run pytest'), 'system-path');
    assert.equal(rule('terraform -chdir=/etc validate'), 'system-path');
    assert.equal(rule('env -C src ls'), 'allowed');
  });
});

describe('bash policy: env never removes what the action set', () => {
  it('refuses -i, -, -u and --unset in every spelling, and keeps plain assignments and -C', () => {
    // Found by the execution oracle: without `CI`, npm's update check reaches for the network.
    for (const line of [
      'env -i npm why react',
      'env --ignore-environment ls',
      'env - ls',
      'env -u CI npm why react',
      'env -uCI npm test',
      'env --unset=CI npm test',
      'env --unset CI ls',
      'env -C src -i ls',
    ])
      assert.equal(rule(line), 'environment', line);
    assert.equal(rule('env NODE_ENV=test npm test'), 'allowed');
  });
});

describe('bash policy: git operands and repository discovery', () => {
  it('checks every operand as a path, so an outside path cannot turn diff into --no-index', () => {
    assert.equal(rule('git diff /etc/passwd /dev/null'), 'system-path');
    assert.equal(rule('git diff ../../etc/passwd src/main.ts'), 'outside-workspace');
    assert.equal(rule('git log -- nest/etc/passwd'), 'symlink-escape');
    assert.equal(rule('git diff HEAD~1 origin/main -- src'), 'allowed');
    assert.equal(rule('git grep -n "/api/v1" -- src'), 'allowed');
  });

  it('refuses git where it would open a bare repository or a .git file of the workspace', () => {
    assert.equal(rule('cd vendor/bare && git status'), 'git-discovery');
    assert.equal(rule('git -C vendor/bare/objects log'), 'git-discovery');
    assert.equal(rule('cd mod && git status'), 'git-discovery');
    assert.equal(rule('cd src && git status'), 'allowed');
    assert.equal(discoveryDenial([path.join(ws.root, 'src')], ws.root), undefined);
  });
});

describe('bash policy: tree writes by resolved path', () => {
  it('refuses removing, moving or recursively changing the workspace however it is spelled', () => {
    for (const command of [
      'rm -rf src/..',
      'rm -rf src-link/..',
      'rm -r ./.',
      'rm -rf .//',
      'chmod -R 777 .',
      'mv src/.. x',
    ])
      assert.equal(rule(command), 'rm-workspace', command);
    assert.equal(rule('rm -rf src/old'), 'allowed');
  });

  it('checks where a copy lands: on the destination or inside it', () => {
    assert.equal(rule('cp -r stash/.github .'), 'workflow-files');
    assert.equal(rule('cp -r stash/.gith* .'), 'workflow-files');
    assert.equal(rule('mv stash/.github .'), 'workflow-files');
    assert.equal(rule('cp -r stash/. .'), 'cp-operands');
    assert.equal(rule('cp -r src out'), 'allowed');
  });
});
