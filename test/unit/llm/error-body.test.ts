import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseErrorBody, readableErrorFetch } from '../../../src/llm/error-body.js';

describe('parseErrorBody', () => {
  it('reads OpenAI-style bodies with code and param', () => {
    const body = JSON.stringify({
      error: {
        message: "Unsupported parameter: 'parallel_tool_calls' is not supported with this model.",
        type: 'invalid_request_error',
        param: 'parallel_tool_calls',
        code: 'unsupported_parameter',
      },
    });
    assert.deepEqual(parseErrorBody(body), {
      message: "Unsupported parameter: 'parallel_tool_calls' is not supported with this model.",
      code: 'unsupported_parameter',
      param: 'parallel_tool_calls',
      type: 'invalid_request_error',
    });
  });

  it('reads Gemini’s JSON array', () => {
    const body =
      '[{"error":{"code":400,"message":"Function call is missing a thought_signature","status":"INVALID_ARGUMENT"}}]';
    assert.deepEqual(parseErrorBody(body), {
      message: 'Function call is missing a thought_signature',
      code: '400',
    });
  });

  it('reads Mistral’s {"object":"error"} with a pydantic detail list, naming the parameter', () => {
    const body = JSON.stringify({
      object: 'error',
      message: {
        detail: [
          {
            type: 'extra_forbidden',
            loc: ['body', 'stream_options', 'include_usage'],
            msg: 'Extra inputs are not permitted',
            input: true,
          },
        ],
      },
      type: 'invalid_request_error',
      param: null,
      code: null,
    });
    const parsed = parseErrorBody(body);
    assert.equal(
      parsed.message,
      'extra_forbidden at body.stream_options.include_usage: Extra inputs are not permitted',
    );
    assert.equal(parsed.param, 'stream_options');
  });

  it('reads Azure AI’s {"detail": …} and top-level messages (llama.cpp, old vLLM)', () => {
    assert.equal(
      parseErrorBody('{"detail":"Extra parameters [\'stream_options\'] are not allowed"}').message,
      "Extra parameters ['stream_options'] are not allowed",
    );
    assert.equal(
      parseErrorBody('{"code":500,"message":"Unsupported param: tools","type":"server_error"}').message,
      'Unsupported param: tools',
    );
  });

  it('keeps OpenRouter’s upstream words from metadata.raw', () => {
    const body = JSON.stringify({
      error: {
        message: 'Provider returned error',
        code: 400,
        metadata: { raw: 'Function call is missing a thought_signature', provider_name: 'Google AI Studio' },
      },
    });
    assert.equal(
      parseErrorBody(body).message,
      'Provider returned error: Function call is missing a thought_signature (Google AI Studio)',
    );
  });

  it('reads plain text and HTML, flattened and capped', () => {
    assert.equal(
      parseErrorBody('<html><body><h1>502 Bad Gateway</h1></body></html>').message,
      '502 Bad Gateway',
    );
    assert.equal(parseErrorBody('x'.repeat(2000)).message.length, 600);
    assert.equal(
      parseErrorBody('{"error":"invalid message content type: <nil>"}').message,
      'invalid message content type: <nil>',
    );
  });
});

describe('readableErrorFetch', () => {
  it('rewrites an error body into the {"error": …} envelope and keeps status and headers', async () => {
    const inner: typeof fetch = async () =>
      new Response('[{"error":{"code":404,"message":"models/x is not found"}}]', {
        status: 404,
        headers: { 'retry-after': '3', 'content-type': 'application/json' },
      });
    const response = await readableErrorFetch(inner)('http://127.0.0.1/x');
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('retry-after'), '3');
    assert.deepEqual(await response.json(), { error: { message: 'models/x is not found', code: '404' } });
  });

  it('leaves successful responses alone', async () => {
    const ok = new Response('data: {}\n\n', { status: 200 });
    assert.equal(await readableErrorFetch(async () => ok)('http://127.0.0.1/x'), ok);
  });
});
