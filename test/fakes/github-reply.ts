/** What an operation handler of the fake GitHub server receives and answers, and shared replies. */
import type { IncomingHttpHeaders } from 'node:http';
import type { JsonContext } from './github-json.js';
import type { OperationMatch } from './openapi-validator.js';

/** A request that conformed to the description, with the fake's state and URLs. */
export interface HandlerInput extends OperationMatch, JsonContext {
  /** The parsed JSON body (schema-valid), if any. */
  body: any;
  headers: IncomingHttpHeaders;
}

export interface Reply {
  status: number;
  /** JSON body; omit for an empty response. */
  body?: unknown;
  /** A body sent as it is instead (a proxy's HTML error page); set its `content-type` in `headers`. */
  text?: string;
  headers?: Record<string, string>;
}

export type Handler = (input: HandlerInput) => Reply | Promise<Reply>;

const DOCS = 'https://docs.github.com/rest';

export function ok(body: unknown, status = 200): Reply {
  return { status, body };
}

export function notFound(): Reply {
  return { status: 404, body: { message: 'Not Found', documentation_url: DOCS, status: '404' } };
}

/** GitHub's 403 answer to a token without the permission the operation needs. */
export function forbidden(): Reply {
  return {
    status: 403,
    body: { message: 'Resource not accessible by integration', documentation_url: DOCS, status: '403' },
  };
}

/** GitHub's 422 answer, with a message and optional field errors. */
export function unprocessable(message: string, errors?: (Record<string, unknown> | string)[]): Reply {
  return {
    status: 422,
    body: { message, ...(errors ? { errors } : {}), documentation_url: DOCS, status: '422' },
  };
}

/** One page of `items` per `per_page`/`page`, with the `Link` header Octokit's paginate follows. */
export function paginate<T>(input: HandlerInput, items: T[]): { page: T[]; headers: Record<string, string> } {
  const perPage = Math.min(Number(input.query['per_page'] ?? 30), 100);
  const page = Number(input.query['page'] ?? 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (n: number, rel: string) => {
    const url = new URL(
      `${input.urls.apiUrl}${input.template.replace(/\{(\w+)\}/g, (_, k) => encodeURIComponent(input.params[k]))}`,
    );
    for (const [key, value] of Object.entries(input.query)) url.searchParams.set(key, String(value));
    url.searchParams.set('page', String(n));
    return `<${url}>; rel="${rel}"`;
  };
  const links = [];
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
  return {
    page: items.slice((page - 1) * perPage, page * perPage),
    headers: links.length > 0 ? { link: links.join(', ') } : {},
  };
}
