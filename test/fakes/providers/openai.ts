/** OpenAI's own API on Chat Completions: a gpt-4.1-style model, and the o-series reasoning models. */

import type { RecordedRequest } from '../openai-server.js';
import { openAiRefusal, type Persona } from './persona.js';
import { nullAnswerWithoutCalls } from './rules.js';

/** OpenAI refuses an assistant message whose content is null unless it carries tool calls. */
export function openAiNullContent(request: RecordedRequest) {
  const index = nullAnswerWithoutCalls(request);
  if (index === undefined) return undefined;
  return openAiRefusal(400, {
    message: "Invalid value for 'content': expected a string, got null.",
    param: `messages.[${index}].content`,
    code: null,
  });
}

/** gpt-4.1: takes `parallel_tool_calls`, `stream_options` and the system role. */
export function openAiGpt41(): Persona {
  return {
    name: 'openai-gpt-4.1',
    provider: 'OpenAI, gpt-4.1 on Chat Completions',
    sources: [
      'langchain-ai/langgraph-supervisor-py PR #125 (gpt-4.1 accepts parallel_tool_calls)',
      'openai/openai-openapi PR #240 (stream_options.include_usage: usage chunk with empty choices)',
      'docker/docker-agent #63 ("Invalid value for \'content\': expected a string, got null.")',
    ],
    basePath: '/v1',
    inputs: (origin) => ({ 'base-url': `${origin}/v1`, model: 'gpt-4.1', api: 'chat-completions' }),
    refuse: openAiNullContent,
  };
}

/** o4-mini (and o1, o3, o3-mini): refuse `parallel_tool_calls` whatever its value. */
export function openAiOSeries(): Persona {
  return {
    name: 'openai-o-series',
    provider: 'OpenAI, o4-mini (o1, o3, o3-mini alike) on Chat Completions',
    sources: [
      'evalstate/fast-agent #279 (o4-mini), UKGovernmentBEIS/inspect_ai #1023 (o1): the parallel_tool_calls refusal body',
      'docker/docker-agent #63 (null content refusal)',
    ],
    basePath: '/v1',
    inputs: (origin) => ({ 'base-url': `${origin}/v1`, model: 'o4-mini', api: 'chat-completions' }),
    refuse: (request) => {
      if ('parallel_tool_calls' in (request.body ?? {}))
        return openAiRefusal(400, {
          message: "Unsupported parameter: 'parallel_tool_calls' is not supported with this model.",
          param: 'parallel_tool_calls',
          code: 'unsupported_parameter',
        });
      return openAiNullContent(request);
    },
  };
}

/** gpt-5.6 on Chat Completions: function tools only with `reasoning_effort: "none"`, even when none is sent. */
export function openAiGpt56ChatCompletions(): Persona {
  return {
    name: 'openai-gpt-5.6-chat',
    provider: 'OpenAI, gpt-5.6 on Chat Completions',
    sources: [
      'danny-avila/LibreChat #14355 (the refusal text), BerriAI/litellm PR #34569 (tools only: 400; reasoning_effort none: 200)',
    ],
    basePath: '/v1',
    inputs: (origin) => ({ 'base-url': `${origin}/v1`, model: 'gpt-5.6', api: 'chat-completions' }),
    refuse: (request) => {
      if (request.body?.tools && request.body?.reasoning_effort !== 'none')
        return openAiRefusal(400, {
          message:
            "Function tools with reasoning_effort are not supported for gpt-5.6 in /v1/chat/completions. To use function tools, use /v1/responses or set reasoning_effort to 'none'.",
          param: 'reasoning_effort',
          code: 'unsupported_value',
        });
      return openAiNullContent(request);
    },
  };
}
