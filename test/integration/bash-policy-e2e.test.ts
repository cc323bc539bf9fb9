/**
 * The bash policy's run-level guarantees through the built action: with `sandbox: off` the
 * project's code runs and the PR body and job summary say so plainly; git configuration the
 * agent's commands wrote is put back (with a warning) before the action's own token-carrying
 * git runs it; published text has no line a later workflow would run as a workflow command.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { reply } from '../fakes/openai-server.js';
import { labeledPayload, useHarness } from '../helpers/action-harness.js';

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
    assert.match(run.summary, /Warning:\*\* The agent's commands changed the repository's git configuration/);
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
});
