/**
 * What the fake GitHub server knows: users and their permissions, issues and pull requests, comments,
 * review threads, reactions, workflows, runs, jobs, logs and check runs. Tests seed it directly and
 * read it back to assert what the action did; the HTTP handlers read and change the same records.
 */

import type {
  CheckAnnotationRecord,
  CheckRunRecord,
  IssueCommentRecord,
  IssueRecord,
  JobRecord,
  Permission,
  PullFields,
  ReactionRecord,
  ReactionSubject,
  ReviewCommentRecord,
  RunRecord,
  RunScript,
  RunStatus,
  UploadRecord,
  UserRecord,
  WorkflowRecord,
} from './github-records.js';

export type * from './github-records.js';

/** GitHub timestamps have whole seconds. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The records behind the fake GitHub server; `owner/repo` is the one repository it serves. */
export class GitHubState {
  readonly users = new Map<string, UserRecord>();
  readonly issues = new Map<number, IssueRecord>();
  readonly issueComments = new Map<number, IssueCommentRecord>();
  readonly reviewComments = new Map<number, ReviewCommentRecord>();
  readonly reactions: ReactionRecord[] = [];
  readonly workflows = new Map<number, WorkflowRecord>();
  readonly runs = new Map<number, RunRecord>();
  readonly checkRuns: CheckRunRecord[] = [];
  /** Annotations of check runs by check run id. */
  readonly checkAnnotations = new Map<number, CheckAnnotationRecord[]>();
  /** Scripts waiting for the next dispatch of each workflow. */
  readonly runScripts = new Map<number, RunScript[]>();
  /** Teams (`org/slug`) review can be requested from. */
  readonly teams = new Set<string>();
  /** Review requested on each pull request, by number. */
  readonly reviewRequests = new Map<number, { users: string[]; teams: string[] }>();
  /** Commits GitHub created through the API, which it signs (shown as Verified). */
  readonly verifiedCommits = new Set<string>();
  /** Resolved review threads: the thread's first comment id → who resolved it. */
  readonly resolvedThreads = new Map<number, string>();
  /** Attachments by path (`/storage/user/…`), served to requests that carry their signature. */
  readonly uploads = new Map<string, UploadRecord>();
  private nextId = 1000;

  constructor(
    readonly owner: string,
    readonly repo: string,
    /** Login of the token's user, the author of everything the action writes. */
    readonly tokenUser: string,
    /** Permission of users the state does not know. */
    readonly defaultPermission: Permission = 'read',
  ) {
    this.addUser(owner, { permission: 'admin' });
    this.addUser(tokenUser, { type: 'Bot', permission: 'write' });
  }

  get fullName(): string {
    return `${this.owner}/${this.repo}`;
  }

  /** A fresh id for any record. */
  id(): number {
    return ++this.nextId;
  }

  addUser(login: string, options: Partial<Omit<UserRecord, 'login'>> = {}): UserRecord {
    const type = options.type ?? (login.endsWith('[bot]') ? 'Bot' : 'User');
    const user = { login, id: options.id ?? this.id(), type, permission: options.permission ?? 'read' };
    this.users.set(login, user);
    return user;
  }

  user(login: string): UserRecord {
    return this.users.get(login) ?? this.addUser(login, { permission: this.defaultPermission });
  }

  /** Adds an issue (or, with `pull`, a pull request); numbers are shared as on GitHub. */
  addIssue(fields: Partial<IssueRecord> & { title: string }): IssueRecord {
    const number = fields.number ?? Math.max(0, ...this.issues.keys()) + 1;
    const now = timestamp();
    const issue: IssueRecord = {
      id: this.id(),
      body: null,
      state: 'open',
      user: this.owner,
      labels: [],
      createdAt: now,
      updatedAt: now,
      ...fields,
      number,
    };
    this.user(issue.user);
    this.issues.set(number, issue);
    return issue;
  }

  /** Adds a pull request from `headRef` (in `headRepo`, default this repository) into `baseRef`. */
  addPullRequest(
    fields: Partial<Omit<IssueRecord, 'pull'>> & {
      title: string;
      headRef: string;
      baseRef: string;
    } & Partial<PullFields>,
  ): IssueRecord {
    const { headRef, baseRef, headRepo, draft, merged, maintainerCanModify, ...issue } = fields;
    return this.addIssue({
      ...issue,
      pull: {
        headRef,
        baseRef,
        headRepo: headRepo ?? this.fullName,
        draft: draft ?? false,
        merged: merged ?? false,
        maintainerCanModify: maintainerCanModify ?? true,
      },
    });
  }

  /** Pull requests, oldest first. */
  pulls(): IssueRecord[] {
    return [...this.issues.values()].filter((i) => i.pull);
  }

  addIssueComment(fields: Omit<IssueCommentRecord, 'id' | 'createdAt' | 'updatedAt'>): IssueCommentRecord {
    const now = timestamp();
    const comment = { id: this.id(), createdAt: now, updatedAt: now, ...fields };
    this.user(comment.user);
    this.issueComments.set(comment.id, comment);
    return comment;
  }

  /** Comments on one issue or pull request, oldest first. */
  commentsOn(issueNumber: number): IssueCommentRecord[] {
    return [...this.issueComments.values()].filter((c) => c.issueNumber === issueNumber);
  }

  addReviewComment(
    fields: Omit<ReviewCommentRecord, 'id' | 'createdAt' | 'updatedAt' | 'startLine' | 'side'> &
      Partial<Pick<ReviewCommentRecord, 'startLine' | 'side'>>,
  ): ReviewCommentRecord {
    const now = timestamp();
    const comment = {
      id: this.id(),
      createdAt: now,
      updatedAt: now,
      startLine: null,
      side: 'RIGHT' as const,
      ...fields,
    };
    this.user(comment.user);
    this.reviewComments.set(comment.id, comment);
    return comment;
  }

  /** The review thread a comment belongs to, first comment first. */
  thread(commentId: number): ReviewCommentRecord[] {
    const root = this.reviewComments.get(commentId)?.inReplyToId ?? commentId;
    return [...this.reviewComments.values()].filter((c) => c.id === root || c.inReplyToId === root);
  }

  /** Resolves the thread of `commentId` as `login` would with the "Resolve conversation" button. */
  resolveThread(commentId: number, login: string): void {
    const root = this.reviewComments.get(commentId)?.inReplyToId ?? commentId;
    this.user(login);
    this.resolvedThreads.set(root, login);
  }

  /**
   * Stores an attachment (served as `contentType` whatever its bytes are) and returns the path and
   * query of its signed URL, as a GitHub Enterprise Server renders it into `body_html`.
   */
  addUpload(bytes: Buffer, contentType = 'image/png'): string {
    const id = this.id();
    const path = `/storage/user/${id}/files/${id.toString(16).padStart(8, '0')}-5a1e-4c3b-9d2f-upload`;
    const signature = Buffer.from(`signed-${id}-${Math.random()}`).toString('base64url');
    this.uploads.set(path, { bytes, contentType, signature });
    return `${path}?jwt=${signature}`;
  }

  reactionsOn(subject: ReactionSubject): ReactionRecord[] {
    return this.reactions.filter((r) => JSON.stringify(r.subject) === JSON.stringify(subject));
  }

  addWorkflow(fields: Partial<WorkflowRecord> & { path: string }): WorkflowRecord {
    const workflow = { id: this.id(), name: fields.path.replace(/^.*\//, ''), dispatchable: true, ...fields };
    this.workflows.set(workflow.id, workflow);
    return workflow;
  }

  /** The workflow with this numeric id or file name (`ci.yml`). */
  workflow(idOrFile: string | number): WorkflowRecord | undefined {
    return [...this.workflows.values()].find(
      (w) => String(w.id) === String(idOrFile) || w.path.split('/').pop() === String(idOrFile),
    );
  }

  /** Queues how the next dispatched runs of a workflow go, one script per dispatch. */
  scriptRuns(idOrFile: string | number, ...scripts: RunScript[]): void {
    const workflow = this.workflow(idOrFile);
    if (!workflow) throw new Error(`no workflow ${idOrFile}`);
    this.runScripts.set(workflow.id, [...(this.runScripts.get(workflow.id) ?? []), ...scripts]);
  }

  /** Creates a run; a `completed` status applies the script's conclusions at once. */
  addRun(
    fields: Pick<RunRecord, 'workflowId' | 'headBranch' | 'headSha'> &
      Partial<Pick<RunRecord, 'event' | 'actor' | 'status' | 'runAttempt'>> & { script?: RunScript },
  ): RunRecord {
    const now = timestamp();
    const runNumber = [...this.runs.values()].filter((r) => r.workflowId === fields.workflowId).length + 1;
    const script = fields.script ?? { conclusion: 'success' };
    const run: RunRecord = {
      id: this.id(),
      runNumber,
      runAttempt: fields.runAttempt ?? 1,
      event: fields.event ?? 'push',
      actor: fields.actor ?? this.owner,
      status: 'queued',
      conclusion: null,
      createdAt: now,
      updatedAt: now,
      jobs: [],
      script,
      observations: 0,
      workflowId: fields.workflowId,
      headBranch: fields.headBranch,
      headSha: fields.headSha,
    };
    const jobs = script.jobs ?? [{ name: 'build', log: 'All good.\n' }];
    run.jobs = jobs.map((job) => ({
      id: this.id(),
      runId: run.id,
      name: job.name,
      status: 'queued',
      conclusion: null,
      steps: (job.steps ?? [{ name: 'Set up job' }, { name: 'Run tests' }]).map((s, i) => ({
        name: s.name,
        number: i + 1,
        conclusion: s.conclusion ?? null,
      })),
      log: job.log ?? '',
      startedAt: now,
      completedAt: null,
    }));
    this.runs.set(run.id, run);
    if (fields.status === 'in_progress') this.setRunStatus(run, 'in_progress');
    if (fields.status === 'completed') this.setRunStatus(run, 'completed');
    return run;
  }

  /** Moves a run (and its jobs) to `status`; completing applies the script's conclusions. */
  setRunStatus(run: RunRecord, status: RunStatus): void {
    run.status = status;
    run.observations = 0;
    run.updatedAt = timestamp();
    for (const [index, job] of run.jobs.entries()) {
      job.status = status;
      if (status !== 'completed') continue;
      const scripted = run.script.jobs?.[index];
      job.conclusion = scripted?.conclusion ?? run.script.conclusion;
      job.completedAt = run.updatedAt;
      for (const step of job.steps) step.conclusion ??= job.conclusion === 'success' ? 'success' : 'skipped';
    }
    if (status === 'completed') run.conclusion = run.script.conclusion;
  }

  /** Called each time the API shows a run: scripted runs advance queued → in_progress → completed. */
  observeRun(run: RunRecord): void {
    if (run.status === 'completed') return;
    if (run.observations >= (run.script.pollsPerPhase ?? 1)) {
      this.setRunStatus(run, run.status === 'queued' ? 'in_progress' : 'completed');
    }
    run.observations++;
  }

  job(id: number): JobRecord | undefined {
    for (const run of this.runs.values()) {
      const job = run.jobs.find((j) => j.id === id);
      if (job) return job;
    }
    return undefined;
  }
}
