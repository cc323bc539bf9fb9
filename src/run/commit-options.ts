/**
 * What every caller of `commitAndPush` shares, taken from the run: the remote, the signing
 * mode, whom to credit, the secrets to refuse and where to log. Callers add what differs (the
 * message, the branch and its lease, whether a moved branch is rebased).
 */
import { type CommitAndPushOptions, coAuthorFor } from '../git/commit-and-push.js';
import type { Actor } from '../github/actor.js';
import { configSecrets } from '../inputs.js';
import type { RunContext } from './context.js';

type Specific = Pick<CommitAndPushOptions, 'message' | 'startSha' | 'branch' | 'expectedSha' | 'rebase'>;

/**
 * Subject and body of a commit. A commit message is published text like a PR body (GitHub links
 * its URLs and notifies its @mentions), so the summary goes through the same preparation.
 */
export function commitMessage(ctx: RunContext, subject: string, summary: string): string {
  return `${ctx.redact(subject)}\n\n${ctx.publish(summary)}`;
}

/** The full options for one commit of this run. */
export function commitOptions(ctx: RunContext, actor: Actor, specific: Specific): CommitAndPushOptions {
  const { config } = ctx;
  return {
    remoteUrl: ctx.remoteUrl,
    signing: config.publishing.commitSigning,
    runUrl: ctx.runUrl,
    coAuthor: coAuthorFor(actor, config.publishing.coAuthor),
    secrets: configSecrets(config),
    log: (m) => ctx.log.info(m),
    ...specific,
  };
}
