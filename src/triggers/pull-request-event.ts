/**
 * `pull_request` and `pull_request_target` events: with `mode: review` an opened, updated, reopened
 * or ready pull request is reviewed. Drafts wait until they are ready (or someone asks with a
 * comment). Pure, like the rest of trigger resolution.
 */
import { z } from 'zod';
import type { Actor } from '../github/actor.js';
import { isSameRepository } from '../github/repo-ref.js';
import type { Mode, Trigger } from './trigger.js';

/** The actions that mean "there is new code to review". */
export const REVIEW_ACTIONS = ['opened', 'synchronize', 'ready_for_review', 'reopened'] as const;

const user = z.object({ login: z.string(), type: z.string().default('User'), id: z.number().optional() });

const pullRequestEvent = z.object({
  action: z.string(),
  pull_request: z.object({
    number: z.number(),
    title: z.string(),
    body: z.string().nullish(),
    draft: z.boolean().nullish(),
    user,
    head: z.object({ ref: z.string(), sha: z.string(), repo: z.object({ full_name: z.string() }).nullish() }),
  }),
  repository: z.object({ full_name: z.string() }),
  sender: user,
});

function actorOf(u: z.infer<typeof user>): Actor {
  return u.id === undefined ? { login: u.login, type: u.type } : { login: u.login, type: u.type, id: u.id };
}

/** The review trigger for a pull-request event, or the reason it is skipped. */
export function resolvePullRequestEvent(
  eventName: 'pull_request' | 'pull_request_target',
  payload: unknown,
  mode: Mode,
): Trigger {
  const result = pullRequestEvent.safeParse(payload);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new Error(
      `The ${eventName} event payload is not what GitHub sends: ${first?.path.join('.') || '(root)'}: ${first?.message}`,
    );
  }
  const event = result.data;
  const skip = (reason: string): Trigger => ({ kind: 'skip', reason });
  if (mode !== 'review') {
    return skip(`${eventName} events are acted on only with mode: review (mode is ${mode})`);
  }
  if (!(REVIEW_ACTIONS as readonly string[]).includes(event.action)) {
    return skip(`${eventName} action "${event.action}" is not one of ${REVIEW_ACTIONS.join(', ')}`);
  }
  const pr = event.pull_request;
  if (pr.draft) {
    return skip(`pull request #${pr.number} is a draft; it is reviewed when ready, or on a "review" comment`);
  }
  const headRepository = pr.head.repo?.full_name ?? '';
  return {
    kind: 'pull-request',
    event: eventName,
    action: event.action,
    prNumber: pr.number,
    title: pr.title,
    body: pr.body ?? '',
    headSha: pr.head.sha,
    headRef: pr.head.ref,
    headRepository,
    sameRepo: isSameRepository(headRepository, event.repository.full_name),
    author: actorOf(pr.user),
    actor: actorOf(event.sender),
  };
}
