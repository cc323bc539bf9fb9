/**
 * Check runs posted by CI systems other than GitHub Actions: their annotations, listed in pages
 * as GitHub does. Tests seed them with `state.addCheckAnnotations(checkRunId, […])`.
 */
import { repoHtmlUrl } from './github-json.js';
import { type Handler, paginate } from './github-reply.js';

export const checkHandlers: Record<string, Handler> = {
  'checks/list-annotations': (input) => {
    const id = Number(input.params['check_run_id']);
    const annotations = input.state.checkAnnotations.get(id) ?? [];
    const { page, headers } = paginate(input, annotations);
    const html = repoHtmlUrl(input);
    const body = page.map((a) => ({
      path: a.path,
      blob_href: `${html}/blob/${a.sha ?? 'HEAD'}/${a.path}`,
      start_line: a.startLine,
      end_line: a.endLine ?? a.startLine,
      start_column: null,
      end_column: null,
      annotation_level: a.level ?? 'failure',
      title: a.title ?? null,
      message: a.message,
      raw_details: a.rawDetails ?? null,
    }));
    return { status: 200, body, headers };
  },
};
