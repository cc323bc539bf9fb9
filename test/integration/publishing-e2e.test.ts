/**
 * Commits and pull requests as organisations need them, through the built action: commits GitHub
 * creates and signs (issue runs and PR follow-ups), the git fallback where the API cannot carry
 * the change, labels and reviewers on the PR, and — when GitHub refuses the push or the PR — a
 * failed run that keeps the change as a patch and says what to change.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { refuseApiCommits } from '../fakes/github-graphql-commit.js';
import { reply } from '../fakes/openai-server.js';
import { requireSignedCommits } from '../fakes/rulesets.js';
import { commentPayload, labeledPayload, useHarness } from '../helpers/action-harness.js';
import { assertPatchApplies } from '../helpers/patch-applies.js';
import { patchIn } from '../helpers/published-text.js';

const h = useHarness({
  'README.md': '# Hello-World\n',
  'src/greet.js': "export const greet = () => 'helo';\n",
  'build.sh': 'echo build\n',
});

const CO_AUTHOR = /Co-authored-by: alice <\d+\+alice@users\.noreply\.github\.com>/;
const RUN_TRAILER =
  /Agent-Action-Run: http:\/\/127\.0\.0\.1:\d+\/Codertocat\/Hello-World\/actions\/runs\/4242/;

function fixGreeting() {
  h.openai.enqueue(
    reply().tool('read_file', { path: 'src/greet.js' }),
    reply().tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" }),
    reply().text('Fix the greeting typo\n\nIt now says hello.'),
  );
}

const graphqlCommits = (since: number) =>
  h.github.requests
    .slice(since)
    .filter((r) => r.url === '/api/graphql' && r.body.includes('createCommitOnBranch'));
const receivePacks = (since: number) =>
  h.github.requests.slice(since).filter((r) => r.url.endsWith('/git-receive-pack')).length;
const trackingOn = (number: number) => h.github.state.commentsOn(number).at(-1)?.body ?? '';

describe('publishing, end to end', () => {
  it('signs by default on an issue run: GitHub creates the commit, and the PR gets labels and reviewers', async () => {
    h.github.state.addUser('bob', { permission: 'write' });
    h.github.state.teams.add('reviewers');
    const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'It says helo.', user: 'alice' });
    fixGreeting();
    const since = h.github.requests.length;
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: { labels: 'agent-made, needs-review', reviewers: 'bob, nobody-here, Codertocat/reviewers' },
    });
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);

    const branch = `agent/issue-${issue.number}`;
    const [commit] = await h.github.git.log(branch, 1);
    assert.deepEqual(commit?.committer.name, 'GitHub', 'GitHub committed it');
    assert.equal(commit?.author.name, 'github-actions[bot]');
    assert.ok(h.github.state.verifiedCommits.has(commit!.sha), 'and signed it');
    assert.equal(commit?.subject, 'Fix the greeting typo');
    assert.match(commit?.message ?? '', RUN_TRAILER);
    assert.match(commit?.message ?? '', CO_AUTHOR);
    assert.equal(
      await h.github.git.readFile(branch, 'src/greet.js'),
      "export const greet = () => 'hello';\n",
    );
    assert.equal(receivePacks(since), 0, 'no git push');
    assert.equal(graphqlCommits(since).length, 1);
    const createRef = h.github.requests.slice(since).find((r) => r.operationId === 'git/create-ref');
    assert.equal(JSON.parse(createRef!.body).ref, `refs/heads/${branch}`);

    const pr = h.github.state.pulls().find((p) => p.pull?.headRef === branch)!;
    assert.deepEqual(pr.labels, ['agent-made', 'needs-review']);
    assert.deepEqual(h.github.state.reviewRequests.get(pr.number), { users: ['bob'], teams: ['reviewers'] });
    // The unknown reviewer is a warning, not a failure.
    assert.match(
      run.summary,
      /Could not request a review from user `nobody-here` \(`reviewers`\): Reviews may only be requested from collaborators/,
    );
    assert.match(trackingOn(issue.number), /^✅ \*\*Opened pull request #\d+\*\*\n/);
    assert.match(trackingOn(issue.number), /, signed by GitHub\./);
    assert.match(trackingOn(issue.number), /> ⚠\uFE0F? Could not request a review from user `nobody-here`/u);

    // A rerun continues the branch, updates the PR and keeps its labels; its commit is signed too.
    h.openai.enqueue(
      reply().tool('write_file', { path: 'src/bye.js', content: "export const bye = () => 'bye';\n" }),
      reply().text('Add a farewell'),
    );
    const again = await h.run('issues', labeledPayload(issue, 'alice'), { inputs: { labels: 'agent-made' } });
    assert.equal(again.outputs['conclusion'], 'pr-updated', again.stdout);
    const [second] = await h.github.git.log(branch, 1);
    assert.ok(h.github.state.verifiedCommits.has(second!.sha));
    assert.deepEqual(second?.parents, [commit!.sha], "on top of GitHub's first commit");
    assert.deepEqual(pr.labels, ['agent-made', 'needs-review']);
  });

  it('signs a PR follow-up on top of the branch head', async () => {
    const head = await h.github.git.commit(
      'follow-up',
      { 'src/greet.js': "export const greet = () => 'hi';\n" },
      'Say hi',
    );
    const pr = h.github.state.addPullRequest({
      title: 'Say hi',
      headRef: 'follow-up',
      baseRef: 'main',
      user: 'alice',
    });
    const comment = h.github.state.addIssueComment({
      issueNumber: pr.number,
      body: '/agent say hey',
      user: 'alice',
    });
    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/greet.js' }),
      reply().tool('edit_file', { path: 'src/greet.js', old_string: "'hi'", new_string: "'hey'" }),
      reply().text('Say hey instead of hi'),
    );
    const since = h.github.requests.length;
    const run = await h.run(
      'issue_comment',
      commentPayload(pr, { id: comment.id, body: comment.body, user: 'alice' }, true),
    );
    assert.equal(run.outputs['conclusion'], 'pushed', run.stdout + run.stderr);
    const [top] = await h.github.git.log('follow-up', 1);
    assert.deepEqual(top?.parents, [head]);
    assert.equal(top?.committer.name, 'GitHub');
    assert.ok(h.github.state.verifiedCommits.has(top!.sha));
    assert.match(top?.message ?? '', CO_AUTHOR);
    assert.equal(JSON.parse(graphqlCommits(since)[0]!.body).variables.input.expectedHeadOid, head);
    assert.equal(receivePacks(since), 0);
    assert.match(
      trackingOn(pr.number),
      /^✅ \*\*Pushed [0-9a-f]{7} to `follow-up`\*\*\n\nCommit \[[0-9a-f]{7}\]\([^)]+\) on `follow-up`, signed by GitHub\./,
    );
  });

  it('falls back to git for an executable-bit change and says why in the log', async () => {
    const issue = h.github.state.addIssue({
      title: 'Make build.sh runnable',
      body: 'chmod it',
      user: 'alice',
    });
    h.openai.enqueue(
      reply().tool('bash', { command: 'chmod +x build.sh' }),
      reply().text('Make build.sh executable'),
    );
    const since = h.github.requests.length;
    const run = await h.run('issues', labeledPayload(issue, 'alice'));
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
    assert.match(
      run.stdout,
      /Committing with git instead of GitHub's API \(the commit is not signed\): the executable bit of `build\.sh` changes/,
    );
    const branch = `agent/issue-${issue.number}`;
    assert.match(await h.github.git.git(['ls-tree', branch, 'build.sh']), /^100755 /);
    const [commit] = await h.github.git.log(branch, 1);
    assert.equal(commit?.committer.name, 'github-actions[bot]');
    assert.ok(!h.github.state.verifiedCommits.has(commit!.sha));
    assert.equal(graphqlCommits(since).length, 0);
    assert.equal(receivePacks(since), 1);
    assert.match(trackingOn(issue.number), /pushed with git \(not signed\): the executable bit/);
  });

  it('ends failed with the patch when a ruleset refuses the push (GH013)', async () => {
    await requireSignedCommits(h.github.git, h.github.serverUrl);
    try {
      const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'helo', user: 'alice' });
      const base = (await h.github.git.resolve('main'))!;
      fixGreeting();
      const run = await h.run('issues', labeledPayload(issue, 'alice'), {
        inputs: { 'commit-signing': 'git' },
      });
      assert.equal(run.outputs['conclusion'], 'failed', run.stdout);
      assert.notEqual(run.exitCode, 0);
      const branch = `agent/issue-${issue.number}`;
      assert.equal(await h.github.git.resolve(branch), undefined, 'nothing landed');
      const body = trackingOn(issue.number);
      assert.match(
        body,
        /^❌ \*\*Failed: the push to `agent\/issue-\d+` was refused\*\*\n\nThe push to `agent\/issue-\d+` was refused\./,
      );
      assert.match(
        body,
        /```text\n[\s\S]*remote: error: GH013: Repository rule violations found for refs\/heads\/agent\/issue-\d+\./,
      );
      assert.match(body, /Commits must have verified signatures/);
      assert.match(
        body,
        /\*\*What to change:\*\* A repository ruleset requires signed commits[^\n]*`commit-signing: auto`[^\n]*Settings → Rules → Rulesets/,
      );
      assert.match(
        body,
        /<details><summary>The change as a patch: apply it on `[0-9a-f]{7}` with <code>git am<\/code> \(or <code>git apply<\/code>\)<\/summary>[\s\S]*-export const greet = \(\) => 'helo';\n\+export const greet = \(\) => 'hello';/,
      );
      const patchPath = path.join(path.dirname(run.outputs['transcript-path']!), 'changes.patch');
      assert.ok(existsSync(patchPath), 'changes.patch next to the transcript');
      assert.match(
        readFileSync(patchPath, 'utf8'),
        /^From [0-9a-f]{40} [\s\S]*Subject: \[PATCH\] Fix the greeting typo[\s\S]*\+export const greet = \(\) => 'hello';/,
      );
      assert.ok(run.summary.includes(patchPath), 'the summary names the file');
      assert.match(run.summary, /\*\*Conclusion:\*\* `failed`/);
      const applied = await assertPatchApplies(h.github.git.gitDir, base, readFileSync(patchPath, 'utf8'), [
        'src/greet.js',
      ]);
      assert.equal(applied['src/greet.js'], "export const greet = () => 'hello';\n");
    } finally {
      await requireSignedCommits(h.github.git, false);
    }
  });

  it('ends failed with the patch when GitHub refuses the API commit', async () => {
    refuseApiCommits(h.github.state, {
      type: 'FORBIDDEN',
      message: 'Resource not accessible by integration',
    });
    try {
      const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'helo', user: 'alice' });
      const base = (await h.github.git.resolve('main'))!;
      fixGreeting();
      const run = await h.run('issues', labeledPayload(issue, 'alice'));
      assert.equal(run.outputs['conclusion'], 'failed', run.stdout);
      const body = trackingOn(issue.number);
      assert.match(body, /^❌ \*\*Failed: GitHub refused the commit to `agent\/issue-\d+`\*\*\n/);
      assert.equal(
        await h.github.git.resolve(`agent/issue-${issue.number}`),
        undefined,
        'no empty branch left',
      );
      assert.match(body, /```text\nResource not accessible by integration\n```/);
      assert.match(body, /grant `contents: write` in the workflow’s `permissions:` block/);
      assert.match(run.summary, /changes\.patch/);
      const applied = await assertPatchApplies(h.github.git.gitDir, base, patchIn(body), ['src/greet.js']);
      assert.equal(applied['src/greet.js'], "export const greet = () => 'hello';\n");
    } finally {
      refuseApiCommits(h.github.state, undefined);
    }
  });

  it('ends failed with the compare link when GitHub answers 502 to opening the PR', async () => {
    const undo = h.github.intercept('pulls/create', () => ({
      status: 502,
      body: { message: 'Server Error' },
    }));
    try {
      const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'helo', user: 'alice' });
      fixGreeting();
      const since = h.github.requests.length;
      const run = await h.run('issues', labeledPayload(issue, 'alice'));
      assert.equal(run.outputs['conclusion'], 'failed', run.stdout);
      const branch = `agent/issue-${issue.number}`;
      assert.equal(run.outputs['branch'], branch);
      const attempts = h.github.requests.slice(since).filter((r) => r.operationId === 'pulls/create');
      assert.equal(attempts.length, 4, 'the request was retried before giving up');
      assert.ok(
        h.github.state.verifiedCommits.has((await h.github.git.resolve(branch))!),
        'the signed commit is on the branch',
      );
      const body = trackingOn(issue.number);
      assert.match(
        body,
        /^❌ \*\*Failed: GitHub would not open the pull request \(HTTP 502\)\*\*\n\nThe commit is on `agent\/issue-\d+`, but GitHub would not open the pull request\./,
      );
      assert.match(body, /```text\nHTTP 502: Server Error\n```/);
      assert.match(body, /run the action again/);
      assert.ok(
        body.includes(`(${h.github.serverUrl}/Codertocat/Hello-World/compare/main...${branch}?expand=1)`),
        body,
      );
      assert.match(body, /\+export const greet = \(\) => 'hello';/);
      assert.equal(h.github.state.pulls().filter((p) => p.pull?.headRef === branch).length, 0);
    } finally {
      undo();
    }
  });

  it('tells which setting to change when Actions may not create pull requests', async () => {
    const undo = h.github.intercept('pulls/create', () => ({
      status: 403,
      body: { message: 'GitHub Actions is not permitted to create or approve pull requests.', status: '403' },
    }));
    try {
      const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'helo', user: 'alice' });
      fixGreeting();
      const run = await h.run('issues', labeledPayload(issue, 'alice'));
      assert.equal(run.outputs['conclusion'], 'failed', run.stdout);
      assert.match(trackingOn(issue.number), /Allow GitHub Actions to create and approve pull requests/);
    } finally {
      undo();
    }
  });

  it('keeps a label GitHub refuses a warning: the PR still opens', async () => {
    const undo = h.github.intercept('issues/add-labels', () => ({
      status: 403,
      body: { message: 'Resource not accessible by integration', status: '403' },
    }));
    try {
      const issue = h.github.state.addIssue({ title: 'Greeting typo', body: 'helo', user: 'alice' });
      fixGreeting();
      const run = await h.run('issues', labeledPayload(issue, 'alice'), { inputs: { labels: 'agent-made' } });
      assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
      assert.equal(run.exitCode, 0);
      assert.match(
        run.summary,
        /Could not add the labels `agent-made` \(`labels`\): Resource not accessible by integration/,
      );
    } finally {
      undo();
    }
  });
});
