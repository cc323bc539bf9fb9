/**
 * Provider refusals, with each provider's own error body, sorted by the real SDK path: what is
 * retried, what drops a parameter, what compacts, and what fails naming the input to change.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLlmClient } from '../../../src/llm/client.js';
import { classifyLlmError, type ErrorVerdict } from '../../../src/llm/retry.js';
import { streamTurn } from '../../../src/llm/stream-turn.js';
import type { Step } from '../../fakes/openai-server.js';
import { jsonRefusal, openAiRefusal } from '../../fakes/providers/persona.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

describe('provider refusals', () => {
  const fake = useFakeOpenAI();

  const verdictFor = async (step: Step, baseUrl = fake.url): Promise<ErrorVerdict | undefined> => {
    fake.enqueue(step);
    const llm = createLlmClient({ baseUrl: fake.url, apiKey: 'sk-x', model: 'some-model' });
    const error = await streamTurn(llm, { messages: [{ role: 'user', content: 'hi' }], tools: [] }).then(
      () => assert.fail('expected a failure'),
      (e: unknown) => e,
    );
    return classifyLlmError(error, { baseUrl, model: llm.model, rules: llm.rules, retry: llm.retry });
  };
  const fatalMessage = (verdict: ErrorVerdict | undefined) => {
    assert.equal(verdict?.kind, 'fatal');
    return verdict.kind === 'fatal' ? verdict.error.message : '';
  };

  it('drops a parameter the provider names (o-series, Mistral, Azure AI)', async () => {
    const o = await verdictFor(
      openAiRefusal(400, {
        message: "Unsupported parameter: 'parallel_tool_calls' is not supported with this model.",
        param: 'parallel_tool_calls',
        code: 'unsupported_parameter',
      }),
    );
    assert.deepEqual(o?.kind === 'adjust' && o.drop, ['parallel_tool_calls']);
    const mistral = await verdictFor(
      jsonRefusal(422, {
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
      }),
    );
    assert.deepEqual(mistral?.kind === 'adjust' && mistral.drop, ['stream_options']);
    const azure = await verdictFor(
      jsonRefusal(400, {
        detail:
          "Extra parameters ['stream_options'] are not allowed when extra-parameters is not set or set to be 'error'.",
      }),
    );
    assert.deepEqual(azure?.kind === 'adjust' && azure.drop, ['stream_options']);
  });

  it('compacts on too-large refusals, reading the limit when one is named', async () => {
    const github = await verdictFor(
      openAiRefusal(413, {
        message: 'Request body too large for gpt-4.1 model. Max size: 8000 tokens.',
        code: 'tokens_limit_reached',
      }),
    );
    assert.deepEqual(github?.kind === 'too-large' && github.limitTokens, 8000);
    const openai = await verdictFor(
      openAiRefusal(400, {
        message:
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130017 tokens.",
        code: 'context_length_exceeded',
      }),
    );
    assert.deepEqual(openai?.kind === 'too-large' && openai.limitTokens, 128000);
    const nginx = await verdictFor({
      kind: 'http-error',
      status: 413,
      headers: { 'content-type': 'text/html' },
      body: '<html><h1>413 Request Entity Too Large</h1></html>',
    });
    assert.deepEqual(nginx?.kind === 'too-large' && nginx.limitTokens, null);
  });

  it('fails at once for a model or server without tool calling, even on a 500', async () => {
    const openrouter = fatalMessage(
      await verdictFor(
        jsonRefusal(404, {
          error: {
            message:
              'No endpoints found that support tool use. To learn more about provider routing, visit: https://openrouter.ai/docs/provider-routing',
            code: 404,
          },
        }),
      ),
    );
    assert.match(openrouter, /cannot call tools \(HTTP 404: No endpoints found that support tool use/);
    assert.doesNotMatch(openrouter, /base-url/);
    const llama = fatalMessage(
      await verdictFor(
        openAiRefusal(500, { message: 'tools param requires --jinja flag', type: 'server_error' }),
      ),
    );
    assert.match(llama, /Start llama-server with `--jinja`/);
    const vllm = fatalMessage(
      await verdictFor(
        jsonRefusal(400, {
          object: 'error',
          message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
          type: 'BadRequestError',
          param: null,
          code: 400,
        }),
      ),
    );
    assert.match(vllm, /--enable-auto-tool-choice --tool-call-parser/);
  });

  it('fails at once on a quota that will not refill within the run', async () => {
    const daily = fatalMessage(
      await verdictFor(
        openAiRefusal(
          429,
          { message: 'Rate limit of 50 per 86400s exceeded for UserByModelByDay.', code: 'RateLimitReached' },
          { 'retry-after': '24367', 'x-ratelimit-type': 'UserByModelByDay' },
        ),
      ),
    );
    assert.match(daily, /quota is used up .*retry in 7 hours\. Add credit or raise the quota/);
    assert.match(
      fatalMessage(
        await verdictFor(
          openAiRefusal(429, { message: 'You exceeded your current quota', code: 'insufficient_quota' }),
        ),
      ),
      /Add credit/,
    );
    const minute = await verdictFor(
      openAiRefusal(429, { message: 'Rate limit reached' }, { 'retry-after': '20' }),
    );
    assert.deepEqual(minute, { kind: 'retry', reason: 'HTTP 429: Rate limit reached', retryAfterMs: 20_000 });
  });

  it('says GitHub Models was retired when models.github.ai answers 410, naming the inputs to change', async () => {
    const gone = openAiRefusal(410, { message: 'Gone', code: 'gone' });
    const verdict = await verdictFor(gone, 'https://models.github.ai/inference');
    const message = fatalMessage(verdict);
    assert.match(
      message,
      /^GitHub Models was retired on 2026-07-30: https:\/\/models\.github\.ai\/inference answers HTTP 410: Gone\./,
    );
    assert.match(message, /Change the `base-url`, `api-key` and `model` inputs to another provider/);
    assert.equal(verdict?.kind === 'fatal' && verdict.error.input, 'base-url');
    // A 410 from any other endpoint is that endpoint's own answer.
    assert.doesNotMatch(fatalMessage(await verdictFor(gone)), /GitHub Models/);
  });

  it('names `model` when the model cannot stream (OpenAI o1-preview)', async () => {
    const message = fatalMessage(
      await verdictFor(
        openAiRefusal(400, {
          message:
            "Unsupported value: 'stream' does not support true with this model. Supported values are: false.",
          param: 'stream',
          code: 'unsupported_value',
        }),
      ),
    );
    assert.match(message, /cannot stream .*'stream' does not support true.*`model` input/);
  });

  it('retries Groq’s tool_use_failed refusal of one bad generation', async () => {
    const verdict = await verdictFor(
      openAiRefusal(400, {
        message:
          "Failed to call a function. Please adjust your prompt. See 'failed_generation' for more details.",
        code: 'tool_use_failed',
      }),
    );
    assert.equal(verdict?.kind, 'retry');
  });

  it('names `reasoning-effort` when the refusal is about it', async () => {
    const message = fatalMessage(
      await verdictFor(
        openAiRefusal(400, {
          message:
            "Function tools with reasoning_effort are not supported for gpt-5.6 in /v1/chat/completions. To use function tools, use /v1/responses or set reasoning_effort to 'none'.",
          param: 'reasoning_effort',
        }),
      ),
    );
    assert.match(message, /Function tools with reasoning_effort are not supported/);
    assert.match(message, /`reasoning-effort` input/);
  });

  it('quotes the body of every shape on 404 and 5xx instead of guessing', async () => {
    const gemini = fatalMessage(
      await verdictFor(
        jsonRefusal(404, [
          {
            error: {
              code: 404,
              message: 'models/gemini-9 is not found for API version v1beta',
              status: 'NOT_FOUND',
            },
          },
        ]),
      ),
    );
    assert.match(gemini, /Model `some-model` was not found .*models\/gemini-9 is not found/);
    const plain = fatalMessage(
      await verdictFor({
        kind: 'http-error',
        status: 404,
        headers: { 'content-type': 'text/plain' },
        body: '404 page not found',
      }),
    );
    assert.match(plain, /Nothing answers at .*\(HTTP 404: 404 page not found\).*`base-url`/);
    const server = await verdictFor(
      jsonRefusal(503, {
        object: 'error',
        message: 'The engine is overloaded',
        type: 'ServiceUnavailableError',
        param: null,
        code: 503,
      }),
    );
    assert.deepEqual(server, { kind: 'retry', reason: 'HTTP 503: The engine is overloaded' });
  });
});
