/** GitHub Models with the workflow's own token: small per-request caps and a daily quota. */
import { openAiRefusal, type Persona } from './persona.js';
import { keyOf, promptTokens } from './rules.js';

/** The free tier's input cap for the larger models. */
export const GITHUB_MODELS_MAX_INPUT = 8000;

/** openai/gpt-4.1 on `https://models.github.ai/inference`, free tier. */
export function githubModels(token: string, options: { quotaUsedUp?: boolean } = {}): Persona {
  return {
    name: options.quotaUsedUp ? 'github-models-quota' : 'github-models',
    provider: 'GitHub Models (`https://models.github.ai/inference`), openai/gpt-4.1, free tier',
    sources: [
      'github/docs content/github-models/use-github-models/integrating-ai-models-into-your-development-workflow.md (endpoint, GITHUB_TOKEN with models: read)',
      'github/docs content/github-models/use-github-models/prototyping-with-ai-models.md (8000 input tokens per request, 50 requests a day)',
      'tashfeenahmed/freellmapi #426, actions/ai-inference #128 (413 "Request body too large for gpt-4.1 model. Max size: 8000 tokens.")',
      'a GitHub community thread on the daily 429 (retry-after of hours, x-ratelimit-type UserByModelByDay); secondary source',
    ],
    basePath: '/inference',
    inputs: (origin) => ({ 'base-url': `${origin}/inference`, model: 'openai/gpt-4.1', 'api-key': token }),
    refuse: (request) => {
      if (keyOf(request).bearer !== token)
        return openAiRefusal(401, { message: 'Bad credentials', code: 'unauthorized' });
      if (options.quotaUsedUp)
        return openAiRefusal(
          429,
          {
            message:
              'Rate limit of 50 per 86400s exceeded for UserByModelByDay. Please wait 24367 seconds before retrying.',
            code: 'RateLimitReached',
          },
          { 'retry-after': '24367', 'x-ratelimit-type': 'UserByModelByDay' },
        );
      if (promptTokens(request) > GITHUB_MODELS_MAX_INPUT)
        return openAiRefusal(413, {
          message: `Request body too large for gpt-4.1 model. Max size: ${GITHUB_MODELS_MAX_INPUT} tokens.`,
          code: 'tokens_limit_reached',
        });
      return undefined;
    },
  };
}
