/**
 * publishWork's decisions, driven directly: a real checkout of the fake GitHub's bare repository,
 * the agent's edit written into the workspace, and the result read back from the fake (pull
 * requests, branches) and from the returned publication.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, it } from 'node:test';
import type { AgentResult } from '../../../src/agent/loop.js';
import type { VerificationReport } from '../../../src/outputs/pull-request-body.js';
import type { WorkPlan } from '../../../src/run/plan-work.js';
import { type Publication, publishWork } from '../../../src/run/publish.js';
import type { Trigger } from '../../../src/triggers/trigger.js';
import { requireSignedCommits } from '../../fakes/rulesets.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { assertPatchApplies } from '../../helpers/patch-applies.js';
import {
  ALICE,
  agentResult,
  checkOut,
  editWorkspace,
  issueTrigger,
  planFor,
  type RunSetting,
  runSetting,
} from '../../helpers/run-context.js';

const { server: github } = await useFakeGitHub({ files: { 'greet.js': "export const greet = 'helo';\n" } });
afterEach(() => github.assertNoViolations());

const FIXED = "export const greet = 'hello';\n";

interface Published {
  setting: RunSetting;
  plan: WorkPlan;
  publication: Publication;
}

/** Plans `trigger`, checks out, applies `files` as the agent's edit and publishes. */
async function publish(
  trigger: Exclude<Trigger, { kind: 'skip' }>,
  options: {
    files?: Record<string, string>;
    inputs?: Record<string, string>;
    agent?: Partial<AgentResult>;
    verification?: VerificationReport;
  } = {},
): Promise<Published> {
  const setting = await runSetting(github, options.inputs ? { inputs: options.inputs } : {});
  const plan = await planFor(setting, trigger);
  const checkout = await checkOut(setting, plan);
  await editWorkspace(setting, options.files ?? { 'greet.js': FIXED });
  const publication = await publishWork(setting.ctx, {
    git: setting.git,
    plan,
    checkout,
    actor: ALICE,
    agent: agentResult(options.agent),
    ...(options.verification ? { verification: options.verification } : {}),
    outcome: {
      stopReason: options.agent?.stopReason ?? 'done',
      ...(options.verification ? { verification: options.verification } : {}),
    },
    footer: () => '<sub>footer</sub>',
    transcript: () => '<details><summary>Transcript</summary>\n\nturn 1\n</details>',
    transcriptPath: path.join(setting.tempDir, 'agent-action', 'transcript-4242.jsonl'),
  });
  return { setting, plan, publication };
}

function newIssue(title = 'Greeting typo') {
  return github.state.addIssue({ title, body: 'It says helo.', user: 'alice' });
}

function pullFor(branch: string) {
  const pulls = github.state.pulls().filter((p) => p.pull?.headRef === branch);
  assert.ok(pulls.length <= 1, `one pull request for ${branch}`);
  return pulls[0];
}

const failedVerification: VerificationReport = {
  command: 'npm test',
  passed: false,
  exitCode: 1,
  timedOut: false,
  durationMs: 1200,
  outputTail: '1 failing',
};

describe('publishWork', () => {
  it('opens a pull request for an issue run: the branch holds the change, the PR fixes the issue', async () => {
    const issue = newIssue();
    const { publication } = await publish(issueTrigger(issue));
    const branch = `agent/issue-${issue.number}`;
    assert.equal(await github.git.readFile(branch, 'greet.js'), FIXED);
    const pr = pullFor(branch);
    assert.ok(pr, 'a pull request was opened');
    assert.equal(pr.pull?.baseRef, 'main');
    assert.equal(pr.pull?.draft, false);
    assert.match(pr.body ?? '', new RegExp(`Fixes #${issue.number}`));
    assert.equal(pr.title, 'Fix the greeting typo');
    assert.deepEqual(publication.outcome, {
      conclusion: 'pr-opened',
      prUrl: `${github.serverUrl}/Codertocat/Hello-World/pull/${pr.number}`,
      prNumber: pr.number,
      branch,
      draft: false,
    });
    assert.match(pr.body ?? '', /^✅ \*\*Ready for review\*\*\n\nThe greeting said helo\./);
    assert.match(pr.body ?? '', /\*\*Files changed:\*\* 1 file, \+1 −1\n\n- `greet\.js` \+1 −1/);
    assert.match(
      publication.details,
      /^Commit \[[0-9a-f]{7}\]\([^)]+\) on `agent\/issue-\d+`, signed by GitHub\./,
    );
    assert.doesNotMatch(
      publication.details,
      /pull request #/,
      'the headline names the PR; the details do not repeat it',
    );
    assert.equal(publication.pullRequest?.head, branch);
  });

  it("updates the run's existing pull request when the issue runs again", async () => {
    const issue = newIssue();
    const first = await publish(issueTrigger(issue));
    const second = await publish(issueTrigger(issue), {
      files: { 'greet.js': FIXED, 'NOTES.md': 'second run\n' },
    });
    const branch = `agent/issue-${issue.number}`;
    assert.equal(second.publication.outcome.conclusion, 'pr-updated');
    assert.equal(second.publication.outcome.prNumber, first.publication.outcome.prNumber);
    assert.equal(pullFor(branch)?.number, first.publication.outcome.prNumber);
    assert.equal(await github.git.readFile(branch, 'NOTES.md'), 'second run\n');
    assert.equal((await github.git.log(branch)).length, 3, 'the second commit is on top of the first');
    assert.match(second.publication.details, /^Commit \[/);
  });

  it('pushes a follow-up to the pull request branch for a PR comment in auto mode', async () => {
    const main = (await github.git.resolve('main'))!;
    const head = await github.git.commit(
      'feature-greet',
      { 'greet.js': "export const greet = 'hi';\n" },
      'Hi',
      main,
    );
    const pr = github.state.addPullRequest({ title: 'Greet', headRef: 'feature-greet', baseRef: 'main' });
    const trigger: Trigger = {
      kind: 'pr-comment',
      prNumber: pr.number,
      title: pr.title,
      body: '',
      commentId: 77,
      instruction: 'say hello',
      actor: ALICE,
    };
    const pullsBefore = github.state.pulls().length;
    const { publication, plan } = await publish(trigger);
    assert.equal(plan.publish.kind, 'push');
    assert.equal(publication.outcome.conclusion, 'pushed');
    assert.equal(publication.outcome.branch, 'feature-greet');
    const [top, parent] = await github.git.log('feature-greet', 2);
    assert.equal(parent?.sha, head, 'pushed on top of the PR head');
    assert.equal(publication.outcome.pushedSha, top?.sha);
    assert.equal(await github.git.readFile('feature-greet', 'greet.js'), FIXED);
    assert.match(
      publication.details,
      new RegExp(`^Commit \\[${top!.sha.slice(0, 7)}\\]\\([^)]+\\) on \`feature-greet\``),
    );
    assert.equal(github.state.pulls().length, pullsBefore, 'no new pull request');
    assert.equal(publication.pullRequest, undefined);
  });

  it('answers in a comment in comment mode: a patch git am applies to the start, nothing pushed', async () => {
    const issue = newIssue();
    const branchesBefore = await github.git.branches();
    const { publication, setting } = await publish(issueTrigger(issue), { inputs: { mode: 'comment' } });
    assert.equal(publication.outcome.conclusion, 'commented');
    assert.equal(publication.outcome.patchPosted, true);
    assert.match(
      publication.details,
      /<summary>The change as a patch: apply it on `[0-9a-f]{7}` with <code>git am<\/code> \(or <code>git apply<\/code>\)<\/summary>/,
    );
    assert.deepEqual(await github.git.branches(), branchesBefore);
    const patch = /```+diff\n([\s\S]*?)\n```+\n/.exec(publication.details)?.[1] ?? '';
    const base = (await setting.git.exec(['rev-parse', 'HEAD'])).stdout.trim();
    const applied = await assertPatchApplies(github.git.gitDir, base, `${patch}\n`, ['greet.js']);
    assert.equal(applied['greet.js'], FIXED);
  });

  it('reports no changes when the agent changed nothing, and creates no branch', async () => {
    const issue = newIssue();
    const { publication } = await publish(issueTrigger(issue), {
      files: { 'greet.js': "export const greet = 'helo';\n" },
    });
    assert.equal(publication.outcome.conclusion, 'no-changes');
    assert.match(
      publication.details,
      /^Fix the greeting typo\n\nThe greeting said helo/,
      "the agent's words",
    );
    assert.equal(await github.git.resolve(`agent/issue-${issue.number}`), undefined);
    assert.equal(pullFor(`agent/issue-${issue.number}`), undefined);
  });

  it('keeps the patch and names the setting to change when a ruleset refuses the push', async () => {
    await requireSignedCommits(github.git, github.serverUrl);
    try {
      const issue = newIssue();
      const { publication, setting } = await publish(issueTrigger(issue), {
        inputs: { 'commit-signing': 'git' },
      });
      assert.equal(publication.outcome.conclusion, 'failed');
      assert.equal(await github.git.resolve(`agent/issue-${issue.number}`), undefined, 'nothing landed');
      assert.match(publication.outcome.failure ?? '', /`commit-signing: auto`/);
      assert.match(publication.details, /GH013: Repository rule violations found/);
      const patchPath = path.join(setting.tempDir, 'agent-action', 'changes.patch');
      assert.ok(existsSync(patchPath), 'changes.patch is next to the transcript');
      assert.ok(publication.details.includes(patchPath), 'the details name the file');
      const base = (await github.git.resolve('main'))!;
      const applied = await assertPatchApplies(github.git.gitDir, base, readFileSync(patchPath, 'utf8'), [
        'greet.js',
      ]);
      assert.equal(applied['greet.js'], FIXED);
    } finally {
      await requireSignedCommits(github.git, false);
    }
  });

  it('keeps the pushed branch and links the compare page when only the pull request is refused', async () => {
    const undo = github.intercept('pulls/create', () => ({
      status: 403,
      body: { message: 'GitHub Actions is not permitted to create or approve pull requests.', status: '403' },
    }));
    try {
      const issue = newIssue();
      const { publication, setting } = await publish(issueTrigger(issue));
      const branch = `agent/issue-${issue.number}`;
      assert.equal(publication.outcome.conclusion, 'failed');
      assert.equal(publication.outcome.branch, branch);
      assert.equal(await github.git.readFile(branch, 'greet.js'), FIXED, 'the commit is on the branch');
      assert.equal(pullFor(branch), undefined);
      assert.match(
        publication.outcome.failure ?? '',
        /Allow GitHub Actions to create and approve pull requests/,
      );
      assert.ok(
        publication.details.includes(
          `${github.serverUrl}/Codertocat/Hello-World/compare/main...${branch}?expand=1`,
        ),
        publication.details,
      );
      assert.equal(publication.outcome.reason, 'GitHub would not open the pull request (HTTP 403)');
      // The branch holds GitHub's signed commit, fetched back shallow; the patch is still made
      // against the start, so it applies there rather than adding every file as new.
      const patch = readFileSync(path.join(setting.tempDir, 'agent-action', 'changes.patch'), 'utf8');
      assert.doesNotMatch(patch, /new file mode/);
      const applied = await assertPatchApplies(
        github.git.gitDir,
        (await github.git.resolve('main'))!,
        patch,
        ['greet.js'],
      );
      assert.equal(applied['greet.js'], FIXED);
    } finally {
      undo();
    }
  });
});

describe('publishWork: draft or ready', () => {
  const cases: {
    name: string;
    draft: boolean;
    options: Parameters<typeof publish>[1];
    headline: RegExp;
  }[] = [
    {
      name: 'ready when nothing asks for a draft',
      draft: false,
      options: {},
      headline: /^✅ \*\*Ready for review\*\*\n/,
    },
    {
      name: 'a draft when verification failed',
      draft: true,
      options: { verification: failedVerification },
      headline: /^:warning: \*\*Draft\*\* — verification failed \(`npm test`, exit 1\)\n/,
    },
    {
      name: 'a draft when the agent stopped on its budget',
      draft: true,
      options: { agent: { stopReason: 'max-turns' } },
      headline: /^:warning: \*\*Draft\*\* — stopped at `max-turns`\n/,
    },
    {
      name: 'a draft when the draft input asks',
      draft: true,
      options: { inputs: { draft: 'true' } },
      headline: /^✅ \*\*Draft\*\*\n/,
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const issue = newIssue();
      const { publication } = await publish(issueTrigger(issue), c.options);
      const pr = pullFor(`agent/issue-${issue.number}`);
      assert.equal(pr?.pull?.draft, c.draft);
      assert.equal(publication.outcome.conclusion, 'pr-opened');
      assert.equal(publication.outcome.draft, c.draft);
      assert.match(pr?.body ?? '', c.headline);
    });
  }
});
