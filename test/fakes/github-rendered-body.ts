/**
 * The rendered bodies GitHub adds to issues and comments for the `text+json`, `html+json` and
 * `full+json` media types (`body_text`, `body_html`), and the attachments those bodies link to:
 * served only at their signed URL, as GitHub serves `private-user-images` links.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { GitHubState } from './github-state.js';

/** Where the fake serves attachments. */
export const UPLOADS_PATH = '/storage/user/';

/** `body_text` / `body_html` of `record` as the request's media type asks for them. */
export function renderedBody(
  headers: IncomingHttpHeaders,
  record: { body: string | null; bodyHtml?: string | undefined },
): Record<string, string> {
  const accept = String(headers.accept ?? '');
  const full = /vnd\.github(?:\.v3)?\.full\+json/.test(accept);
  const html = full || /vnd\.github(?:\.v3)?\.html\+json/.test(accept);
  const text = full || /vnd\.github(?:\.v3)?\.text\+json/.test(accept);
  const body = record.body ?? '';
  return {
    ...(text ? { body_text: body } : {}),
    ...(html ? { body_html: record.bodyHtml ?? `<p>${escapeHtml(body)}</p>` } : {}),
  };
}

/** Serves an attachment when the URL carries its signature; 404 otherwise, as for any unknown path. */
export function serveUpload(state: GitHubState, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  const upload = state.uploads.get(url.pathname);
  if (!upload || url.searchParams.get('jwt') !== upload.signature) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    return;
  }
  res.writeHead(200, { 'content-type': upload.contentType, 'content-length': String(upload.bytes.length) });
  res.end(upload.bytes);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
