/** Real webhook payloads from `@octokit/webhooks-examples`, picked by event and action. */
import { createRequire } from 'node:module';

interface WebhookDefinition {
  name: string;
  examples: Record<string, unknown>[];
}

const require = createRequire(import.meta.url);
const definitions = require('@octokit/webhooks-examples') as WebhookDefinition[];

/** A deep copy of the `index`-th example of `event` with the given `action` (any action when omitted). */
export function webhookExample(event: string, action?: string, index = 0): Record<string, any> {
  const definition = definitions.find((d) => d.name === event);
  if (!definition) throw new Error(`no webhook examples for ${event}`);
  const matches = definition.examples.filter((e) => action === undefined || e['action'] === action);
  const example = matches[index];
  if (!example) throw new Error(`no example ${index} of ${event}.${action}`);
  return structuredClone(example);
}
