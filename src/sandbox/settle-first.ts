/**
 * Where the runner itself touches the workspace after sandboxed commands ran: its git. Files a
 * throw-away user created are handed back in the background after each command (see
 * `hand-back.ts`); this awaits that first, and reports a hand-back that went wrong. The file
 * tools do the same through `settleFirst` (`src/tools/settled-registry.ts`).
 */
import type { Sandbox } from './sandbox.js';

/** Awaits the hand-back before the runner's own git reads the workspace; a problem is logged. */
export async function settleBeforeGit(
  sandbox: Pick<Sandbox, 'settle'>,
  warn: (message: string) => void,
): Promise<void> {
  const problem = await sandbox.settle?.();
  if (problem)
    warn(`sandbox: files the commands created could not all be handed back before committing: ${problem}`);
}
