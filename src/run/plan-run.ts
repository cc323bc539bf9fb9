/**
 * A plan run (`/agent plan …`, or the trigger label with `plan-first: true`): the base branch
 * checked out, the planner's read-only tools, and one comment with the plan and its hidden marker.
 * Nothing is committed or pushed on any path; the approval run (`/agent approve`) does the work.
 */
import { GITHUB_BODY_LIMIT, PLAN_MARKER_ROOM_CHARS } from '../limits.js';
import { postComment } from '../outputs/comment.js';
import { plannedFiles, renderPlanComment } from '../outputs/plan-comment.js';
import { createAgentRunner } from '../pipeline/agent-runner.js';
import { runAgentStep } from '../pipeline/agent-step.js';
import { buildPlanSystemPrompt, buildPlanTask } from '../prompt/plan-prompt.js';
import { buildInitialMessages } from '../prompt/task-prompt.js';
import type { WorkInput, WorkResult } from './carry-out-plan.js';
import { commandHost, type RunContext } from './context.js';
import { preparePlanTools } from './plan-tools.js';
import type { Publication } from './publish.js';
import { prepareRepositoryContext } from './repository-context.js';
import { keepingFacts, type PhaseFacts, phaseFacts } from './run-facts.js';
import { actionRunnerOptions, checkOutAndOpenTranscript, requireAnswered, runPhases } from './run-phases.js';

/** Runs the planner and posts the plan; throws on failure or cancellation, with the facts learned so far (the tracked run reports it). */
export async function runPlanning(ctx: RunContext, input: WorkInput): Promise<WorkResult> {
  const facts = phaseFacts(input.known);
  return keepingFacts(facts, async () => {
    const published = await planning(ctx, input, facts);
    return { ...published, facts: facts.now() };
  });
}

async function planning(ctx: RunContext, input: WorkInput, facts: PhaseFacts): Promise<Publication> {
  const { config } = ctx;
  const { trigger, plan } = input;
  if (trigger.kind !== 'plan') throw new Error('A plan run needs a plan trigger.');
  const phases = runPhases(ctx, input);
  const { step } = phases;

  step(`Checking out \`${plan.trustedBranch}\` to plan (read only)`);
  const { checkout, transcript } = await checkOutAndOpenTranscript(ctx, input, input.git, phases);
  const repository = `${ctx.repo.owner}/${ctx.repo.repo}`;
  const task = buildPlanTask({
    repository,
    issue: { number: trigger.issueNumber, title: trigger.title, body: trigger.body },
    ...(trigger.instruction ? { request: { login: trigger.actor.login, text: trigger.instruction } } : {}),
  });
  const given = await prepareRepositoryContext(ctx, input, input.git, transcript, { review: false });
  facts.follow(given.facts);
  const messages = buildInitialMessages({
    systemText: buildPlanSystemPrompt({ repository, maxTurns: config.limits.maxTurns }),
    ...given.prompt,
    ...(config.instructions ? { instructions: config.instructions } : {}),
    task: task.task,
    context: task.context,
  });

  await input.snapshotGitConfig?.();
  const tools = await preparePlanTools(commandHost(ctx), config);
  facts.set({ sandbox: tools.description });
  try {
    step('Planning');
    const runner = createAgentRunner({
      ...actionRunnerOptions(ctx, 'plan', input.tracking),
      registry: given.withNotes(tools.registry, config.runner.workspace),
      transcript,
      budget: input.budget,
      ...given.runner,
    });
    const done = await runAgentStep({ runner, messages, who: 'Planner', host: commandHost(ctx), tools });
    const agent = requireAnswered(done.agent, phases);
    if (agent.stopReason !== 'done' || !agent.summary.trim()) {
      transcript.write({ type: 'run-end', conclusion: 'failed' });
      throw new Error(
        `The planner stopped (${agent.stopReason}) before it wrote a plan; nothing was posted.`,
      );
    }

    step('Posting the plan');
    const visible = ctx.publish(
      planText(ctx, trigger.issueNumber, plan.trustedBranch, agent.summary),
      GITHUB_BODY_LIMIT - PLAN_MARKER_ROOM_CHARS,
    );
    const body = renderPlanComment(visible, {
      issue: { title: trigger.title, body: trigger.body },
      base: checkout.headSha,
      branch: plan.trustedBranch,
      files: plannedFiles(agent.summary),
    });
    const posted = await postComment(ctx.octokit, ctx.repo, trigger.issueNumber, body);
    transcript.write({ type: 'run-end', conclusion: 'planned' });
    return {
      outcome: { conclusion: 'planned', planUrl: posted.url },
      details: `The plan for #${trigger.issueNumber}: ${posted.url}\n\nReply \`${config.triggerPhrase} approve\` to carry it out.`,
    };
  } finally {
    facts.set({ mcp: tools.mcpSummary() || undefined });
    await tools.dispose();
  }
}

/** The plan comment's visible text: what it is, the plan, and how to approve it. */
function planText(ctx: RunContext, issueNumber: number, base: string, plan: string): string {
  const phrase = ctx.config.triggerPhrase;
  return [
    `📋 **Plan for #${issueNumber}** — made on \`${base}\`, nothing changed yet.`,
    '',
    plan.trim(),
    '',
    '---',
    `Reply \`${phrase} approve\` to carry out this plan (\`${phrase} approve <more>\` adds an instruction). Editing the issue, or a change on the base branch to a planned file, voids the plan; ask again with \`${phrase} plan\`. [View the run](${ctx.runUrl})`,
  ].join('\n');
}
