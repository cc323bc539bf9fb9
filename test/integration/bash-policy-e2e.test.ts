/**
 * The bash policy's run-level guarantees through the built action: with `sandbox: off` the
 * project's code runs and the PR body and job summary say so plainly; git configuration the
 * agent's commands wrote is put back (with a warning) before the action's own token-carrying
 * git runs it; published text has no line a later workflow would run as a workflow command;
 * what the policy cannot model is refused with the rule named (a backquote in an unquoted
 * here-document, an awk redirect continued over a line, a loader the agent wrote and bash
 * copied elsewhere, a path through a folder another step of the line copies); a review run
 * refuses writes however they are wrapped; and without a namespace sandbox (levels `none` and
 * `landlock`) only the core runs.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { findLandlockHelper } from '../../src/sandbox/landlock-sandbox.js';
import { reply } from '../fakes/openai-server.js';
import { commentPayload, labeledPayload, useHarness } from '../helpers/action-harness.js';

const h = useHarness();
const scratch = mkdtempSync(path.join(tmpdir(), 'policy-e2e-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

describe('bash policy in the built action', () => {
  it('restores .git/config changed by workspace code, warns, and defuses workflow-command lines', async () => {
    const marker = path.join(scratch, 'fsmonitor-ran');
    const workspace = mkdtempSync(path.join(scratch, 'ws-'));
    const poison = [
      "import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';",
      `appendFileSync('.git/config', '[core]\\n\\tfsmonitor = "touch ${marker}; false"\\n[diff]\\n\\texternal = "touch ${marker}"\\n');`,
      "mkdirSync('.git/info', { recursive: true });",
      "writeFileSync('.git/info/attributes', '* diff=evil\\n');",
    ].join('\n');
    const issue = h.github.state.addIssue({ title: 'Tidy up', body: 'Please tidy.', user: 'alice' });
    h.openai.enqueue(
      reply().tool('write_file', { path: 'tidy.mjs', content: `${poison}\n` }),
      // Workspace code: allowed because the harness sets `sandbox: off` deliberately.
      reply().tool('bash', { command: 'node tidy.mjs' }),
      reply().tool('write_file', { path: 'NOTES.md', content: 'Tidied.\n' }),
      reply().text(
        'Tidy up\n\nDone.\n::set-output name=pwned::1\n  ::add-mask::x\n```\n::stop-commands::abc\n```\n',
      ),
    );
    const run = await h.run('issues', labeledPayload(issue, 'alice'), { workspace });
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);

    // The action's git (status, add, commit, diff, push) never ran the programs the agent planted.
    assert.equal(existsSync(marker), false, 'core.fsmonitor or diff.external ran in the action’s git');
    const config = readFileSync(path.join(workspace, '.git', 'config'), 'utf8');
    assert.doesNotMatch(config, /fsmonitor|external/);
    assert.equal(existsSync(path.join(workspace, '.git', 'info', 'attributes')), false);
    assert.match(
      run.summary,
      /Warning:\*\* The agent's commands changed the repository's git files \(\.git\/config/,
    );
    assert.match(run.summary, /\.git\/config/);

    const pr = h.github.state.pulls().at(-1)!;
    // `sandbox: off` is stated where a maintainer reads it.
    assert.match(
      pr.body ?? '',
      /`sandbox: off` was set, so the project's own code[^\n]*runs with no isolation/,
    );
    assert.match(run.summary, /`sandbox: off` was set/);
    // No published line starts with `::` (after the runner's whitespace trim); it still reads the same.
    for (const text of [
      pr.body ?? '',
      run.summary,
      ...h.github.state.commentsOn(issue.number).map((c) => c.body),
    ]) {
      for (const line of text.split(/\r?\n/)) assert.doesNotMatch(line, /^\s*::/, line);
    }
    assert.match(pr.body ?? '', /\\::set-output name=pwned::1/);
  });

  it('refuses what it cannot model, naming the rule, and runs the rest', async () => {
    const workspace = mkdtempSync(path.join(scratch, 'ws-'));
    const marker = path.join(scratch, 'hidden-ran');
    const issue = h.github.state.addIssue({ title: 'Helpers', body: 'Add a helper.', user: 'alice' });
    const refused = [
      `cat <<EOF\n\`touch ${marker}\`\nEOF`,
      `awk '{ print $1,\n $2 > "${marker}" }' README.md`,
      'node --import ./lib/helper.mjs --test',
      'mkdir -p nest && cp -r src nest/copy && cat nest/copy/../../README.md',
    ];
    h.openai.enqueue(
      reply().tool('write_file', {
        path: 'helper.mjs',
        content: `import { writeFileSync } from 'node:fs'; writeFileSync('${marker}', '');\n`,
      }),
      // Copied by a command the policy allows: the copy is still the agent's, by content.
      reply().tool('bash', { command: 'mkdir -p lib && cp helper.mjs lib/helper.mjs' }),
      ...refused.map((command) => reply().tool('bash', { command })),
      reply().tool('bash', { command: "awk '{ print $1 }' README.md" }),
      reply().text('Add a helper\n\nDone.'),
    );
    const run = await h.run('issues', labeledPayload(issue, 'alice'), { workspace });
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
    assert.equal(existsSync(marker), false, 'no refused command ran');
    const results = h.openai.requests
      .at(-1)!
      .body.messages.filter((m: { role: string }) => m.role === 'tool')
      .map((m: { content: string }) => m.content);
    // write_file, cp, the four refusals, then awk that prints the first words.
    assert.match(results[1]!, /Exit code 0/);
    for (const [i, rule] of ['heredoc', 'awk-program', 'load-written-file', 'path-changed-by-line'].entries())
      assert.match(results[2 + i]!, new RegExp(`rule: ${rule}`), refused[i]);
    assert.match(results[6]!, /# Hello-World|#/);
  });

  it('refuses, in a review run, every command whose checked writes are not empty, however wrapped', async () => {
    const main = (await h.github.git.resolve('main'))!;
    const pr = h.github.state.addPullRequest({
      title: 'Greeting',
      body: 'Say hi.',
      headRef: 'review-wrapped-writes',
      baseRef: 'main',
      user: 'alice',
      draft: false,
    });
    const head = await h.github.git.commit(
      'review-wrapped-writes',
      { 'src/greet.js': "export const greet = () => 'hi';\n" },
      'Say hi',
      main,
    );
    const comment = h.github.state.addIssueComment({
      issueNumber: pr.number,
      body: '/agent review',
      user: 'alice',
    });
    const writes = [
      'timeout 5 sort -o sorted.txt README.md',
      'env nice -n 1 uniq README.md out.txt',
      'git diff --output=out.patch',
      'xxd README.md out.hex',
    ];
    h.openai.enqueue(
      reply().tool('bash', { command: 'git log --oneline -1' }),
      ...writes.map((command) => reply().tool('bash', { command })),
      reply().text('Looks fine.'),
    );
    const run = await h.run(
      'issue_comment',
      commentPayload(pr, { id: comment.id, body: comment.body, user: 'alice' }, true),
    );
    assert.equal(run.outputs['conclusion'], 'reviewed', run.stdout + run.stderr);
    const results = h.openai.requests
      .at(-1)!
      .body.messages.filter((m: { role: string }) => m.role === 'tool')
      .map((m: { content: string }) => m.content);
    assert.match(results[0]!, /Exit code 0/);
    for (const [i, command] of writes.entries())
      assert.match(results[1 + i]!, /rule: review-read-only/, command);
    assert.equal(await h.github.git.resolve('review-wrapped-writes'), head, 'nothing pushed');
  });
});

/**
 * Where no namespace isolates commands: the action started as in a job container that refuses
 * namespaces (level `landlock`) and one that refuses Landlock too (level `none`). The policy is
 * then the first barrier (and at `none` the only one), so the bash tool runs only the core:
 * read-only git, reading and searching; the project's code, interpreters, build tools and awk
 * are refused by name, and the summary says what isolates commands.
 */
describe('bash policy without a namespace sandbox, in the built action', () => {
  const helper = findLandlockHelper();
  const core = [
    'git status --short',
    'git log --oneline -1',
    'grep -c Hello README.md',
    'cat README.md | wc -l',
  ];
  const refused = [
    'npm test',
    'node print-env.mjs',
    "awk '{ print $1 }' README.md",
    'make',
    `python3 -c "open('${path.join(scratch, 'core-escaped')}', 'w')"`,
  ];
  for (const { level, launcherArgs, summary } of [
    {
      level: 'none',
      launcherArgs: ['--deny-namespaces', '--deny-landlock', '--'],
      summary: /\*\*Sandbox: `none`\*\* this runner gives commands no isolation/,
    },
    {
      level: 'landlock',
      launcherArgs: ['--deny-namespaces', '--'],
      summary: /\*\*Sandbox: `landlock`\*\* commands confined by Landlock and seccomp/,
    },
  ]) {
    it(`at level ${level}, runs the core and refuses the project's code and every program outside it`, async (t) => {
      if (!helper) return t.skip('the Landlock helper is not built (npm run build)');
      const workspace = mkdtempSync(path.join(scratch, 'ws-'));
      const issue = h.github.state.addIssue({ title: 'Look', body: 'Look around.', user: 'alice' });
      h.openai.enqueue(
        ...[...core, ...refused].map((command) => reply().tool('bash', { command })),
        reply().tool('write_file', { path: 'NOTES.md', content: 'Looked.\n' }),
        reply().text('Look around\n\nDone.'),
      );
      const run = await h.run('issues', labeledPayload(issue, 'alice'), {
        workspace,
        inputs: { sandbox: 'auto' },
        launcher: [helper, ...launcherArgs],
      });
      assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
      assert.match(run.summary, summary, run.summary);
      const results = h.openai.requests
        .at(-1)!
        .body.messages.filter((m: { role: string }) => m.role === 'tool')
        .map((m: { content: string }) => m.content);
      for (const [i, command] of core.entries()) assert.match(results[i]!, /Exit code 0/, command);
      assert.match(results[2]!, /^1$/m, 'grep counted the heading');
      for (const [i, command] of refused.entries())
        assert.match(results[core.length + i]!, /rule: unsandboxed-core/, command);
      // `npm test` prints the environment; refused, nothing of it came back, and python wrote nothing.
      assert.doesNotMatch(results.join('\n'), /GITHUB_TOKEN|"PATH"/);
      assert.equal(existsSync(path.join(scratch, 'core-escaped')), false);
    });
  }
});
