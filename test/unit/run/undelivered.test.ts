/**
 * reportUndelivered: where the kept patch goes (next to the transcript, else under RUNNER_TEMP),
 * what happens when it cannot be saved, that GitHub's words and the patch are redacted, and the
 * compare link for a branch that was pushed without its pull request.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { reportUndelivered } from '../../../src/run/undelivered.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { RUN_API_KEY, runSetting } from '../../helpers/run-context.js';

const { server: github } = await useFakeGitHub();
const PATCH = 'diff --git a/a.js b/a.js\n-old\n+new\n';

describe('reportUndelivered', () => {
  it('saves the patch next to the transcript and redacts what GitHub said', async () => {
    const setting = await runSetting(github);
    const transcriptPath = path.join(setting.tempDir, 'runs', 'transcript.jsonl');
    const publication = await reportUndelivered(setting.ctx, {
      step: 'push',
      headline: 'The push to `agent/issue-1` was refused.',
      answer: `remote: rejected, key ${RUN_API_KEY}`,
      patch: `${PATCH}+${RUN_API_KEY}\n`,
      transcriptPath,
    });
    const saved = path.join(path.dirname(transcriptPath), 'changes.patch');
    assert.ok(existsSync(saved));
    assert.ok(!readFileSync(saved, 'utf8').includes(RUN_API_KEY), 'the saved patch is redacted');
    assert.ok(!publication.details.includes(RUN_API_KEY), 'the details are redacted');
    assert.ok(publication.details.includes(saved));
    assert.equal(publication.outcome.conclusion, 'failed');
    assert.equal(publication.outcome.reason, 'the push to `agent/issue-1` was refused');
    const api = await reportUndelivered(setting.ctx, {
      step: 'api-commit',
      headline: 'GitHub refused the commit to `b`.',
    });
    assert.equal(api.outcome.reason, 'GitHub refused the commit to `b`', 'a name keeps its capital');
    assert.match(publication.outcome.failure ?? '', /^The push to `agent\/issue-1` was refused\. /);
    assert.equal(publication.outcome.branch, undefined);
  });

  it('falls back to RUNNER_TEMP without a transcript, and only warns when the patch cannot be saved', async () => {
    const setting = await runSetting(github);
    const first = await reportUndelivered(setting.ctx, { step: 'push', headline: 'Refused.', patch: PATCH });
    const saved = path.join(setting.tempDir, 'agent-action', 'changes.patch');
    assert.equal(readFileSync(saved, 'utf8'), PATCH);
    assert.ok(first.details.includes(saved));

    // A file where the folder should be: mkdir fails, the run still reports the patch inline.
    const blocked = path.join(setting.tempDir, 'not-a-dir');
    await writeFile(blocked, '');
    const second = await reportUndelivered(setting.ctx, {
      step: 'push',
      headline: 'Refused.',
      patch: PATCH,
      transcriptPath: path.join(blocked, 'transcript.jsonl'),
    });
    assert.ok(setting.logs.warning.some((w) => w.startsWith('Could not save changes.patch')));
    assert.ok(second.details.includes('+new'), 'the patch is still in the details');
    assert.ok(!second.details.includes(blocked), 'no path to a file that was not written');
  });

  it('links the compare page of a pushed branch, slashes kept, and reports the branch', async () => {
    const setting = await runSetting(github);
    const publication = await reportUndelivered(setting.ctx, {
      step: 'pull-request',
      headline: 'The commit is on `agent/issue-2`, but GitHub would not open the pull request.',
      answer: 'HTTP 422: Validation Failed',
      pushedBranch: 'agent/issue-2',
      base: 'release/1.x',
    });
    assert.ok(
      publication.details.includes(
        `${github.serverUrl}/Codertocat/Hello-World/compare/release/1.x...agent/issue-2?expand=1`,
      ),
      publication.details,
    );
    assert.equal(publication.outcome.branch, 'agent/issue-2');
    assert.match(publication.details, /GitHub answered:\n\n```text\nHTTP 422: Validation Failed\n```/);
    assert.equal(publication.outcome.reason, 'GitHub would not open the pull request (HTTP 422)');
  });

  it('shows an HTML error page as its words in a code block, never as markup', async () => {
    const setting = await runSetting(github);
    const page =
      '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>';
    const publication = await reportUndelivered(setting.ctx, {
      step: 'pull-request',
      headline: 'The commit is on `agent/issue-3`, but GitHub would not open the pull request.',
      answer: `HTTP 502: ${page}`,
      pushedBranch: 'agent/issue-3',
      base: 'main',
    });
    assert.match(publication.details, /```text\nHTTP 502: 502 Bad Gateway \(an HTML page\)\n```/);
    assert.doesNotMatch(publication.details, /<h1>|<html>|^#/m);
    assert.match(publication.outcome.failure ?? '', /run the action again/);
  });
});
