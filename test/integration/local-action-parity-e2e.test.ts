/**
 * One task, two ways: the built action (`dist/index.js`, driven as the runner drives it, against
 * the fake GitHub) and the built local runner (`dist/cli/index.js`, on a local checkout of the
 * same files) get the same scripted model, and must come out with the same transcript (tool calls,
 * their arguments, statuses and results, turns and how the agent stopped), the same usage and cost,
 * and the same verification result. Both go through one agent step (`pipeline/agent-step.ts`);
 * this is what keeps the local runner the product that runs in CI. The same holds for a review: the
 * action reviewing a pull request and the local runner's `--mode review` on a branch with the same
 * change, given the same scripted reviewer, post and write the same findings in the same places.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { reviewsOf } from '../fakes/github-handlers-reviews.js';
import { type RecordedRequest, reply } from '../fakes/openai-server.js';
import { DEFAULT_FILES, labeledPayload, useHarness } from '../helpers/action-harness.js';
import { childOutput } from '../helpers/child-output.js';
import { firstLine } from '../helpers/published-text.js';
import { pullRequestPayload } from '../helpers/pull-request-head.js';

const exec = promisify(execFile);
const CLI = fileURLToPath(new URL('../../dist/cli/index.js', import.meta.url));
const h = useHarness();
const ISSUE = { title: 'Greeting typo', body: 'The greeting says helo; it should say hello.' };
// USD per million tokens: input / cached input / output; the model reports cached tokens too.
const PRICES = '2/0.2/10';
const VERIFY = 'grep -q hello src/greet.js';

/** The script both runs get: look, run a command, edit, answer; each turn reports its usage. */
function script() {
  return [
    reply()
      .text('Looking at the greeting first.')
      .tool('read_file', { path: 'src/greet.js' })
      .tool('bash', { command: 'grep -rn helo src' })
      .tokens(3_000, 120),
    reply()
      .tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" })
      .tokens(3_400, 80, 3_000),
    reply().tool('read_file', { path: 'src/greet.js' }).tokens(3_600, 40, 3_400),
    reply()
      .text('Fix the greeting typo\n\nThe greeting said helo; it says hello now.')
      .tokens(3_800, 30, 3_600),
  ];
}

/** A local checkout holding the files the fake GitHub's repository holds. */
async function localCheckout(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'parity-repo-'));
  for (const [file, text] of Object.entries(DEFAULT_FILES)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const git = (...args: string[]) => exec('git', args, { cwd: dir });
  await git('init', '-q', '-b', 'main');
  await git('add', '-A');
  await git('-c', 'user.name=Demo', '-c', 'user.email=demo@example.com', 'commit', '-qm', 'init');
  return dir;
}

interface TranscriptRecord {
  type: string;
  [key: string]: unknown;
}

async function records(file: string): Promise<TranscriptRecord[]> {
  return (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as TranscriptRecord);
}

/** What must match: every turn, tool call (with its result) and the agent's end, without durations, ids and paths. */
function comparable(all: TranscriptRecord[], roots: string[]): unknown[] {
  // Paths and how long a command took are the only things allowed to differ.
  const unrooted = (text: unknown) =>
    roots
      .reduce((s, root) => s.split(root).join('<root>'), String(text ?? ''))
      .replace(/(\[Exit code \d+\.) [\d.]+ m?s\.\]/g, '$1 <duration>]');
  return all.flatMap((r): unknown[] => {
    switch (r.type) {
      case 'turn':
        return [
          {
            turn: r['turn'],
            in: r['tokensIn'],
            out: r['tokensOut'],
            cached: r['tokensCached'],
            text: r['text'],
          },
        ];
      case 'tool-call':
        return [
          {
            turn: r['turn'],
            name: r['name'],
            arguments: r['arguments'],
            status: r['status'],
            result: unrooted(r['excerpt']),
          },
        ];
      case 'agent-end':
        return [{ end: r['reason'], summary: r['summary'], turns: r['turns'] }];
      default:
        return [];
    }
  });
}

describe('the local runner and the action on the same task', () => {
  it('produce the same transcript, usage, cost and verification result', async () => {
    // The action, on an issue with the task.
    const issue = h.github.state.addIssue({ ...ISSUE, user: 'alice' });
    h.openai.enqueue(...script());
    const action = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { prices: PRICES, 'verify-command': VERIFY },
    });
    assert.equal(action.exitCode, 0, action.stdout + action.stderr);
    assert.equal(action.outputs['conclusion'], 'pr-opened', action.stdout);
    assert.equal(h.openai.pending(), 0);
    const actionRecords = await records(action.outputs['transcript-path'] ?? '');
    const pr = h.github.state.pulls().find((p) => p.pull?.headRef === `agent/issue-${issue.number}`);
    assert.ok(pr, 'the action opened its pull request');

    // The local runner, on a checkout of the same files with the same task as an issue file.
    const repo = await localCheckout();
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'parity-out-')), 'out');
    const issueFile = path.join(path.dirname(out), 'ISSUE.md');
    await writeFile(issueFile, `# ${ISSUE.title}\n\n${ISSUE.body}\n`);
    h.openai.enqueue(...script());
    const child = spawn(
      process.execPath,
      [
        CLI,
        ...['--repo', repo, '--issue-file', issueFile, '--out', out],
        ...['--base-url', h.openai.url, '--model', 'fake-model', '--sandbox', 'off'],
        ...['--prices', PRICES, '--verify', VERIFY],
      ],
      {
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? tmpdir(), LANG: 'C.UTF-8' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const local = await childOutput(child);
    assert.equal(local.exitCode, 0, local.stdout + local.stderr);
    assert.equal(h.openai.pending(), 0);
    const localRecords = await records(path.join(out, 'transcript.jsonl'));

    // The same transcript: turns and their usage, every call with its arguments, status and result.
    const actionWorkspace = path.dirname(path.dirname(action.outputs['transcript-path'] ?? ''));
    const expected = comparable(actionRecords, [actionWorkspace]);
    assert.ok(expected.length >= 9, JSON.stringify(expected));
    assert.deepEqual(comparable(localRecords, [repo]), expected);

    // The same usage and cost: the action's outputs and footer, the local runner's totals line.
    const totals =
      /totals: (\d+) turns, \d+ tool calls, ([\d,]+) tokens \((\d+)% cached\), \$([\d.]+), /.exec(
        local.stdout,
      );
    assert.ok(totals, local.stdout);
    assert.equal(totals[1], action.outputs['turns']);
    assert.equal(totals[2]?.replace(/,/g, ''), action.outputs['tokens']);
    assert.equal(Number(totals[4]), Number(action.outputs['cost-usd']));
    assert.ok(Number(action.outputs['cost-usd']) > 0, 'a priced model has a cost');
    assert.match(
      pr.body ?? '',
      new RegExp(`\\(${totals[3]}% cached\\) · \\$${totals[4]!.replace('.', '\\.')} · `),
    );

    // The same verification result, in the pull request each would open.
    const verified = /\*\*Verification\*\* `[^`]+` [^\n]*?(?= in [\d.]+s|\n)/;
    const localPr = await readFile(path.join(out, 'pull-request.md'), 'utf8');
    assert.equal(verified.exec(localPr)?.[0], verified.exec(pr.body ?? '')?.[0]);
    assert.match(verified.exec(localPr)?.[0] ?? '', /✅ passed/);
    assert.match(local.stdout, /verification passed/);
  });
});

describe('the local runner and the action on the same review', () => {
  it('give the same findings: the same inline comments, and the same ones left in the body', async () => {
    const GREET = [
      "export const greet = () => 'hi';",
      'export const shout = (name) => name.toUpperCase();',
      "export var wave = () => '~';",
      '',
    ].join('\n');
    const reviewScript = () => [
      reply()
        .tool('read_file', { path: 'src/greet.js' })
        .tool('add_review_comment', {
          path: 'src/greet.js',
          line: 2,
          severity: 'blocking',
          quote: 'name.toUpperCase()',
          title: 'shout without a name',
          body: '`shout()` throws when it gets no name.',
        })
        .tool('add_review_comment', {
          path: 'src/greet.js',
          line: 1,
          severity: 'suggestion',
          quote: "() => 'hi'",
          title: 'greeting changed',
          body: 'The greeting changed from a typo to a different word; say why in the description.',
        })
        .tool('add_review_comment', {
          path: 'src/greet.js',
          line: 3,
          severity: 'nit',
          quote: 'export var wave',
          title: 'use const',
          body: 'Use const like the others.',
          suggestion: "export const wave = () => '~';",
        })
        .tokens(2_000, 200),
      reply().text('shout() needs a guard; two smaller points.').tokens(2_400, 40, 2_000),
    ];
    const settings = { 'review-min-severity': 'suggestion', 'max-review-comments': '1' };

    // The action, reviewing a pull request that makes the change.
    const main = (await h.github.git.resolve('main'))!;
    const pr = h.github.state.addPullRequest({
      title: 'Add shout and wave',
      body: 'Two more greetings.',
      headRef: 'parity-review',
      baseRef: 'main',
      user: 'alice',
    });
    const head = await h.github.git.commit(
      'parity-review',
      { 'src/greet.js': GREET },
      'Add shout and wave',
      main,
    );
    h.openai.enqueue(...reviewScript());
    const actionRequests = h.openai.requests.length;
    const action = await h.run('pull_request', pullRequestPayload('opened', pr, head), {
      inputs: { mode: 'review', ...settings },
    });
    assert.equal(action.outputs['conclusion'], 'reviewed', action.stdout + action.stderr);
    assert.equal(h.openai.pending(), 0);
    const review = reviewsOf(h.github.state).find((r) => r.pullNumber === pr.number);
    assert.ok(review, 'the action posted its review');
    const posted = review.commentIds.map((id) => h.github.state.reviewComments.get(id)!);
    const actionTools = toolNames(h.openai.requests[actionRequests]!);

    // The local runner, on a checkout of the same files with the change on a feature branch.
    const repo = await localCheckout();
    const git = (...args: string[]) =>
      exec('git', ['-c', 'user.name=Demo', '-c', 'user.email=demo@example.com', ...args], { cwd: repo });
    await git('switch', '-q', '-c', 'parity-review');
    await writeFile(path.join(repo, 'src/greet.js'), GREET);
    await git('commit', '-qam', 'Add shout and wave');
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'parity-review-out-')), 'out');
    h.openai.enqueue(...reviewScript());
    const localRequests = h.openai.requests.length;
    const child = spawn(
      process.execPath,
      [
        CLI,
        ...['--repo', repo, '--mode', 'review', '--out', out],
        ...['--base-url', h.openai.url, '--model', 'fake-model', '--sandbox', 'off'],
        ...Object.entries(settings).flatMap(([name, value]) => [`--${name}`, value]),
      ],
      {
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? tmpdir(), LANG: 'C.UTF-8' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const local = await childOutput(child);
    assert.equal(local.exitCode, 1, `a blocking finding exits 1\n${local.stdout}${local.stderr}`);
    assert.equal(h.openai.pending(), 0);
    const written = JSON.parse(await readFile(path.join(out, 'review.json'), 'utf8'));
    const localBody = await readFile(path.join(out, 'review.md'), 'utf8');

    // The same reviewer tools, the same inline comments, the same findings in the body.
    assert.deepEqual(toolNames(h.openai.requests[localRequests]!), actionTools);
    const firstParagraph = (body: string) => body.split('\n\n')[0];
    const inline = posted.map((c) => [c.path, c.line, firstParagraph(c.body)]);
    assert.deepEqual(inline, [['src/greet.js', 2, '**Blocking:** `shout()` throws when it gets no name.']]);
    assert.deepEqual(
      written.comments.map((c: { path: string; line: number; body: string }) => [
        c.path,
        c.line,
        firstParagraph(c.body),
      ]),
      inline,
    );
    for (const part of [
      /\*\*Comments:\*\* 1 blocking · 1 suggestion · 1 nit/,
      /### Over the limit of 1 inline comments \(`max-review-comments`\)\n\n- `src\/greet\.js:1` The greeting changed/,
      /1 finding below `review-min-severity` \(suggestion\)[\s\S]*- `src\/greet\.js:3` \*\*Nit:\*\* Use const/,
    ]) {
      assert.match(review.body ?? '', part);
      assert.match(localBody, part);
    }
    assert.equal(firstLine(review.body ?? ''), firstLine(localBody.split('\n\n')[1] ?? ''));
  });
});

/** Tool names offered in one model request (Chat Completions or Responses shape). */
function toolNames(request: RecordedRequest): string[] {
  return (request.body.tools ?? [])
    .map((t: { function?: { name: string }; name?: string }) => t.function?.name ?? t.name)
    .sort();
}
