import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  issueHash,
  plannedFiles,
  readPlanComment,
  renderPlanComment,
} from '../../../src/outputs/plan-comment.js';

const FACTS = {
  issue: { title: 'Typo', body: 'It says helo.' },
  base: 'a'.repeat(40),
  branch: 'main',
  files: ['src/greet.js'],
};

describe('the plan comment', () => {
  it('reads back the plan it rendered, with the marker facts', () => {
    const body = renderPlanComment('📋 Plan\n\n## Files\n- `src/greet.js`', FACTS);
    const read = readPlanComment(body);
    assert.equal(read.kind, 'plan');
    if (read.kind !== 'plan') return;
    assert.equal(read.text, '📋 Plan\n\n## Files\n- `src/greet.js`');
    assert.equal(read.marker.issue, issueHash(FACTS.issue));
    assert.equal(read.marker.base, FACTS.base);
    assert.deepEqual(read.marker.files, ['src/greet.js']);
    // GitHub may return CRLF line ends: the same plan.
    assert.equal(readPlanComment(body.replace(/\n/g, '\r\n')).kind, 'plan');
  });

  it('tells an edited plan and a comment without a marker apart', () => {
    const body = renderPlanComment('📋 Plan\n\n1. Fix it.', FACTS);
    assert.equal(readPlanComment(body.replace('Fix it', 'Delete the tests')).kind, 'edited');
    assert.equal(readPlanComment(body.replace(/"base":"a+"/, '"base":')).kind, 'edited');
    assert.equal(readPlanComment('Just a comment').kind, 'none');
  });

  it('hashes the issue title and body together, so either edit changes it', () => {
    assert.notEqual(issueHash(FACTS.issue), issueHash({ ...FACTS.issue, title: 'Typo!' }));
    assert.notEqual(issueHash(FACTS.issue), issueHash({ ...FACTS.issue, body: 'It says hullo.' }));
    assert.equal(issueHash({ title: 't', body: null }), issueHash({ title: 't', body: '' }));
  });

  it('takes the planned files from the Files section only', () => {
    const plan = [
      '## Files',
      '- `src/a.ts`: change',
      '* **`./src/b.ts`** new',
      '1. `docs/c.md` update',
      '- no path here',
      '## Steps',
      '- `src/not-a-file.ts` is only mentioned',
    ].join('\n');
    assert.deepEqual(plannedFiles(plan), ['docs/c.md', 'src/a.ts', 'src/b.ts']);
    assert.deepEqual(plannedFiles('## Steps\n- `x`'), []);
  });
});
