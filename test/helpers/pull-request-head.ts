/**
 * A webhook payload's `pull_request.head` pointed at a pull request of the fake GitHub server:
 * its branch, the commit, and the repository it lives in (this one, or a fork's); and the whole
 * `pull_request` event built on it.
 */
import type { IssueRecord } from '../fakes/github-state.js';
import { webhookExample } from './webhook-examples.js';

/** The example payload's `head` with `pr`'s branch and repository and `headSha` as its commit. */
export function pullRequestHead(head: any, pr: IssueRecord, headSha: string) {
  const headRepo = pr.pull!.headRepo;
  const [owner, name] = headRepo.split('/') as [string, string];
  return {
    ...head,
    ref: pr.pull!.headRef,
    sha: headSha,
    label: `${owner}:${pr.pull!.headRef}`,
    repo: {
      ...head['repo'],
      full_name: headRepo,
      name,
      owner: { ...head['repo']['owner'], login: owner },
    },
  };
}

/** The real `pull_request` example with this action, pointed at a pull request of the fake. */
export function pullRequestPayload(action: string, pr: IssueRecord, headSha: string, sender = pr.user) {
  const payload = webhookExample('pull_request', action);
  payload['number'] = pr.number;
  const p = payload['pull_request'];
  Object.assign(p, { number: pr.number, title: pr.title, body: pr.body, draft: pr.pull!.draft });
  p['user'] = { ...p['user'], login: pr.user, type: 'User' };
  p['head'] = pullRequestHead(p['head'], pr, headSha);
  payload['sender'] = { ...payload['sender'], login: sender, type: 'User' };
  return payload;
}
