/**
 * The one comment a run keeps editing while it works: turn count, current step and a checklist of
 * tool activity, then the outcome with its footer. Edits are coalesced (GitHub asks clients to
 * space out writes), never fail the run, and `finalise` always wins over a pending edit.
 */

import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { TRACKING_ACTIVITY_LINES, TRACKING_COMMENT_INTERVAL_MS } from '../limits.js';
import { editComment, type PostedComment, postComment } from './comment.js';

type Octokit = Pick<GitHubClient, 'request'>;

export interface ToolActivity {
  tool: string;
  /** Short description, e.g. the path read or the command run. */
  label: string;
  status: 'running' | 'ok' | 'error' | 'skipped' | 'denied';
}

export interface TrackingState {
  /** What the run is doing now, e.g. "Checking out main". */
  step: string;
  turns: number;
  activity: ToolActivity[];
}

const STATUS_MARK: Record<ToolActivity['status'], string> = {
  running: '⏳',
  ok: '✅',
  error: '❌',
  skipped: '⏩',
  denied: '⛔',
};

/** The in-progress body. Pure; `publish` is applied by the caller. */
export function renderProgress(state: TrackingState, runUrl: string): string {
  const lines = [`🤖 **Working on it…** — turn ${state.turns} · ${state.step}`, ''];
  const shown = state.activity.slice(-TRACKING_ACTIVITY_LINES);
  if (state.activity.length > shown.length)
    lines.push(`- … ${state.activity.length - shown.length} earlier tool calls`);
  for (const a of shown) lines.push(`- ${STATUS_MARK[a.status]} \`${a.tool}\` ${a.label}`);
  if (shown.length > 0) lines.push('');
  lines.push(`[View the run](${runUrl})`);
  return lines.join('\n');
}

export interface TrackingCommentOptions {
  runUrl: string;
  /** Redacts and prepares every body before it is sent. */
  publish: (markdown: string) => string;
  warn: (message: string) => void;
  /** Least time between two progress edits. */
  minIntervalMs?: number;
}

/** A live tracking comment; create it with {@link startTrackingComment}. */
export class TrackingComment {
  private state: TrackingState = { step: 'Starting', turns: 0, activity: [] };
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> = Promise.resolve();
  private lastWrite = 0;
  private finalised = false;
  private readonly activityIndex = new Map<string, number>();

  constructor(
    private readonly octokit: Octokit,
    private readonly repo: RepoRef,
    readonly comment: PostedComment,
    private readonly options: TrackingCommentOptions,
  ) {}

  /** Merges `patch` into the state and schedules a coalesced edit. */
  update(patch: Partial<TrackingState>): void {
    if (this.finalised) return;
    this.state = { ...this.state, ...patch };
    if (this.timer) return;
    const wait = Math.max(
      0,
      this.lastWrite + (this.options.minIntervalMs ?? TRACKING_COMMENT_INTERVAL_MS) - Date.now(),
    );
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.write(renderProgress(this.state, this.options.runUrl));
    }, wait);
    this.timer.unref();
  }

  /** Records a tool call starting or ending (matched by `id`). */
  activity(id: string, entry: ToolActivity): void {
    const index = this.activityIndex.get(id);
    const activity = [...this.state.activity];
    if (index === undefined) {
      this.activityIndex.set(id, activity.length);
      activity.push(entry);
    } else activity[index] = entry;
    this.update({ activity });
  }

  /**
   * Writes the final body (headline, details, footer: see `tracked-run.ts`); later updates are
   * ignored. Never throws.
   */
  async finalise(body: string): Promise<void> {
    if (this.finalised) return;
    this.finalised = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.write(body);
    await this.inFlight;
  }

  private write(body: string): void {
    this.lastWrite = Date.now();
    const text = this.options.publish(body);
    this.inFlight = this.inFlight.then(() =>
      editComment(this.octokit, this.repo, this.comment.id, text).catch((error: Error) =>
        this.options.warn(`Could not update the tracking comment: ${error.message}`),
      ),
    );
  }
}

/** Posts the first body and returns the live comment. */
export async function startTrackingComment(
  octokit: Octokit,
  repo: RepoRef,
  issueNumber: number,
  options: TrackingCommentOptions,
): Promise<TrackingComment> {
  const body = options.publish(renderProgress({ step: 'Starting', turns: 0, activity: [] }, options.runUrl));
  const comment = await postComment(octokit, repo, issueNumber, body);
  return new TrackingComment(octokit, repo, comment, options);
}
