/**
 * The plan comment and its hidden marker. The marker records what the plan was made from — a hash
 * of the plan as posted, a hash of the issue's title and body, the base commit and the files the
 * plan names — so `/agent approve` can tell whether the plan still describes the issue and the code
 * it would change, and whether anyone edited the plan after the action posted it.
 */
import { createHash } from 'node:crypto';

const MARKER = /\n?<!-- agent-action-plan (\{[^\n]*\}) -->\s*$/;

/** What the marker holds. */
export interface PlanMarker {
  /** sha256 of the comment's visible text (everything before the marker). */
  plan: string;
  /** sha256 of the issue's title and body when the plan was made. */
  issue: string;
  /** The base branch's commit the plan was made on. */
  base: string;
  /** The base branch's name. */
  branch: string;
  /** Repository paths the plan says it will touch. */
  files: string[];
}

/** GitHub may hand a body back with CRLF line ends; the hash is of the text, not its line ends. */
function sha256(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n').trim()).digest('hex');
}

/** The hash of an issue's title and body, as the marker records it. */
export function issueHash(issue: { title: string; body: string | null | undefined }): string {
  return sha256(`${issue.title}\n\n${issue.body ?? ''}`);
}

/** The comment: `visible` (already prepared for publishing) followed by its marker. */
export function renderPlanComment(
  visible: string,
  facts: { issue: { title: string; body: string }; base: string; branch: string; files: string[] },
): string {
  const marker: PlanMarker = {
    plan: sha256(visible),
    issue: issueHash(facts.issue),
    base: facts.base,
    branch: facts.branch,
    files: facts.files,
  };
  // JSON cannot end the comment early: `-->` never appears in hex, a ref name or an escaped path.
  const json = JSON.stringify(marker).replace(/-->/g, '--\\u003e');
  return `${visible.trim()}\n\n<!-- agent-action-plan ${json} -->`;
}

export type ReadPlan =
  | { kind: 'none' }
  | { kind: 'edited' }
  | { kind: 'plan'; marker: PlanMarker; text: string };

/** The plan a comment body carries: none, one whose text no longer matches its marker, or the plan. */
export function readPlanComment(body: string): ReadPlan {
  const match = MARKER.exec(body);
  if (!match) return { kind: 'none' };
  let marker: PlanMarker;
  try {
    marker = JSON.parse(match[1]!) as PlanMarker;
  } catch {
    return { kind: 'edited' };
  }
  if (typeof marker.plan !== 'string' || typeof marker.base !== 'string' || !Array.isArray(marker.files))
    return { kind: 'edited' };
  const text = body.slice(0, match.index);
  return sha256(text) === marker.plan ? { kind: 'plan', marker, text: text.trim() } : { kind: 'edited' };
}

/**
 * The files a plan names in its `Files` section: the first code span of each list item
 * (`` - `src/a.ts`: why ``). A plan that names none is treated as touching anything.
 */
export function plannedFiles(plan: string): string[] {
  const section = /^#{1,4}\s*Files\b[^\n]*\n([\s\S]*?)(?=^#{1,4}\s|(?![\s\S]))/im.exec(plan)?.[1] ?? '';
  const files = new Set<string>();
  for (const line of section.split('\n')) {
    const path = /^\s*(?:[-*+]|\d+\.)\s+(?:\*\*)?`([^`\s]+)`/.exec(line)?.[1];
    if (path) files.add(path.replace(/^\.\//, ''));
  }
  return [...files].sort();
}
