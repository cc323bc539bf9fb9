/**
 * The hidden markers that carry a review's memory from one push to the next. The review body ends
 * with one HTML comment holding the head it reviewed, the findings still open (fingerprint, where,
 * rule, severity, the anchored code) and the fingerprints people dismissed; each inline comment
 * ends with one holding its finding's fingerprint, which ties the thread GitHub makes of it back
 * to the finding. Markers are JSON with `<` and `>` escaped, so no content can close the comment
 * early. Reading one validates it, and a body that is not the action's gives nothing. Pure.
 */
import { z } from 'zod';
import { SEVERITIES } from '../findings/review-severity.js';

const REVIEW_TAG = 'agent-action:review';
const FINDING_TAG = 'agent-action:finding';

const FINGERPRINT = z.string().regex(/^[0-9a-f]{16}$/);

const markerFinding = z.object({
  fp: FINGERPRINT,
  path: z.string().min(1),
  line: z.number().int().min(1),
  start: z.number().int().min(1).optional(),
  title: z.string(),
  severity: z.enum(SEVERITIES),
  /** The anchored code, whitespace collapsed and cut to a bounded length. */
  code: z.string(),
});

const dismissal = z.object({ fp: FINGERPRINT, path: z.string(), title: z.string() });

const reviewMarker = z.object({
  v: z.literal(1),
  head: z.string().regex(/^[0-9a-f]{40,64}$/),
  open: z.array(markerFinding),
  dismissed: z.array(dismissal),
});

/** A finding the marker keeps open across pushes. */
export type MarkerFinding = z.infer<typeof markerFinding>;
/** A finding a person dismissed, never raised again on this pull request. */
export type Dismissal = z.infer<typeof dismissal>;
/** What one review remembers for the next. */
export type ReviewMarker = z.infer<typeof reviewMarker>;

function hidden(tag: string, json: string): string {
  return `<!-- ${tag} ${json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e')} -->`;
}

/** The body's marker, to go last in the review body. */
export function renderReviewMarker(marker: ReviewMarker): string {
  return hidden(REVIEW_TAG, JSON.stringify(marker));
}

/** Reads the last review marker in `body`; undefined when there is none or it does not validate. */
export function readReviewMarker(body: string): ReviewMarker | undefined {
  const start = body.lastIndexOf(`<!-- ${REVIEW_TAG} `);
  if (start < 0) return undefined;
  const end = body.indexOf(' -->', start);
  if (end < 0) return undefined;
  try {
    const parsed = reviewMarker.safeParse(JSON.parse(body.slice(start + REVIEW_TAG.length + 6, end)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The inline comment's marker: the fingerprint of its finding. */
export function renderFindingMarker(fp: string): string {
  return hidden(FINDING_TAG, JSON.stringify(fp));
}

/** The fingerprint in an inline comment's last marker (the action appends its own last), if any. */
export function readFindingMarker(body: string): string | undefined {
  const matches = [...body.matchAll(new RegExp(`<!-- ${FINDING_TAG} "([0-9a-f]{16})" -->`, 'g'))];
  return matches.at(-1)?.[1];
}

/** Model-written text with anything shaped like the action's markers taken out, so none is forged. */
export function withoutMarkers(text: string): string {
  return text.replace(/<!--\s*agent-action:(?:review|finding)\b[\s\S]*?(?:-->|$)/g, '');
}
