/**
 * Turns the `base-url` and `api-key` inputs into what the SDK needs: the base URL without a query
 * string (the SDK would append the path after `?api-version=…`), the query parameters to send on
 * every request, and the auth headers. Azure hosts take the key as `api-key` (the legacy
 * deployment URLs accept nothing else), and Azure AI's model inference endpoints refuse
 * parameters they do not know unless asked to pass them through.
 */

/** How to reach the endpoint. */
export interface Endpoint {
  /** Base URL the SDK appends `/chat/completions` (or `/responses`) to. */
  baseURL: string;
  /** Sent on every request (Azure's `api-version`). */
  query: Record<string, string>;
  /** Extra headers; `null` removes one the SDK would send (the Bearer header on Azure). */
  headers: Record<string, string | null>;
}

// The GA version of Azure OpenAI's data-plane API, for deployment URLs that name none.
const AZURE_DEFAULT_API_VERSION = '2024-10-21';

const AZURE_KEY_HOSTS =
  /\.(openai\.azure\.com|cognitiveservices\.azure\.com|services\.ai\.azure\.com|models\.ai\.azure\.com|inference\.ai\.azure\.com)$/i;
/** Whether `host` is one of Azure's OpenAI or AI Foundry hosts (which take Entra ID bearers too). */
export function isAzureAiHost(host: string): boolean {
  return AZURE_KEY_HOSTS.test(host);
}

const AZURE_AI_INFERENCE_HOSTS =
  /\.(services\.ai\.azure\.com|models\.ai\.azure\.com|inference\.ai\.azure\.com)$/i;

/** Resolves `baseUrl` (as the user wrote it) and `apiKey` into an {@link Endpoint}. */
export function resolveEndpoint(baseUrl: string, apiKey: string): Endpoint {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return { baseURL: baseUrl.replace(/\/+$/, ''), query: {}, headers: {} };
  }
  const query = Object.fromEntries(url.searchParams);
  // A pasted full operation URL (…/chat/completions) still means its base.
  let path = url.pathname.replace(/\/+$/, '').replace(/\/(chat\/completions|responses)$/, '');
  path = path.replace(/\/+$/, '');
  const headers: Record<string, string | null> = {};
  // The deployment path is Azure's own shape, whatever host (a private endpoint, a gateway) serves it.
  const deployment = /\/openai\/deployments\/[^/]+$/.test(path);
  if (AZURE_KEY_HOSTS.test(url.hostname) || deployment) {
    if (apiKey) Object.assign(headers, { 'api-key': apiKey, Authorization: null });
    if (deployment && !query['api-version']) query['api-version'] = AZURE_DEFAULT_API_VERSION;
  }
  if (AZURE_AI_INFERENCE_HOSTS.test(url.hostname)) headers['extra-parameters'] = 'pass-through';
  return { baseURL: `${url.origin}${path}`, query, headers };
}
