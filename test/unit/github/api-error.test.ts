import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RequestError } from '@octokit/request-error';
import {
  apiError,
  apiMessage,
  apiStatus,
  isNotFound,
  rateLimitWaitMs,
} from '../../../src/github/api-error.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const { server, octokit, repo } = await useFakeGitHub();

/** A `RequestError` as Octokit builds it from GitHub's answer. */
function requestError(status: number, data: unknown, headers: Record<string, string> = {}): RequestError {
  const url = 'https://api.github.test/repos/o/r/pulls/1';
  return new RequestError(`GitHub said ${status}`, status, {
    request: { method: 'GET', url, headers: { authorization: 'token ghs_secret' } },
    response: { status, url, headers, data },
  });
}

describe('apiStatus and isNotFound', () => {
  it('read the status of RequestError objects', () => {
    const missing = requestError(404, { message: 'Not Found' });
    assert.equal(apiStatus(missing), 404);
    assert.equal(isNotFound(missing), true);
    const invalid = requestError(422, { message: 'Validation Failed' });
    assert.equal(apiStatus(invalid), 422);
    assert.equal(isNotFound(invalid), false);
  });

  it('read the RequestError Octokit throws for a resource the server does not have', async () => {
    const error = await octokit
      .request('GET /repos/{owner}/{repo}/pulls/{pull_number}', { ...repo, pull_number: 999_999 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.ok(error instanceof RequestError, `a RequestError, got ${String(error)}`);
    assert.equal(apiStatus(error), 404);
    assert.equal(isNotFound(error), true);
    assert.equal(apiMessage(error), 'Not Found');
    server.assertNoViolations();
  });

  it('read a plain object with a numeric status, and nothing else', () => {
    assert.equal(apiStatus({ status: 404 }), 404);
    assert.equal(isNotFound({ status: 404 }), true);
    assert.equal(isNotFound({ status: 403 }), false);
    // GitHub's body carries `status` as a string; only the HTTP status counts.
    assert.equal(apiStatus({ status: '404' }), undefined);
    assert.equal(isNotFound({ status: '404' }), false);
    for (const other of [new Error('socket hang up'), 'text', null, undefined, 404]) {
      assert.equal(apiStatus(other), undefined, String(other));
      assert.equal(isNotFound(other), false, String(other));
    }
  });
});

describe('apiMessage and apiError', () => {
  it("prefer GitHub's message to the error's own", () => {
    const error = requestError(403, { message: 'Resource not accessible by integration' });
    assert.equal(apiMessage(error), 'Resource not accessible by integration');
    assert.deepEqual(apiError(error), { status: 403, message: 'Resource not accessible by integration' });
  });

  it("fall back to the error's message when GitHub gave none", () => {
    assert.equal(apiMessage(requestError(500, '')), 'GitHub said 500');
    assert.equal(apiMessage(requestError(502, { message: '' })), 'GitHub said 502');
    assert.equal(apiMessage(new Error('socket hang up')), 'socket hang up');
    assert.equal(apiMessage({ message: 'plain' }), 'plain');
    assert.equal(apiMessage('text'), 'text');
    assert.deepEqual(apiError(new Error('socket hang up')), { message: 'socket hang up' });
  });

  it("join a GraphQL answer's errors and keep the first one's type", () => {
    const error = {
      message: 'Request failed due to following response errors',
      errors: [{ type: 'STALE_DATA', message: 'Expected branch to point to abc' }, { message: 'and more' }],
    };
    assert.deepEqual(apiError(error), {
      message: 'Expected branch to point to abc; and more',
      type: 'STALE_DATA',
    });
  });
});

describe('rateLimitWaitMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads retry-after and the rate-limit reset of a RequestError', () => {
    assert.equal(rateLimitWaitMs(requestError(429, {}, { 'retry-after': '7' }), now), 7000);
    const reset = String(now / 1000 + 30);
    const exhausted = requestError(
      403,
      { message: 'API rate limit exceeded' },
      {
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': reset,
      },
    );
    assert.equal(rateLimitWaitMs(exhausted, now), 30_000);
    assert.equal(
      rateLimitWaitMs(requestError(403, { message: 'You have exceeded a secondary rate limit' }), now),
      60_000,
    );
  });

  it('is undefined for other refusals', () => {
    assert.equal(
      rateLimitWaitMs(requestError(403, { message: 'Resource not accessible by integration' }), now),
      undefined,
    );
    assert.equal(rateLimitWaitMs(requestError(404, { message: 'Not Found' }), now), undefined);
    assert.equal(rateLimitWaitMs({ status: 500 }, now), undefined);
  });
});
