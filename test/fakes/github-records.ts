/** The records the fake GitHub server keeps (see `github-state.ts`), as plain data. */

export type Permission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

export interface UserRecord {
  login: string;
  id: number;
  type: 'User' | 'Bot';
  permission: Permission;
}

export interface PullFields {
  headRef: string;
  /** `owner/repo` the head branch lives in; differs from the base repository for a fork. */
  headRepo: string;
  baseRef: string;
  draft: boolean;
  merged: boolean;
  maintainerCanModify: boolean;
}

export interface IssueRecord {
  number: number;
  id: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  user: string;
  labels: string[];
  createdAt: string;
  updatedAt: string;
  /** Present when the issue is a pull request. */
  pull?: PullFields;
  /** `body_html` as GitHub would render it (default: the body escaped in a paragraph). */
  bodyHtml?: string;
}

export interface IssueCommentRecord {
  id: number;
  issueNumber: number;
  body: string;
  user: string;
  createdAt: string;
  updatedAt: string;
  /** `body_html` as GitHub would render it. */
  bodyHtml?: string;
}

export interface ReviewCommentRecord {
  id: number;
  pullNumber: number;
  body: string;
  user: string;
  path: string;
  line: number;
  startLine: number | null;
  side: 'LEFT' | 'RIGHT';
  diffHunk: string;
  commitId: string;
  /** The first comment of the thread this one answers. */
  inReplyToId?: number;
  createdAt: string;
  updatedAt: string;
  /** `body_html` as GitHub would render it. */
  bodyHtml?: string;
}

export type ReactionSubject =
  | { kind: 'issue'; number: number }
  | { kind: 'issue-comment'; id: number }
  | { kind: 'review-comment'; id: number };

export interface ReactionRecord {
  id: number;
  content: string;
  user: string;
  subject: ReactionSubject;
}

export interface WorkflowRecord {
  id: number;
  name: string;
  /** `.github/workflows/<file>`; the file name also identifies the workflow in the API. */
  path: string;
  /** False when the workflow has no `workflow_dispatch` trigger: dispatches answer 422. */
  dispatchable: boolean;
}

export type RunStatus = 'queued' | 'in_progress' | 'completed';
export type Conclusion = 'success' | 'failure' | 'cancelled' | 'skipped' | 'timed_out' | 'neutral';

export interface StepRecord {
  name: string;
  number: number;
  conclusion: Conclusion | null;
}

export interface JobRecord {
  id: number;
  runId: number;
  name: string;
  status: RunStatus;
  conclusion: Conclusion | null;
  steps: StepRecord[];
  /** The plain-text log the download endpoint redirects to. */
  log: string;
  startedAt: string;
  completedAt: string | null;
}

/** How a run goes once created; a dispatch consumes the next script queued for its workflow. */
export interface RunScript {
  conclusion: Conclusion;
  jobs?: JobScript[];
  /** API observations of the run spent in each of `queued` and `in_progress` (default 1). */
  pollsPerPhase?: number;
}

export interface JobScript {
  name: string;
  /** Default: the run's conclusion. */
  conclusion?: Conclusion;
  steps?: { name: string; conclusion?: Conclusion }[];
  log?: string;
}

export interface RunRecord {
  id: number;
  workflowId: number;
  runNumber: number;
  runAttempt: number;
  headBranch: string;
  headSha: string;
  event: string;
  actor: string;
  status: RunStatus;
  conclusion: Conclusion | null;
  createdAt: string;
  updatedAt: string;
  jobs: JobRecord[];
  script: RunScript;
  /** Observations since the last status change (drives the scripted progress). */
  observations: number;
}

export interface CheckRunRecord {
  id: number;
  name: string;
  headSha: string;
  status: RunStatus;
  conclusion: Conclusion | null;
}

/** An annotation a CI system put on a check run. */
export interface CheckAnnotationRecord {
  path: string;
  startLine: number;
  endLine?: number;
  level?: 'notice' | 'warning' | 'failure';
  title?: string;
  message: string;
  rawDetails?: string;
  /** Commit the annotation's `blob_href` points at. */
  sha?: string;
}

/** A file attached to an issue or comment, served at its signed URL. */
export interface UploadRecord {
  bytes: Buffer;
  contentType: string;
  /** The `jwt` query value the URL must carry, as GitHub's signed image URLs do. */
  signature: string;
}
