/**
 * The last step before anything the action writes reaches GitHub (comments, PR bodies, the job
 * summary): secrets redacted, invisible characters removed (they could carry an encoded secret
 * past redaction), images and links that leave the repository's GitHub server removed, mentions
 * neutralised, lines that a later workflow echoing the text would run as workflow commands
 * (`::set-output`, `##[`) defused, and the size fitted to GitHub's limit.
 */
import { GITHUB_BODY_LIMIT } from '../limits.js';
import { fitMarkdown } from './fit-markdown.js';
import { stripInvisible } from './invisible-chars.js';
import { rewritePublishedMarkdown } from './markdown-rewrite.js';
import { defuseWorkflowCommandLines } from './published-commands.js';

export { fitMarkdown } from './fit-markdown.js';

export interface PublishOptions {
  /** The repository's GitHub server (`GITHUB_SERVER_URL`); only its URLs survive. */
  serverUrl: string;
  /** The run's redactor (`createRedactor`). */
  redact: (text: string) => string;
  /** Defaults to GitHub's comment/PR body limit. */
  maxChars?: number;
  /** Defaults to true; turn off only for text the action wrote itself without model output. */
  neutraliseMentions?: boolean;
}

/** Makes markdown (typically model-written) safe to publish; see the module comment. */
export function preparePublishedMarkdown(text: string, options: PublishOptions): string {
  const maxChars = options.maxChars ?? GITHUB_BODY_LIMIT;
  const rewriteOptions = {
    isAllowedUrl: createUrlPolicy(options.serverUrl),
    neutraliseMentions: options.neutraliseMentions ?? true,
  };
  // One rewrite can create syntax the next parse reads differently (text next to an inserted
  // `<code>` may become an autolink), so rewrite until nothing changes.
  const rewrite = (markdown: string): string => {
    let current = markdown;
    for (let pass = 0; pass < 5; pass++) {
      const next = rewritePublishedMarkdown(current, rewriteOptions);
      if (next === current) break;
      current = next;
    }
    // Last, so no rewrite can undo it: no line may read as a workflow command when echoed.
    return defuseWorkflowCommandLines(current);
  };
  // Invisible characters go first so a secret split by zero-width spaces is whole for redaction,
  // and redaction comes before any cut so a cut never leaves half a secret behind.
  const clean = options.redact(stripInvisible(text));
  // Only what can be published is worth parsing; the rest is counted in the truncation note.
  let end = Math.min(clean.length, maxChars);
  if (end < clean.length && /[\uD800-\uDBFF]/.test(clean[end - 1] ?? '')) end--;
  const dropped = clean.length - end;
  const body = rewrite(clean.slice(0, end));
  if (dropped === 0 && body.length <= maxChars) return body;
  // A cut can break a construct that protected something (a code span around a mention), so the
  // fitted text is rewritten again; that may grow it a little, hence the shrinking budget.
  let budget = maxChars;
  for (let attempt = 0; attempt < 4; attempt++) {
    const fitted = rewrite(fitMarkdown(body, budget, dropped));
    if (fitted.length <= maxChars) return fitted;
    budget -= fitted.length - maxChars + 64;
  }
  return fitMarkdown('', maxChars, clean.length);
}

/**
 * Whether a URL (entity-decoded) stays in published text: http(s) on the same origin as
 * `serverUrl`, including relative URLs, which GitHub resolves against its own pages.
 */
export function createUrlPolicy(serverUrl: string): (url: string) => boolean {
  const server = new URL(serverUrl);
  return (url: string): boolean => {
    if (url.trim() === '') return true;
    try {
      const resolved = new URL(url, `${server.origin}/`);
      return (
        (resolved.protocol === 'https:' || resolved.protocol === 'http:') && resolved.origin === server.origin
      );
    } catch {
      return false;
    }
  };
}
