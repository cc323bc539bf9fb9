/**
 * The work a plan asks for, in order: check out the plan's branch, start the transcript, run the
 * agent with the run's tools, verify, publish (pull request, follow-up push or answer comment),
 * then CI after the publication. Review plans go to `runReview` instead. The third layer under
 * `runFromEvent` (admission) and `runTracked` (what every exit path finalises).
 */

import type { RunBudget } from '../agent/budget.js';
import { readTranscript } from '../agent/transcript.js';
import { blockedHostNames, blockedHostsNote } from '../egress/blocked-hosts-report.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import type { RunFacts } from '../outputs/action-outputs.js';
import { blockedHostsSection } from '../outputs/blocked-hosts-section.js';
import { renderRefusals, summarizeRefusals } from '../outputs/refusals.js';
import type { TrackingComment } from '../outputs/tracking-comment.js';
import { renderTranscriptMarkdown } from '../outputs/transcript-markdown.js';
import { createAgentRunner } from '../pipeline/agent-runner.js';
import { runAgentStep } from '../pipeline/agent-step.js';
import { prepareAgentTools } from '../pipeline/agent-tools.js';
import { buildInitialMessages } from '../prompt/task-prompt.js';
import type { Trigger } from '../triggers/trigger.js';
import { type ApprovalVerdict, checkApproval } from './approval.js';
import { autoMergeOnGreen } from './auto-merge.js';
import { runCiAfterPublish, wantsCi } from './ci-after-publish.js';
import { commandHost, type RunContext } from './context.js';
import { attributeBlockedHosts } from './egress-attribution.js';
import { headVerdict, markHead } from './head-status.js';
import { loadRunAnswerSchema, settleAnswer } from './output-schema.js';
import { runPlanning } from './plan-run.js';
import type { WorkPlan } from './plan-work.js';
import { type Publication, publishWork } from './publish.js';
import { publishThreadReply } from './publish-thread-reply.js';
import { prepareRepositoryContext } from './repository-context.js';
import { runReview } from './review.js';
import { keepingFacts, type PhaseFacts, phaseFacts } from './run-facts.js';
import { actionRunnerOptions, checkOutAndOpenTranscript, requireAnswered, runPhases } from './run-phases.js';
import { buildTask } from './task.js';

export interface WorkInput {
  trigger: Exclude<Trigger, { kind: 'skip' }>;
  plan: WorkPlan;
  git: GitCommandManager;
  tracking: TrackingComment | undefined;
  /** What the run knew before its phases started (the cost cap); each phase's facts start from it. */
  known: RunFacts;
  /**
   * The run's one budget: every agent call spends from it, and the outcome's turns, tokens and
   * cost are read from it once, by the tracked run.
   */
  budget: RunBudget;
  /** Pins the repository and snapshots `.git` so the action's git can put it back (config-guard.ts). */
  snapshotGitConfig?: () => Promise<void>;
  /** The surfaces' footer as of now: `renderFooter` over the outcome so far and the facts the phase knows. */
  footer: (known: RunFacts) => string;
}

/** What a phase published, with the facts it learned on the way (see `run-facts.ts`). */
export interface WorkResult extends Publication {
  facts: RunFacts;
}

/**
 * Runs the phases; returns the publication with the facts learned. Throws on failure or
 * cancellation: a `PhaseFailure` carrying the facts learned so far (the tracked run reports it).
 */
export async function carryOutPlan(ctx: RunContext, input: WorkInput): Promise<WorkResult> {
  const { plan } = input;
  if (plan.review) return runReview(ctx, input);
  if (plan.planning) return runPlanning(ctx, input);
  // Budget is spent only after approval: a void one ends here, before the checkout and the model.
  const approval = await approvedPlan(ctx, input);
  if (approval?.kind === 'void') return { ...voidApproval(ctx, approval), facts: input.known };
  const facts = phaseFacts(input.known);
  return keepingFacts(facts, async () => {
    const published = await carryOutChange(ctx, input, approval, facts);
    return { ...published, facts: facts.now() };
  });
}

/** The change run's phases, recording what they learn into `facts`. */
async function carryOutChange(
  ctx: RunContext,
  input: WorkInput,
  approval: Exclude<ApprovalVerdict, { kind: 'void' }> | undefined,
  facts: PhaseFacts,
): Promise<Publication> {
  const { config } = ctx;
  const { plan, tracking } = input;
  const phases = runPhases(ctx, input);
  const { step, stopIfCancelled } = phases;

  step(`Checking out ${plan.from.map((p) => ('sha' in p ? p.sha.slice(0, 7) : p.branch)).join(' or ')}`);
  const { checkout, transcript } = await checkOutAndOpenTranscript(ctx, input, input.git, phases);

  step('Reading the task');
  const task = await buildTask(ctx, input.trigger, plan, approval?.plan);
  const given = await prepareRepositoryContext(ctx, input, input.git, transcript, { review: false });
  facts.follow(given.facts);
  const answerSchema = await loadRunAnswerSchema(ctx, given.readTrusted, plan.trustedBranch);
  const messages = buildInitialMessages({
    system: {
      repository: `${ctx.repo.owner}/${ctx.repo.repo}`,
      ...(config.verifyCommand ? { verifyCommand: config.verifyCommand } : {}),
      answerOnly: plan.publish.kind === 'comment',
    },
    ...given.prompt,
    ...(config.instructions ? { instructions: config.instructions } : {}),
    task: task.task,
    context: task.context,
  });

  await input.snapshotGitConfig?.();
  const tools = await prepareAgentTools({ ...commandHost(ctx), git: input.git }, config);
  facts.set({ sandbox: tools.description });
  const egress = attributeBlockedHosts(() => tools.blockedHosts());
  /** Refused calls and blocked hosts so far: counted in the facts, sections for the PR and comment. */
  const problems = async (): Promise<string[]> => {
    const refusals = summarizeRefusals(await readTranscript(transcript.path).catch(() => []));
    facts.set({ refusals, blockedHosts: blockedHostNames(tools.blockedHosts()) });
    const blocked = blockedHostsSection(blockedHostsNote(tools.blockedHosts()), egress.triedBy());
    return [refusals ? renderRefusals(refusals) : undefined, blocked].filter(
      (section) => section !== undefined,
    );
  };
  try {
    step('Working');
    const { budget } = input;
    const agentRunner = createAgentRunner({
      ...actionRunnerOptions(ctx, plan.publish.kind, tracking),
      registry: given.withNotes(tools.registry, config.runner.workspace),
      transcript,
      budget,
      onEvent: egress.onEvent,
      ...given.runner,
      ...(answerSchema ? { answerSchema } : {}),
    });
    const verifyCommand = config.verifyCommand;
    const done = await runAgentStep({
      runner: agentRunner,
      messages,
      who: 'Agent',
      host: commandHost(ctx),
      tools,
      ...(verifyCommand
        ? {
            verify: {
              command: verifyCommand,
              timeoutMinutes: config.limits.timeoutMinutes,
              around: (label, run) => egress.around(label, run),
            },
          }
        : {}),
      step,
    });
    const agent = requireAnswered(done.agent, phases);
    const { verification } = done;
    facts.set({ stopReason: agent.stopReason, ...(verification ? { verification } : {}) });
    stopIfCancelled();
    step('Publishing');
    // Read when rendered, so a body re-rendered after CI fix rounds includes their turns.
    const renderTranscript = async () => {
      const records = await readTranscript(transcript.path);
      return (maxChars: number) =>
        renderTranscriptMarkdown(records, {
          maxChars,
          fullLogPointer: `the [job summary](${ctx.runUrl}) and the \`transcript-path\` file`,
        });
    };
    const ciRounds = config.ci.workflow !== undefined && config.ci.rounds > 0;
    const problemSections = await problems();
    const footer = () => input.footer(facts.now());
    const result = await (plan.replyThread ? publishThreadReply : publishWork)(ctx, {
      git: input.git,
      plan,
      checkout,
      actor: input.trigger.actor,
      agent,
      ...(verification ? { verification } : {}),
      ...(tools.sandbox.missing.length > 0 ? { sandboxNote: tools.description } : {}),
      problems: problemSections,
      outcome: facts.now(),
      ciPending: ciRounds && plan.publish.kind === 'pull-request',
      footer,
      transcript: await renderTranscript(),
      transcriptPath: transcript.path,
    });
    const ci = wantsCi(config, result);
    if (ci && result.head) await markHead(ctx, result.head.sha, PENDING);
    const afterCi = ci
      ? await runCiAfterPublish(ctx, {
          git: input.git,
          actor: input.trigger.actor,
          publication: result,
          baseSha: checkout.headSha,
          agent,
          runAgent: agentRunner,
          ...(verification ? { verification } : {}),
          sandbox: tools.sandbox,
          commandEnv: tools.commandEnv,
          transcript,
          renderTranscript,
          problems,
          footer,
          tracking,
          outcome: facts.now(),
          budget,
        })
      : undefined;
    if (afterCi) facts.set(afterCi.facts);
    const published = await settleHead(ctx, result, afterCi ?? result);
    transcript.write({ type: 'run-end', conclusion: published.outcome.conclusion });
    return settleAnswer(ctx, published, agent);
  } finally {
    facts.set({ blockedHosts: blockedHostNames(tools.blockedHosts()), mcp: tools.mcpSummary() || undefined });
    await tools.dispose();
  }
}

const PENDING = { state: 'pending', description: 'CI in the loop is running on this head' } as const;

/**
 * After publishing and CI: the `agent-action` status on the last head (and `failure` on a head a
 * CI fix replaced), then `auto-merge: on-green`. Neither fails a run whose change is published.
 */
async function settleHead(ctx: RunContext, first: Publication, last: Publication): Promise<Publication> {
  if (!last.head) return last;
  if (first.head && first.head.sha !== last.head.sha)
    await markHead(ctx, first.head.sha, {
      state: 'failure',
      description: 'CI failed; a later commit fixes it',
    });
  await markHead(ctx, last.head.sha, headVerdict(last));
  const merge = await autoMergeOnGreen(ctx, last).catch((error: Error) => ({
    output: 'refused',
    line: `Auto-merge not armed: the gates could not be read: ${ctx.redact(error.message)}.`,
  }));
  if (!merge) return last;
  ctx.log.info(merge.line);
  return {
    ...last,
    outcome: { ...last.outcome, autoMerge: merge.output },
    details: `${last.details}\n\n${merge.line}`,
  };
}

/** For `/agent approve`: the latest plan on the issue, checked; undefined for every other trigger. */
async function approvedPlan(ctx: RunContext, input: WorkInput): Promise<ApprovalVerdict | undefined> {
  if (input.trigger.kind !== 'approve') return undefined;
  const author = input.tracking?.comment.author;
  if (!author) throw new Error('An approval needs the tracking comment to know which account posts plans.');
  input.tracking?.update({ step: 'Checking the plan against the issue and the base branch' });
  return checkApproval(ctx.octokit, ctx.repo, { issueNumber: input.trigger.issueNumber, author });
}

/** A void approval: nothing runs, and the tracking comment says why and asks for a new plan. */
function voidApproval(ctx: RunContext, verdict: Extract<ApprovalVerdict, { kind: 'void' }>): Publication {
  const phrase = ctx.config.triggerPhrase;
  const plan = verdict.planUrl ? ` ([the plan](${verdict.planUrl}))` : '';
  const reason = `The approval is void: ${verdict.reason}${plan}. Nothing was changed; ask for a new plan with \`${phrase} plan\`, then approve that one.`;
  ctx.log.info(reason);
  return { outcome: { conclusion: 'skipped', reason: 'the approval is void' }, details: reason };
}
