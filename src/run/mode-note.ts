/**
 * One line saying how this run publishes and why, for the log and the job summary. The `mode`
 * input is a wish; the plan may have to answer differently (a fork's PR cannot be pushed to, a
 * schedule has no conversation to comment in), and a mode must never change without saying so.
 */
import type { Mode } from '../inputs.js';
import type { WorkPlan } from './plan-work.js';

/** `Mode: <what happens> (<why>)`. */
export function describeMode(
  mode: Mode,
  plan: Pick<WorkPlan, 'publish' | 'conversation' | 'pullRequest' | 'review'>,
): string {
  const asked = `\`mode: ${mode}\``;
  if (plan.review && plan.pullRequest) {
    const why = plan.review.explicit ? `${asked}, asked for in a comment` : asked;
    const fork = plan.pullRequest.sameRepo ? '' : '; from a fork, so no commands run';
    return `Mode: review of pull request #${plan.pullRequest.number}, read only, nothing pushed (${why}${fork})`;
  }
  const target = plan.publish;
  switch (target.kind) {
    case 'pull-request':
      return `Mode: pull request from \`${target.branch}\` into \`${target.base}\` (${asked}${mode === 'pr' && plan.pullRequest ? ': a PR into the PR branch instead of pushing to it' : ''})`;
    case 'push':
      return `Mode: push to the pull request's branch \`${target.branch}\` (${asked}; the branch is in this repository)`;
    case 'comment': {
      const where =
        plan.conversation === undefined
          ? 'the job summary, since this run has no issue or pull request to comment on'
          : `a comment on #${plan.conversation}`;
      if (mode === 'comment')
        return `Mode: answer only, nothing pushed; the answer goes to ${where} (${asked})`;
      if (plan.pullRequest && !plan.pullRequest.sameRepo) {
        return `Mode: answer only, nothing pushed; the patch goes to ${where} (${asked}, but the pull request's head is in a fork this token cannot push to)`;
      }
      return `Mode: answer only, nothing pushed; the answer goes to ${where} (${asked})`;
    }
    default:
      return `Mode: ${(target as { kind: string }).kind} (${asked})`;
  }
}
