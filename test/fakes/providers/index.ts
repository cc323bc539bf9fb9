/**
 * Every provider persona, for the end-to-end test and for docs/providers.md. The key is what the
 * test hands the action, so personas that check credentials can.
 */
import { azureAiFoundry, azureOpenAiLegacy, azureOpenAiV1 } from './azure.js';
import { deepSeekThinking } from './deepseek.js';
import { geminiDirect, openRouterGemini } from './gemini.js';
import { groq } from './groq.js';
import { llamaCpp, lmStudio, ollama, vllmNew, vllmOld } from './local-servers.js';
import { mistral } from './mistral.js';
import { openAiGpt41, openAiOSeries } from './openai.js';
import type { Persona } from './persona.js';

export type { Persona } from './persona.js';

/** The Chat Completions personas a full issue fix must pass through, each freshly made. */
export function chatCompletionsPersonas(apiKey: string): Persona[] {
  return [
    openAiGpt41(),
    openAiOSeries(),
    azureOpenAiV1(apiKey),
    azureOpenAiLegacy(apiKey),
    azureAiFoundry(),
    mistral(),
    geminiDirect(),
    openRouterGemini(),
    deepSeekThinking(),
    groq(),
    ollama(),
    vllmOld(),
    vllmNew(),
    llamaCpp(),
    lmStudio(),
  ];
}
