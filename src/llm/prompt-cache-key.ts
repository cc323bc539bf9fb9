/**
 * The `prompt_cache_key` of a run. OpenAI routes requests that share a key to the same cache
 * machines, so runs whose prompts start with the same bytes hit each other's cached prefix. Runs
 * on one repository share the system prompt and the tool definitions when they do the same kind
 * of work (change code, or only answer), so the key is the repository and the run kind: stable
 * across runs, different where the prefixes differ. Hashed, so the repository name is not sent
 * to the provider in one more place.
 */
import { createHash } from 'node:crypto';

/** `agent-action-` and 24 hex digits, the same for every run of `kind` on `repository`. */
export function promptCacheKey(repository: string, kind: string): string {
  const digest = createHash('sha256')
    .update(repository.toLowerCase())
    .update('\0')
    .update(kind)
    .digest('hex');
  return `agent-action-${digest.slice(0, 24)}`;
}
