/** Servers run on the runner or a private host: Ollama, vLLM (old and current), llama.cpp, LM Studio. */
import { dataFrame, jsonRefusal, openAiRefusal, type Persona } from './persona.js';
import { nullAnswerWithoutCalls, unparsableArguments } from './rules.js';
import {
  finishBeforeLastPiece,
  headerWithoutArguments,
  roleOnEveryChunk,
  wholeCalls,
  withoutDone,
} from './shapes.js';

/** Ollama's OpenAI endpoint (`http://localhost:11434/v1`), qwen3-coder:30b. */
export function ollama(): Persona {
  return {
    name: 'ollama',
    provider: 'Ollama (`http://localhost:11434/v1`), qwen3-coder:30b',
    sources: [
      'ollama openai/openai.go FromChatRequest ("invalid message content type: <nil>"; content optional only with tool calls) and FromCompletionToolCall ("invalid tool call arguments")',
      'LibreChat-AI/agents PR #260 (whole calls, index 0 reused, role on every chunk); ollama middleware/openai.go (usage chunk, [DONE])',
    ],
    basePath: '/v1',
    inputs: (origin) => ({ 'base-url': `${origin}/v1`, model: 'qwen3-coder:30b', 'api-key': '' }),
    refuse: (request) => {
      if (nullAnswerWithoutCalls(request) !== undefined)
        return openAiRefusal(400, {
          message: 'invalid message content type: <nil>',
          type: 'invalid_request_error',
        });
      if (unparsableArguments(request))
        return openAiRefusal(400, { message: 'invalid tool call arguments', type: 'invalid_request_error' });
      return undefined;
    },
    frames: (chunks) => roleOnEveryChunk(wholeCalls(chunks, { index: 'zero' })).map(dataFrame),
  };
}

/** vLLM before its error-format change and its argument fix: hermes parser, old error bodies. */
export function vllmOld(): Persona {
  let cut = false;
  return {
    name: 'vllm-old',
    provider:
      'vLLM 0.6-era with `--enable-auto-tool-choice --tool-call-parser hermes`, Qwen2.5-Coder-32B-Instruct',
    sources: [
      'vLLM ErrorResponse (old: top-level object/message/type/param/code)',
      'vllm-project/vllm #32152 (hermes streaming drops the final "}"), #43995 and PR #48922 (earlier arguments re-parsed with json.loads; 400 on invalid JSON)',
      'vllm-project/vllm #28806 (header delta without arguments)',
    ],
    basePath: '/v1',
    inputs: (origin) => ({
      'base-url': `${origin}/v1`,
      model: 'Qwen/Qwen2.5-Coder-32B-Instruct',
      'api-key': '',
    }),
    refuse: (request) => {
      const broken = unparsableArguments(request);
      if (!broken) return undefined;
      return jsonRefusal(400, {
        object: 'error',
        message: broken.error,
        type: 'BadRequestError',
        param: null,
        code: 400,
      });
    },
    frames: (chunks) => {
      const shaped = headerWithoutArguments(chunks);
      if (!cut && shaped.some((c) => typeof c !== 'string' && c.choices?.[0]?.delta?.tool_calls)) {
        cut = true;
        // The parser's known bug: the last piece of the first call loses its closing brace.
        const last = shaped.findLastIndex(
          (c) => typeof c !== 'string' && c.choices?.[0]?.delta?.tool_calls?.[0]?.function?.arguments,
        );
        const chunk = shaped[last] as Record<string, any>;
        const call = chunk.choices[0].delta.tool_calls[0];
        shaped[last] = {
          ...chunk,
          choices: [
            {
              ...chunk.choices[0],
              delta: {
                tool_calls: [{ ...call, function: { arguments: call.function.arguments.replace(/}$/, '') } }],
              },
            },
          ],
        };
      }
      return shaped.map(dataFrame);
    },
  };
}

/** vLLM today: `{"error": …}` bodies, errors inside the stream; plus two robustness shapes. */
export function vllmNew(): Persona {
  let failed = false;
  return {
    name: 'vllm-new',
    provider: 'vLLM (current) with a tool-call parser, Qwen3-Coder-30B-A3B-Instruct',
    sources: [
      'vLLM ErrorInfo (current `{"error": {...}}` bodies); vllm-project/vllm #10781 (final delta handling)',
      'robustness shapes with no provider found sending them (finish before the last argument piece, no [DONE]), attached here',
    ],
    basePath: '/v1',
    inputs: (origin) => ({
      'base-url': `${origin}/v1`,
      model: 'Qwen/Qwen3-Coder-30B-A3B-Instruct',
      'api-key': '',
    }),
    refuse: (request) => {
      const broken = unparsableArguments(request);
      if (!broken) return undefined;
      return openAiRefusal(400, { message: broken.error, type: 'BadRequestError', code: 400 });
    },
    interrupt: () => {
      if (failed) return undefined;
      failed = true;
      return [
        dataFrame({
          error: { message: 'The engine is overloaded', type: 'InternalServerError', param: null, code: 500 },
        }),
      ];
    },
    frames: (chunks) => withoutDone(finishBeforeLastPiece(chunks)).map(dataFrame),
  };
}

/** llama.cpp's llama-server with `--jinja`. */
export function llamaCpp(): Persona {
  return {
    name: 'llama.cpp',
    provider: 'llama.cpp llama-server with `--jinja` (`http://localhost:8080/v1`)',
    sources: ['ggml-org/llama.cpp PR #12379 (streamed tool calls; header delta, then argument pieces)'],
    basePath: '/v1',
    inputs: (origin) => ({ 'base-url': `${origin}/v1`, model: 'qwen2.5-coder-7b-instruct', 'api-key': '' }),
    frames: (chunks) => headerWithoutArguments(chunks).map(dataFrame),
  };
}

/** llama-server started without `--jinja`: tools refused with a 500. */
export function llamaCppWithoutJinja(): Persona {
  return {
    ...llamaCpp(),
    name: 'llama.cpp-no-jinja',
    provider: 'llama.cpp llama-server without `--jinja`',
    sources: ['defilantech/LLMKube #126, ggml-org/llama.cpp #10920 ("tools param requires --jinja flag")'],
    refuse: (request) =>
      request.body?.tools
        ? openAiRefusal(500, {
            message: 'tools param requires --jinja flag',
            type: 'server_error',
            code: 500,
          })
        : undefined,
  };
}

/** LM Studio's OpenAI endpoint (`http://localhost:1234/v1`). */
export function lmStudio(): Persona {
  return {
    name: 'lm-studio',
    provider: 'LM Studio (`http://localhost:1234/v1`), qwen/qwen3-coder-30b',
    sources: [
      "lmstudio-ai/lmstudio-bug-tracker #261 (\"Invalid 'content': 'content' field must be a string or an array of objects.\")",
    ],
    basePath: '/v1',
    inputs: (origin) => ({ 'base-url': `${origin}/v1`, model: 'qwen/qwen3-coder-30b', 'api-key': '' }),
    refuse: (request) =>
      nullAnswerWithoutCalls(request) === undefined
        ? undefined
        : jsonRefusal(400, {
            error: "Invalid 'content': 'content' field must be a string or an array of objects.",
          }),
  };
}
