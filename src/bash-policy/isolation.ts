/**
 * How far the sandbox isolates the commands, which decides how much the policy must stop on its
 * own. Only a namespace level puts a kernel boundary around commands; any other level string
 * (`none`, or one this policy does not know) gets the strictest reading, where the policy is the
 * only barrier and allows only the small core it models completely (core.ts).
 */
import { type Denial, deny } from './denial.js';

/**
 * `namespace`: kernel-confined (separate user, mount, PID, network namespaces).
 * `none-deliberate`: no confinement, chosen by the user with `sandbox: off`.
 * `none`: no confinement because none was available; the policy is the only barrier.
 */
export type Isolation = 'namespace' | 'none-deliberate' | 'none';

/** The sandbox levels that confine commands in namespaces (as src/sandbox reports them). */
export function isNamespaceLevel(level: string): boolean {
  return level === 'userns' || level === 'sudo+unshare' || level === 'root+unshare';
}

/** The isolation a sandbox level gives commands. */
export function isolationOf(sandbox: { level: string; deliberate: boolean }): Isolation {
  if (isNamespaceLevel(sandbox.level)) return 'namespace';
  return sandbox.deliberate ? 'none-deliberate' : 'none';
}

/** The refusal for workspace code at level `none`, unless the user turned the sandbox off. */
export function workspaceCodeDenial(isolation: Isolation, what: string): Denial | undefined {
  if (isolation !== 'none') return undefined;
  return deny(
    'workspace-code-unsandboxed',
    `${what}, which is arbitrary code (a test, build script, Makefile, plugin or tool configuration can do anything), and this runner has no sandbox that isolates it from the action's own secrets. Read and check the code with the file tools instead; to run it, use a runner with user namespaces or passwordless sudo, or set \`sandbox: off\` to accept the risk.`,
  );
}
