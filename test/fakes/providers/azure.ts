/**
 * Azure: Azure OpenAI on its v1 API and on the legacy deployment URLs, and Azure AI Foundry's
 * model inference endpoint for non-OpenAI models.
 */

import type { RecordedRequest } from '../openai-server.js';
import { openAiNullContent } from './openai.js';
import { dataFrame, jsonRefusal, type Persona } from './persona.js';
import { keyOf, queryOf } from './rules.js';
import { contentFilterChunks } from './shapes.js';

const KEY_REFUSAL = jsonRefusal(401, {
  error: {
    code: '401',
    message:
      'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
  },
});

/** Azure OpenAI v1 (`…/openai/v1`): the key as `api-key` (or Bearer), content-filter chunks in the stream. */
export function azureOpenAiV1(key: string): Persona {
  return {
    name: 'azure-openai-v1',
    provider: 'Azure OpenAI, v1 API (`https://RESOURCE.openai.azure.com/openai/v1`), gpt-4.1 deployment',
    sources: [
      'learn.microsoft.com/en-us/azure/foundry/openai/api-version-lifecycle (v1: no api-version, OpenAI client with the key)',
      'pydantic/pydantic-ai #797, microsoft/autogen #6465 (first chunk with empty choices and prompt_filter_results; filter chunks without delta)',
    ],
    basePath: '/openai/v1',
    inputs: (origin) => ({ 'base-url': `${origin}/openai/v1`, model: 'gpt-4.1', api: 'chat-completions' }),
    refuse: (request) => {
      const { bearer, apiKey } = keyOf(request);
      if (apiKey !== key && bearer !== key) return KEY_REFUSAL;
      return openAiNullContent(request);
    },
    frames: (chunks) => contentFilterChunks(chunks).map(dataFrame),
  };
}

/** Azure OpenAI legacy: `…/openai/deployments/<name>/chat/completions?api-version=…`, `api-key` only; an o-series deployment. */
export function azureOpenAiLegacy(key: string): Persona {
  return {
    name: 'azure-openai-legacy',
    provider: 'Azure OpenAI, deployment URL with api-version (o3-mini deployment)',
    sources: [
      'microsoft/autogen #6465 (legacy URL shape and api-key header)',
      'microsoft/semantic-kernel #10365 (Azure o3-mini refuses parallel_tool_calls)',
      'pydantic/pydantic-ai #797 (content-filter chunks)',
    ],
    basePath: '/openai/deployments/o3-mini-prod',
    inputs: (origin) => ({
      'base-url': `${origin}/openai/deployments/o3-mini-prod?api-version=2024-10-21`,
      model: 'o3-mini',
      api: 'chat-completions',
    }),
    refuse: (request: RecordedRequest) => {
      if (!queryOf(request).get('api-version'))
        return jsonRefusal(404, { error: { code: '404', message: 'Resource not found' } });
      if (keyOf(request).apiKey !== key) return KEY_REFUSAL;
      if ('parallel_tool_calls' in (request.body ?? {}))
        return jsonRefusal(400, {
          error: {
            message: "Unsupported parameter: 'parallel_tool_calls' is not supported with this model.",
            type: 'invalid_request_error',
            param: 'parallel_tool_calls',
            code: 'unsupported_parameter',
          },
        });
      return openAiNullContent(request);
    },
    frames: (chunks) => contentFilterChunks(chunks).map(dataFrame),
  };
}

/** Azure AI Foundry serverless models: refuse parameters they do not know unless `extra-parameters: pass-through`. */
export function azureAiFoundry(): Persona {
  return {
    name: 'azure-ai-foundry',
    provider:
      'Azure AI Foundry model inference (`https://RESOURCE.services.ai.azure.com/models`), Mistral-Large-2411',
    sources: [
      'CherryHQ/cherry-studio #9214, BerriAI/litellm #9800 (the {"detail": …} refusal of stream_options)',
    ],
    basePath: '/models',
    inputs: (origin) => ({
      'base-url': `${origin}/models?api-version=2024-05-01-preview`,
      model: 'Mistral-Large-2411',
    }),
    refuse: (request) => {
      if (!queryOf(request).get('api-version'))
        return jsonRefusal(400, { detail: 'api-version query parameter is required' });
      if (request.headers['extra-parameters'] === 'pass-through') return undefined;
      const extras = ['stream_options'].filter((p) => p in (request.body ?? {}));
      if (extras.length === 0) return undefined;
      return jsonRefusal(400, {
        detail: `Extra parameters [${extras.map((p) => `'${p}'`).join(', ')}] are not allowed when extra-parameters is not set or set to be 'error'. Set extra-parameters to 'pass-through' to pass to the model.`,
      });
    },
  };
}
