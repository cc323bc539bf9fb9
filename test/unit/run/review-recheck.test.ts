/**
 * Open findings kept current against the fake GitHub: code that only moved stays open where it now
 * is; a deleted file resolves at once; changed code is re-checked (one tool-less call each) and a
 * finding that no longer holds gets a one-line reply and its thread resolved over GraphQL; files
 * this push did not touch are not looked at.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AgentResult } from '../../../src/agent/loop.js';
import type { ReviewScope } from '../../../src/outputs/review-scope.js';
import type { OpenFinding } from '../../../src/pipeline/review-ledger.js';
import { locateCode, recheckOpenFindings } from '../../../src/run/review-recheck.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';
import { runSetting } from '../../helpers/run-context.js';

const { server: github } = await useFakeGitHub({ files: { 'a.ts': 'x\n' } });
afterEach(() => github.assertNoViolations());

const HEAD = 'e'.repeat(40);
const FILES: Record<string, string> = {
  'a.ts': 'const pad = 0;\nconst moved = load();\nconst fixed = guard(input);\nconst held = parse(input);\n',
  'c.ts': 'untouched\n',
};

function finding(fields: Partial<OpenFinding> & Pick<OpenFinding, 'path' | 'code' | 'title'>): OpenFinding {
  return { fp: '0'.repeat(16), line: 1, severity: 'suggestion', ...fields };
}

describe('locateCode', () => {
  it('finds the code as a range as long as the finding’s, whitespace aside', () => {
    const lines = ['a', 'b  c', 'd'];
    assert.deepEqual(locateCode(lines, 'b c', 1), { start: 2, line: 2 });
    assert.deepEqual(locateCode(lines, 'b c d', 2), { start: 2, line: 3 });
    assert.equal(locateCode(lines, 'e', 1), undefined);
  });
});

describe('recheckOpenFindings', () => {
  it('keeps moved code open, resolves a deleted file and a fixed finding, keeps one that holds', async () => {
    const setting = await runSetting(github);
    const pr = github.state.addPullRequest({ title: 'T', headRef: 'x', baseRef: 'main', user: 'octocat' });
    const root = github.state.addReviewComment({
      pullNumber: pr.number,
      body: 'Unguarded.',
      user: github.state.tokenUser,
      path: 'a.ts',
      line: 3,
      diffHunk: '@@ -1 +1,3 @@',
      commitId: HEAD,
    });
    const threadId = Buffer.from(`PullRequestReviewThread:${root.id}`).toString('base64');
    const asked: ChatCompletionMessageParam[][] = [];
    const answer = (summary: string) => ({ stopReason: 'done', summary }) as AgentResult;
    const scope: ReviewScope = {
      kind: 'incremental',
      since: 'f'.repeat(40),
      commits: [],
      files: [
        {
          filename: 'a.ts',
          status: 'modified',
          additions: 2,
          deletions: 2,
          patch: '@@ -3,2 +3,2 @@\n-const fixed = input;\n+const fixed = guard(input);',
        },
        { filename: 'b.ts', status: 'removed', additions: 0, deletions: 1 },
      ],
    };
    const result = await recheckOpenFindings(
      setting.ctx,
      [
        finding({ path: 'a.ts', line: 1, code: 'const moved = load();', title: 'moved' }),
        finding({
          path: 'a.ts',
          line: 3,
          code: 'const fixed = input;',
          title: 'unguarded',
          thread: { id: threadId, firstCommentId: root.id },
        }),
        finding({ path: 'a.ts', line: 4, code: 'const held = input;', title: 'still unparsed' }),
        finding({ path: 'b.ts', line: 1, code: 'gone', title: 'in a deleted file' }),
        finding({ path: 'c.ts', line: 1, code: 'not there any more', title: 'untouched file' }),
      ],
      {
        prNumber: pr.number,
        head: HEAD,
        scope,
        readFile: async (file) => FILES[file],
        ask: async (messages) => {
          asked.push(messages);
          return answer(
            JSON.stringify(messages).includes('unguarded')
              ? 'FIXED: guard() now checks it.'
              : 'HOLDS: parse still trusts input.',
          );
        },
      },
    );
    assert.equal(asked.length, 2, 'only changed code is re-checked');
    assert.match(JSON.stringify(asked[0]), /const fixed = guard\(input\)/);
    assert.deepEqual(result.open.map((f) => [f.title, f.line]).sort(), [
      ['moved', 2],
      ['still unparsed', 4],
      ['untouched file', 1],
    ]);
    assert.deepEqual(result.resolved.map((r) => [r.title, r.why]).sort(), [
      ['in a deleted file', 'the file was deleted'],
      ['unguarded', 'guard() now checks it.'],
    ]);
    assert.equal(github.state.resolvedThreads.get(root.id), github.state.tokenUser);
    assert.equal(github.state.thread(root.id).at(-1)?.body, 'Resolved at eeeeeee: guard() now checks it.');
  });
});
