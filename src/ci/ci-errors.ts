/**
 * Why CI in the loop could not dispatch or follow a run, as a value with the fix spelled out: the
 * run still publishes its pull request, and the log and the PR body tell the maintainer what to
 * change in their workflow files.
 */
import { apiMessage, apiStatus, rateLimitWaitMs } from '../github/api-error.js';

/** What went wrong, by cause. */
export type CiErrorKind =
  | 'no-dispatch-trigger'
  | 'workflow-not-found'
  | 'forbidden'
  | 'rate-limited'
  | 'rejected'
  | 'run-not-found'
  | 'api-error';

/** A CI problem for the log and the PR body: what happened, and what the maintainer should do. */
export interface CiError {
  kind: CiErrorKind;
  message: string;
  fix: string;
}

const PERMISSIONS_FIX =
  'Give the job `permissions: actions: write` (next to `contents: write` and `pull-requests: write`) so its token may dispatch and read workflow runs.';

/** Turns a failed API call of the dispatch/poll into a {@link CiError} naming the fix. */
export function classifyCiError(error: unknown, context: { workflow: string; branch: string }): CiError {
  const { workflow, branch } = context;
  const status = apiStatus(error);
  const said = apiMessage(error);
  if (rateLimitWaitMs(error, Date.now()) !== undefined) {
    return {
      kind: 'rate-limited',
      message: `GitHub's API rate limit stopped the CI dispatch of \`${workflow}\`: ${said}`,
      fix: 'Run the action again after the limit resets, or spread out the jobs that share this token.',
    };
  }
  if (status === 422 && /workflow_dispatch/i.test(said)) {
    return {
      kind: 'no-dispatch-trigger',
      message: `The workflow \`${workflow}\` cannot be dispatched: it has no \`workflow_dispatch\` trigger (GitHub said: ${said}).`,
      fix: `Add \`workflow_dispatch:\` under \`on:\` in \`.github/workflows/${workflow}\` on the default branch.`,
    };
  }
  if (status === 404) {
    return {
      kind: 'workflow-not-found',
      message: `GitHub knows no workflow \`${workflow}\` in this repository (404).`,
      fix: 'Set `ci-workflow` to the file name of a workflow in `.github/workflows/` of the default branch, such as `ci.yml` (or its numeric id).',
    };
  }
  if (status === 403) {
    return {
      kind: 'forbidden',
      message: `The token may not dispatch or read runs of \`${workflow}\` (403: ${said}).`,
      fix: PERMISSIONS_FIX,
    };
  }
  if (status === 422) {
    return {
      kind: 'rejected',
      message: `GitHub refused to dispatch \`${workflow}\` on \`${branch}\` (422: ${said}).`,
      fix: `Check that the branch \`${branch}\` exists on GitHub and that the workflow's \`workflow_dispatch\` inputs all have defaults.`,
    };
  }
  return {
    kind: 'api-error',
    message: `The GitHub API failed while dispatching \`${workflow}\`${status ? ` (${status})` : ''}: ${said}`,
    fix: 'This is usually temporary; run the action again.',
  };
}
