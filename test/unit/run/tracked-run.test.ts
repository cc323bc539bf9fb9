/**
 * runTracked's `finally`, on each way a run ends: success, a thrown error (the model refusing),
 * and a cancelled job. Each time the tracking comment on the issue is finalised with the usage
 * line, the job summary is written, the credentials a checkout persisted are back in the
 * workspace's git config, and the outcome keeps what was known (transcript, sandbox, comment).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { afterEach, before, beforeEach, describe, it } from 'node:test';
import { runTracked } from '../../../src/run/tracked-run.js';
import { httpError, reply } from '../../fakes/openai-server.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';
import { jobSummaryFile } from '../../helpers/job-summary-file.js';
import { issueTrigger, type RunSetting, runSetting } from '../../helpers/run-context.js';

const { server: github } = await useFakeGitHub({ files: { 'greet.js': "export const greet = 'helo';\n" } });
const openai = useFakeOpenAI();
afterEach(() => github.assertNoViolations());

let summaryFile: string;
before(async () => {
  summaryFile = await jobSummaryFile();
});
beforeEach(() => writeFile(summaryFile, ''));

/** An issue, and a workspace checked out the way actions/checkout leaves it: the token in git config. */
async function setUp(): Promise<{ setting: RunSetting; issue: ReturnType<typeof github.state.addIssue> }> {
  const issue = github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
  const setting = await runSetting(github, { openaiUrl: openai.url });
  await mkdir(setting.workspace, { recursive: true });
  await setting.git.exec(['init', '-q', '.']);
  await setting.git.exec([
    'config',
    '--local',
    `http.${github.serverUrl}/.extraheader`,
    github.gitAuthHeader(),
  ]);
  return { setting, issue };
}

async function persistedHeader(setting: RunSetting): Promise<string> {
  const key = `http.${github.serverUrl}/.extraheader`;
  const out = await setting.git.exec(['config', '--local', '--get', key], { allowAllExitCodes: true });
  return out.stdout.trim();
}

/** The same, read synchronously from inside a scripted model reply. */
function headerNow(setting: RunSetting): string {
  const key = `http.${github.serverUrl}/.extraheader`;
  const out = spawnSync('git', ['config', '--local', '--get', key], {
    cwd: setting.workspace,
    encoding: 'utf8',
  });
  return out.stdout.trim();
}

function trackingOn(issueNumber: number): string {
  const comments = github.state.commentsOn(issueNumber);
  assert.equal(comments.length, 1, 'one tracking comment');
  return comments[0]!.body;
}

describe('runTracked', () => {
  it('on success: PR opened, tracking comment finalised with usage, summary written, credentials back', async () => {
    const { setting, issue } = await setUp();
    let duringRun: string | undefined;
    openai.enqueue(
      () => {
        duringRun = headerNow(setting);
        return reply().tool('read_file', { path: 'greet.js' });
      },
      reply().tool('write_file', { path: 'greet.js', content: "export const greet = 'hello';\n" }),
      reply().text('Fix the greeting typo\n\nIt said helo.').tokens(50, 10),
    );
    const outcome = await runTracked(setting.ctx, issueTrigger(issue));
    assert.equal(outcome.conclusion, 'pr-opened');
    assert.equal(outcome.turns, 3);
    assert.ok(outcome.transcriptPath, 'the transcript path is kept');
    assert.ok(outcome.prUrl);
    assert.equal(
      outcome.commentUrl?.endsWith(`#issuecomment-${github.state.commentsOn(issue.number)[0]!.id}`),
      true,
    );
    const body = trackingOn(issue.number);
    assert.match(body, /^✅ \*\*Opened pull request #\d+\*\*\n/);
    assert.match(
      body,
      /\n\n<sub>`fake-model` · \d+s · 3 turns · [\d,]+ tokens · requested by `*@alice`* · \[run log\]\(http:\/\/127\.0\.0\.1:\d+\/Codertocat\/Hello-World\/actions\/runs\/4242\)<\/sub>$/,
      'one footer ends the comment',
    );
    assert.equal(body.match(/3 turns/g)?.length, 1, 'the turns are stated once');
    assert.equal(
      github.state
        .reactionsOn({ kind: 'issue', number: issue.number })
        .map((r) => r.content)
        .join(),
      'eyes',
    );
    assert.equal(duringRun, '', 'the credentials were out of the config while the agent worked');
    assert.equal(await persistedHeader(setting), github.gitAuthHeader(), 'the credentials are restored');
    const summary = await readFile(summaryFile, 'utf8');
    assert.match(summary, /^## ✅ Opened pull request #\d+\n/);
    assert.match(summary, /\*\*Conclusion:\*\* `pr-opened`/);
    assert.ok(summary.includes(outcome.prUrl!), summary);
    assert.match(summary, /<sub>`fake-model` · [^\n]*<\/sub>\n*$/);
    assert.ok(
      setting.logs.info.at(-1)?.startsWith('✅ Opened pull request #'),
      'the log ends with the outcome',
    );
  });

  it('on a thrown error: conclusion failed with the reason, comment finalised, summary written, credentials back', async () => {
    const { setting, issue } = await setUp();
    openai.enqueue(httpError(401, { message: 'Incorrect API key provided' }));
    const outcome = await runTracked(setting.ctx, issueTrigger(issue));
    assert.equal(outcome.conclusion, 'failed');
    assert.match(
      outcome.failure ?? '',
      /rejected the API key \(HTTP 401: Incorrect API key provided\)\. Check the `api-key` input/,
    );
    assert.ok(outcome.transcriptPath, 'the transcript path is kept');
    assert.ok(outcome.sandbox, 'the sandbox description is kept');
    assert.ok(outcome.commentUrl);
    const body = trackingOn(issue.number);
    assert.match(
      body,
      /^❌ \*\*Failed: The LLM endpoint [^\n]* rejected the API key \(HTTP 401: Incorrect API key provided\)\*\*\n/,
    );
    assert.match(body, /\n\nThe run failed:\n\n> The LLM endpoint /);
    assert.match(body, /<sub>`fake-model` · \d+s · 1 turn · 0 tokens · requested by [^\n]*<\/sub>$/);
    assert.equal(await persistedHeader(setting), github.gitAuthHeader(), 'the credentials are restored');
    assert.match(await readFile(summaryFile, 'utf8'), /\*\*Conclusion:\*\* `failed`/);
    assert.equal(await github.git.resolve(`agent/issue-${issue.number}`), undefined, 'nothing was pushed');
  });

  it('on cancel: the comment says cancelled, the turn is counted, summary written, credentials back', async () => {
    const { setting, issue } = await setUp();
    openai.enqueue(() => {
      setting.abort.abort();
      return reply().text('Partial answer');
    });
    const outcome = await runTracked(setting.ctx, issueTrigger(issue));
    assert.equal(outcome.conclusion, 'failed');
    assert.equal(outcome.failure, 'The job was cancelled.');
    assert.equal(outcome.turns, 1, 'the turn before the cancel is counted');
    assert.ok(outcome.transcriptPath);
    const body = trackingOn(issue.number);
    assert.match(body, /^🚫 \*\*Cancelled\*\*\n\nThe job was cancelled before the run finished/);
    assert.equal(await persistedHeader(setting), github.gitAuthHeader(), 'the credentials are restored');
    assert.match(await readFile(summaryFile, 'utf8'), /\*\*Conclusion:\*\* `failed`/);
    assert.equal(await github.git.resolve(`agent/issue-${issue.number}`), undefined, 'nothing was pushed');
  });
});
