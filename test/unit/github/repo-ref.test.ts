import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isSameRepository } from '../../../src/github/repo-ref.js';

describe('isSameRepository', () => {
  const repo = { owner: 'Codertocat', repo: 'Hello-World' };

  it('is true for the repository itself, in any case, given as a ref or a full name', () => {
    assert.equal(isSameRepository('Codertocat/Hello-World', repo), true);
    assert.equal(isSameRepository('codertocat/hello-world', repo), true);
    assert.equal(isSameRepository('Codertocat/Hello-World', 'CODERTOCAT/HELLO-WORLD'), true);
  });

  it('is false for a fork, a near-miss name and a deleted fork', () => {
    assert.equal(isSameRepository('mallory/Hello-World', repo), false);
    assert.equal(isSameRepository('Codertocat/Hello-World-fork', repo), false);
    assert.equal(isSameRepository('Codertocat/Hello', repo), false);
    assert.equal(isSameRepository(null, repo), false);
    assert.equal(isSameRepository(undefined, repo), false);
    assert.equal(isSameRepository('', repo), false);
  });
});
