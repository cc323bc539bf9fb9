/**
 * Drives the built local runner (`dist/cli/index.js`) the way a user does: a copy of the sample
 * repository in a temp git checkout, a scripted model on the fake OpenAI server that fixes its
 * bug, and the dry-run output folder, branch and tests checked afterwards. Also the one-line
 * setup errors.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../fakes/openai-server.js';
import { type ChildOutput, childOutput } from '../helpers/child-output.js';
import { DOCUMENTED_CLI_FLAGS } from '../helpers/cli-flags.js';

const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = path.join(ROOT, 'dist', 'cli', 'index.js');
const SAMPLE = path.join(ROOT, 'examples', 'buggy-calculator');
const KEY = 'sk-test-cli-0123456789abcdefghijklmnopqrstuvwxyz';

/** Runs the built CLI with only the variables a user's shell would have, plus `env`. */
async function runCli(args: string[], env: Record<string, string> = {}, cwd = ROOT): Promise<ChildOutput> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? tmpdir(), LANG: 'C.UTF-8', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return childOutput(child);
}

const git = async (cwd: string, ...args: string[]) => (await exec('git', args, { cwd })).stdout.trim();

/** The README's demo set-up: the sample copied out and committed as a fresh repository. */
async function demoRepo(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cli-demo-'));
  await cp(SAMPLE, dir, { recursive: true });
  await git(dir, 'init', '-q', '-b', 'main');
  await git(dir, 'add', '-A');
  await git(dir, '-c', 'user.name=Demo', '-c', 'user.email=demo@example.com', 'commit', '-qm', 'init');
  return dir;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The fix a careful engineer would make: loop left to right instead of recursing on the right.
const BUGGY_EXPRESSION = `    const left = this.term();
    const op = this.peek();
    if (op === '+' || op === '-') {
      this.next();
      const right = this.expression();
      return op === '+' ? left + right : left - right;
    }
    return left;`;
const FIXED_EXPRESSION = `    let value = this.term();
    while (this.peek() === '+' || this.peek() === '-') {
      const op = this.next();
      const right = this.term();
      value = op === '+' ? value + right : value - right;
    }
    return value;`;
const BUGGY_TERM = `    const left = this.factor();
    const op = this.peek();
    if (op === '*' || op === '/') {
      this.next();
      const right = this.term();
      return op === '*' ? left * right : left / right;
    }
    return left;`;
const FIXED_TERM = `    let value = this.factor();
    while (this.peek() === '*' || this.peek() === '/') {
      const op = this.next();
      const right = this.factor();
      value = op === '*' ? value * right : value / right;
    }
    return value;`;
const SUMMARY = `Evaluate chained operators left to right

\`expression()\` and \`term()\` recursed on their right operand, so \`10 - 4 - 3\` was read as
\`10 - (4 - 3)\`. Both now loop left to right. \`npm test\` passes.`;

describe('agent-action-local (dist/cli/index.js)', () => {
  let model: FakeOpenAI;

  before(async () => {
    model = await startFakeOpenAI();
  });
  after(async () => {
    await model.close();
  });

  it('fixes the sample repository end to end with a dry-run publisher', async () => {
    const repo = await demoRepo();
    model.enqueue(
      reply()
        .text('Reading the code and running the tests first.')
        .tool('read_file', { path: 'src/calculator.js' })
        .tool('bash', { command: 'npm test' }),
      reply()
        .tool('edit_file', {
          path: 'src/calculator.js',
          old_string: BUGGY_EXPRESSION,
          new_string: FIXED_EXPRESSION,
        })
        .tool('edit_file', { path: 'src/calculator.js', old_string: BUGGY_TERM, new_string: FIXED_TERM }),
      reply().tool('bash', { command: 'npm test' }),
      reply().text(SUMMARY),
    );
    const issueFile = path.join(SAMPLE, 'ISSUE.md');
    const run = await runCli(
      ['--repo', repo, '--issue-file', issueFile, '--base-url', model.url, '--model', 'fake-coder'],
      { OPENAI_API_KEY: KEY },
    );
    // No --verify here (the next test has it): this run checks the loop, the branch and the files.
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(model.pending(), 0);

    // Progress: a line per tool call as it ended and per turn, then the totals.
    assert.match(run.stdout, /✓ read_file src\/calculator\.js {2}ok {2}\d+ ms/);
    assert.match(run.stdout, /✗ bash npm test {2}error {2}\d/);
    assert.match(run.stdout, /✓ edit_file src\/calculator\.js {2}ok/);
    assert.match(run.stdout, /✓ bash npm test {2}ok/);
    assert.match(run.stdout, /turn 1: 2 tool calls, .*tokens so far/);
    assert.match(run.stdout, /turn 4: answered/);
    assert.match(run.stdout, /totals: 4 turns, 5 tool calls, [\d,]+ tokens, .*stopped: done/);
    assert.match(run.stdout, /result: committed [0-9a-f]{7} on branch agent\/local-\d{8}-\d{6} \(1 file\)/);

    // The model got the issue as untrusted data and the key as a bearer token.
    const first = model.requests[0]!;
    assert.equal(first.headers.authorization, `Bearer ${KEY}`);
    assert.equal(first.body.model, 'fake-coder');
    const userTurn = JSON.stringify(first.body.messages[1]);
    assert.match(userTurn, /Subtraction and division give wrong answers when chained/);
    assert.match(JSON.stringify(first.body.messages[0]), /AGENTS\.md/);

    // The branch holds exactly one commit on top of main, with the fix, and the tree is clean.
    const branch = await git(repo, 'branch', '--show-current');
    assert.match(branch, /^agent\/local-\d{8}-\d{6}$/);
    assert.equal(await git(repo, 'rev-list', '--count', 'main..HEAD'), '1');
    assert.equal(await git(repo, 'diff', '--name-only', 'main', 'HEAD'), 'src/calculator.js');
    assert.equal(await git(repo, 'log', '-1', '--format=%s'), 'Evaluate chained operators left to right');
    assert.equal(await git(repo, 'status', '--porcelain'), '');
    await exec(process.execPath, ['--test'], { cwd: repo }); // throws if the tests still fail

    // The output folder: the PR it would have opened and the transcript in both forms.
    const outDir = /pull request: (\S+)pull-request\.md/.exec(run.stdout)?.[1];
    assert.ok(outDir, run.stdout);
    assert.deepEqual((await readdir(outDir)).filter((f) => !f.startsWith('agent-action')).sort(), [
      'pull-request.json',
      'pull-request.md',
      'transcript.jsonl',
      'transcript.md',
    ]);
    const prMarkdown = await readFile(path.join(outDir, 'pull-request.md'), 'utf8');
    assert.match(prMarkdown, /^# Evaluate chained operators left to right\n/);
    assert.match(prMarkdown, /recursed on their right operand/);
    assert.match(prMarkdown, /<details>\n<summary>Transcript: 5 tool calls \(1 failed\)/);
    const pr = JSON.parse(await readFile(path.join(outDir, 'pull-request.json'), 'utf8'));
    assert.equal(pr.head, branch);
    assert.equal(pr.base, 'main');
    assert.equal(pr.draft, false);
    assert.deepEqual(pr.files, ['src/calculator.js']);

    const records = (await readFile(path.join(outDir, 'transcript.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(records[0].type, 'run-start');
    assert.deepEqual(
      records.filter((r) => r.type === 'tool-call').map((r) => `${r.name}:${r.status}`),
      ['read_file:ok', 'bash:error', 'edit_file:ok', 'edit_file:ok', 'bash:ok'],
    );
    assert.equal(records.find((r) => r.type === 'agent-end')?.reason, 'done');
    assert.equal(records.at(-1).type, 'run-end');
    assert.ok(!JSON.stringify(records).includes(KEY), 'the key never reaches the transcript');
    const transcriptMd = await readFile(path.join(outDir, 'transcript.md'), 'utf8');
    assert.match(transcriptMd, /<details open>/);
    assert.match(transcriptMd, /`edit_file`/);
    assert.match(transcriptMd, /## Turns\n\n### Turn 1\n/);
    assert.match(transcriptMd, /"old_string": " {4}const left = this\.term\(\);\\n/);
    assert.match(transcriptMd, /## Result: done\n\nEvaluate chained operators left to right/);
  });

  it('runs --verify itself, writes the result into the PR, and writes to --out', async () => {
    const repo = await demoRepo();
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'cli-out-')), 'result');
    model.enqueue(
      reply().tool('read_file', { path: 'src/calculator.js' }),
      reply().tool('edit_file', {
        path: 'src/calculator.js',
        old_string: BUGGY_EXPRESSION,
        new_string: FIXED_EXPRESSION,
      }),
      reply().text('Fix subtraction only'),
    );
    const run = await runCli([
      '--repo',
      repo,
      '--prompt',
      'Fix chained subtraction in src/calculator.js',
      '--base-url',
      model.url,
      '--verify',
      'npm test',
      '--out',
      out,
    ]);
    // Division is still wrong, so the maintainer's check fails: the PR is a draft, exit code 1.
    assert.equal(run.exitCode, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /result: committed [0-9a-f]{7} on branch agent\/local-.*verification FAILED/);
    assert.match(run.stdout, new RegExp(`pull request: ${out}/pull-request\\.md \\(draft\\)`));
    const requests = model.requests.slice(-3);
    assert.equal(
      requests[0]!.headers.authorization,
      'Bearer no-key',
      'no key needed for a loopback endpoint',
    );
    assert.match(JSON.stringify(requests[0]!.body.messages[0]), /run `npm test` with bash/);
    const prMarkdown = await readFile(path.join(out, 'pull-request.md'), 'utf8');
    assert.match(prMarkdown, /\n\n:warning: \*\*Draft\*\* — verification failed \(`npm test`, exit 1\)\n/);
    assert.match(prMarkdown, /\*\*Verification\*\* `npm test` ❌ failed \(exit code 1\)/);
    // The tail of the test run's output; its shape depends on the reporter node picks, its counts do not.
    assert.match(prMarkdown, /fail 1\b/);
    assert.equal(JSON.parse(await readFile(path.join(out, 'pull-request.json'), 'utf8')).draft, true);
  });

  describe('setup errors: one line naming the fix, exit code 2', () => {
    const oneLine = (run: ChildOutput, pattern: RegExp) => {
      assert.equal(run.exitCode, 2, run.stdout + run.stderr);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
      assert.match(run.stderr, pattern);
      assert.doesNotMatch(run.stderr, /\n\s+at /);
    };

    it('a folder that is not a git checkout', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'cli-nogit-'));
      oneLine(
        await runCli(['--repo', dir, '--prompt', 'x', '--base-url', model.url]),
        /--repo .* is not a git checkout: run "git init && git add -A && git commit -m init" there/,
      );
    });

    it('a missing key for a remote endpoint', async () => {
      const repo = await demoRepo();
      oneLine(
        await runCli(['--repo', repo, '--prompt', 'x', '--base-url', 'https://api.openai.com/v1']),
        /OPENAI_API_KEY is not set: export OPENAI_API_KEY=<key> for https:\/\/api\.openai\.com\/v1, or point --base-url at a local endpoint/,
      );
    });

    it('an endpoint nobody answers on', async () => {
      const repo = await demoRepo();
      const url = `http://127.0.0.1:${await closedPort()}/v1`;
      oneLine(
        await runCli(['--repo', repo, '--prompt', 'x', '--base-url', url]),
        /cannot reach the model endpoint http:\/\/127\.0\.0\.1:\d+\/v1 \(ECONNREFUSED\): start the model server or fix --base-url/,
      );
    });

    it('an --allow rule that is not a plain command', async () => {
      const repo = await demoRepo();
      oneLine(
        await runCli(['--repo', repo, '--prompt', 'x', '--base-url', model.url, '--allow', 'make $(x)']),
        /--allow `make \$\(x\)` is not a plain command such as `cargo clippy \*`/,
      );
    });

    it('a bad flag', async () => {
      oneLine(
        await runCli(['--prompt', 'x', '--max-turns', 'ten']),
        /--max-turns must be a whole number from 1 to 500/,
      );
      oneLine(await runCli(['--frobnicate']), /Unknown option '--frobnicate'.*see --help/);
    });
  });

  it('--help documents every flag and exits 0', async () => {
    const run = await runCli(['--help']);
    assert.equal(run.exitCode, 0);
    for (const flag of DOCUMENTED_CLI_FLAGS) assert.ok(run.stdout.includes(flag), flag);
  });
});
