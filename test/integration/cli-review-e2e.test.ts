/**
 * `--mode review` through the built local runner (`dist/cli/index.js`): a checkout on a feature
 * branch, a scripted reviewer on the fake OpenAI server that comments on the branch's lines, and
 * the written review checked: the lines it names, the severities `--review-min-severity` keeps
 * inline, the cap of `--max-review-comments`, the diff the reviewer was given (the branch against
 * its merge base, not what landed on main since), and a checkout left exactly as it was.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../fakes/openai-server.js';
import { type ChildOutput, childOutput } from '../helpers/child-output.js';

const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = path.join(ROOT, 'dist', 'cli', 'index.js');
const KEY = 'sk-test-cli-review-0123456789abcdefghijklmnopqrstuvwxyz';

async function runCli(args: string[]): Promise<ChildOutput> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? tmpdir(),
      LANG: 'C.UTF-8',
      OPENAI_API_KEY: KEY,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return childOutput(child);
}

const git = async (cwd: string, ...args: string[]) =>
  (
    await exec('git', ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args], { cwd })
  ).stdout.trim();

const MAIN = 'export function total(items) {\n  return items.length;\n}\n';
const FEATURE = [
  'export function total(items) {',
  '  return items.length;',
  '}',
  '',
  'export function average(items) {',
  '  const sum = items.reduce((a, b) => a + b, 0);',
  '  return sum / items.length;',
  '}',
  '',
  'export var label = "avg";',
  '',
].join('\n');

/** main with sum.js; feature adds average() and label; main then gains a file the review must not see. */
async function featureRepo(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cli-review-'));
  await git(dir, 'init', '-q', '-b', 'main');
  await writeFile(path.join(dir, 'sum.js'), MAIN);
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '-qm', 'init');
  await git(dir, 'switch', '-q', '-c', 'feature');
  await writeFile(path.join(dir, 'sum.js'), FEATURE);
  await git(dir, 'commit', '-qam', 'Add average()');
  await git(dir, 'switch', '-q', 'main');
  await writeFile(path.join(dir, 'later.js'), 'export const later = 1;\n');
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '-qm', 'Something that landed on main later');
  await git(dir, 'switch', '-q', 'feature');
  return dir;
}

describe('agent-action-local --mode review (dist/cli/index.js)', () => {
  let model: FakeOpenAI;
  before(async () => {
    model = await startFakeOpenAI();
  });
  after(async () => {
    await model.close();
  });

  it('writes the review of the branch: lines, severities filtered and capped, the checkout untouched', async () => {
    const repo = await featureRepo();
    const headBefore = await git(repo, 'rev-parse', 'HEAD');
    const out = await mkdtemp(path.join(tmpdir(), 'cli-review-out-'));
    model.enqueue(
      reply()
        .tool('read_file', { path: 'sum.js' })
        .tool('add_review_comment', {
          path: 'sum.js',
          line: 7,
          severity: 'blocking',
          quote: 'return sum / items.length;',
          title: 'division by zero on an empty list',
          body: 'An empty list divides by zero and returns NaN.',
        })
        .tool('add_review_comment', {
          path: 'sum.js',
          line: 6,
          severity: 'suggestion',
          quote: 'items.reduce((a, b) => a + b, 0)',
          title: 'name the reducer',
          body: 'A named helper would read better.',
        })
        .tool('add_review_comment', {
          path: 'sum.js',
          line: 10,
          severity: 'nit',
          quote: 'export var label',
          title: 'use const',
          body: 'Use const for a value that never changes.',
          suggestion: 'export const label = "avg";',
        }),
      reply().text('average() breaks on an empty list; two smaller points.'),
    );
    const run = await runCli([
      '--repo',
      repo,
      '--mode',
      'review',
      '--review-min-severity',
      'suggestion',
      '--max-review-comments',
      '1',
      '--base-url',
      model.url,
      '--model',
      'fake-reviewer',
      '--out',
      out,
    ]);
    assert.equal(run.exitCode, 1, `a blocking finding exits 1\n${run.stdout}${run.stderr}`);
    assert.equal(model.pending(), 0);
    assert.match(run.stdout, /Reviewing feature against main \(merge base [0-9a-f]{7}\): 1 file/);
    assert.match(
      run.stdout,
      /result: reviewed feature against main: 1 blocking · 1 suggestion · 1 nit; 1 inline, 2 in the body/,
    );
    assert.match(run.stdout, /^ {2}sum\.js:7 \(blocking\)$/m);
    assert.match(run.stdout, /totals: 2 turns, 4 tool calls, [\d,]+ tokens, .*stopped: done/);

    // The reviewer got the branch's diff against the merge base, with its review tools.
    const first = model.requests[0]!;
    const userTurn = JSON.stringify(first.body.messages[1]);
    assert.match(userTurn, /Review the local branch `feature`/);
    assert.match(userTurn, /average\(items\)/);
    assert.doesNotMatch(userTurn, /later\.js/, 'what landed on main since is not under review');
    const tools = (first.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
    assert.ok(tools.includes('add_review_comment'));

    // The written review: inline comment by path:line; the rest in the body, each for its reason.
    assert.deepEqual((await readdir(out)).filter((f) => !f.startsWith('agent-action')).sort(), [
      'review.json',
      'review.md',
      'transcript.jsonl',
      'transcript.md',
    ]);
    const markdown = await readFile(path.join(out, 'review.md'), 'utf8');
    assert.match(markdown, /^# Review of `feature` against `main`/);
    assert.match(
      markdown,
      /^(:warning:|⚠️) \*\*Reviewed\*\* — 1 blocking finding$/m,
      'a blocking finding is never ✅',
    );
    assert.match(markdown, /\*\*Comments:\*\* 1 blocking · 1 suggestion · 1 nit/);
    assert.match(
      markdown,
      /## Inline comments \(1\)\n\n### `sum\.js:7` \(blocking\)\n\n\*\*Blocking:\*\* An empty list divides by zero/,
    );
    assert.match(
      markdown,
      /### Over the limit of 1 inline comments \(`max-review-comments`\)\n\n- `sum\.js:6` A named helper/,
    );
    assert.match(
      markdown,
      /1 finding below `review-min-severity` \(suggestion\)[\s\S]*- `sum\.js:10` \*\*Nit:\*\* Use const/,
    );
    const json = JSON.parse(await readFile(path.join(out, 'review.json'), 'utf8'));
    assert.deepEqual(
      json.comments.map((c: { path: string; line: number; severity: string }) => [
        c.path,
        c.line,
        c.severity,
      ]),
      [['sum.js', 7, 'blocking']],
    );
    assert.equal(json.findings, 3);
    assert.doesNotMatch(markdown + JSON.stringify(json), new RegExp(KEY));

    // Nothing changed: same branch, same commit, clean tree, no new branches.
    assert.equal(await git(repo, 'branch', '--show-current'), 'feature');
    assert.equal(await git(repo, 'rev-parse', 'HEAD'), headBefore);
    assert.equal(await git(repo, 'status', '--porcelain', '--untracked-files=all'), '');
    assert.deepEqual((await git(repo, 'branch', '--format=%(refname:short)')).split('\n').sort(), [
      'feature',
      'main',
    ]);
    assert.equal(await readFile(path.join(repo, 'sum.js'), 'utf8'), FEATURE);
  });

  it('refuses a HEAD with nothing over its base, naming the fix', async () => {
    const repo = await featureRepo();
    await git(repo, 'switch', '-q', 'main');
    const run = await runCli(['--repo', repo, '--mode', 'review', '--base-url', model.url]);
    assert.equal(run.exitCode, 2, run.stdout + run.stderr);
    assert.match(run.stderr, /HEAD has no commits that main does not have.*pass --base-branch/);
  });
});
