/**
 * APIs an older GitHub Enterprise Server may not have. GitHub answers a route it does not know
 * with a bare 404, the same answer as for a resource that does not exist, so a user on an old
 * server would otherwise see "Not Found" and nothing else. For the routes below a 404 is far more
 * likely to mean "this server lacks the API" (the action only asks for things it knows exist), so
 * the first such answer is explained in the log: which feature needs it and what to do.
 */
import { isNotFound } from './api-error.js';

interface NeededApi {
  method: string;
  /** Route template as in GitHub's REST description. */
  route: string;
  /** What the action uses it for, and what to change if it cannot be had. */
  feature: string;
}

const NEEDED_APIS: NeededApi[] = [
  {
    method: 'GET',
    route: '/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations',
    feature:
      'check-run annotations, read when a check_run starts the run (the run goes on without them; the token also needs `checks: read`)',
  },
  {
    method: 'POST',
    route: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
    feature: 'pull-request reviews, posted in review mode (use `mode: comment` on this server)',
  },
  {
    method: 'GET',
    route: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
    feature: 'pull-request reviews, read in review mode (use `mode: comment` on this server)',
  },
];

/** Matches a request path ending in `route`, any value standing for each `{parameter}`. */
function routePattern(route: string): RegExp {
  const literal = route.split(/\{[a-z_]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`${literal.join('[^/]+')}$`);
}

const PATTERNS = NEEDED_APIS.map((api) => ({ api, pattern: routePattern(api.route) }));

/**
 * The explanation for a 404 from one of the APIs above, or undefined for any other error. Reads
 * the error's own `request` (method and URL), as Octokit's `RequestError` carries them.
 */
export function explainMissingApi(error: unknown): string | undefined {
  const e = error as { request?: { method?: string; url?: string } } | undefined;
  if (!isNotFound(error) || !e?.request?.url) return undefined;
  let url: URL;
  try {
    url = new URL(e.request.url);
  } catch {
    return undefined;
  }
  const method = (e.request.method ?? 'GET').toUpperCase();
  const hit = PATTERNS.find(({ api, pattern }) => api.method === method && pattern.test(url.pathname));
  if (!hit) return undefined;
  return `${url.origin} answered 404 to ${hit.api.method} ${hit.api.route}: this GitHub (an older GitHub Enterprise Server?) lacks the API for ${hit.api.feature}. The README's GitHub Enterprise section lists the versions each feature needs.`;
}
