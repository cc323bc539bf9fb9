import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { headVerdict } from '../../../src/run/head-status.js';
import type { Publication } from '../../../src/run/publish.js';

const pub = (head: Publication['head'], outcome: Partial<Publication['outcome']> = {}): Publication => ({
  outcome: { conclusion: 'pr-opened', ...outcome },
  details: '',
  ...(head ? { head } : {}),
});

describe('headVerdict', () => {
  it('is success only when verification and CI passed (or were not configured)', () => {
    assert.deepEqual(headVerdict(pub({ sha: 'a', verified: true }, { ciConclusion: 'success' })), {
      state: 'success',
      description: 'verify-command and CI passed',
    });
    assert.equal(headVerdict(pub({ sha: 'a' })).state, 'success');
  });

  it('is failure when verification or CI failed, or the run did', () => {
    assert.equal(headVerdict(pub({ sha: 'a', verified: false })).description, 'verify-command failed');
    assert.equal(
      headVerdict(pub({ sha: 'a', verified: true }, { ciConclusion: 'failure' })).description,
      'CI concluded failure',
    );
    assert.equal(headVerdict(pub({ sha: 'a' }, { conclusion: 'failed' })).state, 'failure');
  });
});
