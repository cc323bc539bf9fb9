import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { describe, it } from 'node:test';
import { HANDLERS } from '../../fakes/github-handlers.js';
import { SCHEMA_BASE, toJsonSchema } from '../../fakes/openapi-schema.js';
import { OPENAPI_FIXTURE, OpenApiValidator } from '../../fakes/openapi-validator.js';

const validator = new OpenApiValidator();
const none = new URLSearchParams();

function operationIds(): string[] {
  const paths = validator.document['paths'] as Record<string, Record<string, any>>;
  return Object.values(paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => method !== 'parameters')
      .map(([, op]) => op.operationId as string),
  );
}

describe('the extracted OpenAPI fixture', () => {
  it('is small and holds the operations the action needs, each implemented by the fake', () => {
    assert.ok(statSync(OPENAPI_FIXTURE).size < 2_000_000);
    const ids = operationIds();
    for (const id of [
      'repos/get',
      'repos/get-collaborator-permission-level',
      'issues/get',
      'issues/list-comments',
      'issues/create-comment',
      'issues/update-comment',
      'reactions/create-for-issue',
      'reactions/create-for-issue-comment',
      'reactions/create-for-pull-request-review-comment',
      'pulls/list',
      'pulls/create',
      'pulls/update',
      'pulls/get',
      'pulls/list-review-comments',
      'pulls/create-reply-for-review-comment',
      'pulls/get-review-comment',
      'actions/get-workflow-run',
      'actions/list-jobs-for-workflow-run',
      'actions/download-job-logs-for-workflow-run',
      'actions/create-workflow-dispatch',
      'actions/list-workflow-runs',
      'git/get-ref',
      'repos/get-commit',
      'checks/list-for-ref',
    ]) {
      assert.ok(ids.includes(id), `fixture lacks ${id}`);
    }
    assert.deepEqual(
      ids.filter((id) => !HANDLERS[id]),
      [],
    );
  });

  it('compiles every request and response schema it holds', () => {
    for (const [template, item] of Object.entries(validator.document['paths'] as Record<string, any>)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (method === 'parameters') continue;
        for (const status of Object.keys(op.responses)) {
          assert.doesNotThrow(
            () => validator.checkResponse({ method, template }, Number(status), {}),
            template,
          );
        }
      }
    }
  });
});

describe('OpenApiValidator', () => {
  it('matches literal segments before parameters and multi-segment refs', () => {
    const comment = validator.checkRequest('GET', '/repos/o/r/pulls/comments/5', none, undefined);
    assert.equal(comment.match?.operationId, 'pulls/get-review-comment');
    assert.equal(comment.match?.params['comment_id'], 5);
    const raw = validator.checkRequest('GET', '/repos/o/r/git/ref/heads/feature/x', none, undefined);
    assert.equal(raw.match?.params['ref'], 'heads/feature/x');
    const encoded = validator.checkRequest('GET', '/repos/o/r/git/ref/heads%2Ffeature%2Fx', none, undefined);
    assert.equal(encoded.match?.params['ref'], 'heads/feature/x');
    assert.deepEqual(encoded.errors, []);
  });

  it('coerces and checks query parameters', () => {
    const ok = validator.checkRequest(
      'GET',
      '/repos/o/r/pulls',
      new URLSearchParams('state=open&per_page=50'),
      undefined,
    );
    assert.deepEqual(ok.errors, []);
    assert.equal(ok.match?.query['per_page'], 50);
    const bad = validator.checkRequest(
      'GET',
      '/repos/o/r/pulls',
      new URLSearchParams('state=merged'),
      undefined,
    );
    assert.match(bad.errors[0] ?? '', /query\/state must be equal to one of the allowed values/);
  });

  it('requires the request body where the description does and refuses one where it takes none', () => {
    const path = '/repos/o/r/issues/1/comments';
    assert.deepEqual(validator.checkRequest('POST', path, none, undefined).errors, [
      'request body is required',
    ]);
    assert.deepEqual(validator.checkRequest('GET', '/repos/o/r', none, { x: 1 }).errors, [
      'this operation takes no request body',
    ]);
  });

  it('catches a response that does not match the schema', () => {
    const match = { method: 'get', template: '/repos/{owner}/{repo}/issues/comments/{comment_id}' };
    const errors = validator.checkResponse(match, 200, { id: 'one', user: null });
    assert.ok(errors.some((e) => /response\/id must be integer/.test(e)));
    assert.ok(errors.some((e) => /must have required property 'html_url'/.test(e)));
  });
});

describe('toJsonSchema', () => {
  it('turns OpenAPI 3.0 nullable into JSON Schema null types and rewrites component refs', () => {
    assert.deepEqual(toJsonSchema({ type: 'string', nullable: true, example: 'x' }), {
      type: ['string', 'null'],
    });
    assert.deepEqual(toJsonSchema({ type: 'string', enum: ['a'], nullable: true }), {
      type: ['string', 'null'],
      enum: ['a', null],
    });
    assert.deepEqual(toJsonSchema({ allOf: [{ $ref: '#/components/schemas/user' }], nullable: true }), {
      anyOf: [{ allOf: [{ $ref: `${SCHEMA_BASE}/user` }] }, { type: 'null' }],
    });
  });

  it('keeps properties whose names look like keywords', () => {
    const schema = toJsonSchema({
      type: 'object',
      properties: { example: { type: 'string' }, nullable: { type: 'boolean' } },
    });
    assert.deepEqual(Object.keys((schema as any).properties), ['example', 'nullable']);
  });
});
