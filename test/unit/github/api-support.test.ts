import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainMissingApi } from '../../../src/github/api-support.js';

const error = (status: number, method: string, url: string) =>
  Object.assign(new Error('Not Found'), { status, request: { method, url } });

describe('explainMissingApi', () => {
  it('names the feature behind a 404 from an API older servers lack', () => {
    const why = explainMissingApi(
      error(404, 'POST', 'https://ghe.example.com/api/v3/repos/o/r/pulls/3/reviews'),
    );
    assert.match(
      why ?? '',
      /^https:\/\/ghe\.example\.com answered 404 to POST \/repos\/\{owner\}\/\{repo\}\/pulls\/\{pull_number\}\/reviews/,
    );
    assert.match(why ?? '', /review mode.*mode: comment/);
  });

  it('matches the annotations route with a query string', () => {
    assert.ok(
      explainMissingApi(
        error(404, 'GET', 'http://127.0.0.1:1/api/v3/repos/o/r/check-runs/5/annotations?page=2'),
      ),
    );
  });

  it('leaves other statuses, other routes and other methods alone', () => {
    assert.equal(
      explainMissingApi(error(403, 'GET', 'https://x.test/repos/o/r/check-runs/5/annotations')),
      undefined,
    );
    assert.equal(explainMissingApi(error(404, 'GET', 'https://x.test/repos/o/r/issues/5')), undefined);
    assert.equal(
      explainMissingApi(error(404, 'DELETE', 'https://x.test/repos/o/r/pulls/3/reviews')),
      undefined,
    );
    assert.equal(explainMissingApi(new Error('plain')), undefined);
  });
});
