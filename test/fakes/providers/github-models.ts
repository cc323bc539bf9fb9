/**
 * GitHub Models, retired on 2026-07-30 (legacy): `models.github.ai` answers every request with
 * HTTP 410 since. The persona stands for a workflow still set up from an old recipe; the action
 * must say the service is gone and which inputs to change, not explain its former quotas.
 */
import { openAiRefusal, type Persona } from './persona.js';

/** openai/gpt-4.1 on `https://models.github.ai/inference`, after the retirement. */
export function githubModelsRetired(token: string): Persona {
  return {
    name: 'github-models-retired',
    provider: 'GitHub Models (`https://models.github.ai/inference`), retired on 2026-07-30 (legacy)',
    sources: [
      'GitHub Models was retired on 2026-07-30 and answers HTTP 410 since; the 410 body here is assumed (OpenAI-shaped, naming the service), not captured from the service',
    ],
    basePath: '/inference',
    inputs: (origin) => ({ 'base-url': `${origin}/inference`, model: 'openai/gpt-4.1', 'api-key': token }),
    refuse: () =>
      openAiRefusal(410, {
        message: 'GitHub Models has been retired and is no longer available.',
        code: 'gone',
      }),
  };
}
