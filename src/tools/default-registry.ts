/**
 * The registry the main agent gets: the file tools over one workspace, sharing one path
 * policy and one read tracker, plus any extra tools the caller adds (the bash tool).
 */
import { createPathPolicy, type PathPolicy } from '../safety/path-policy.js';
import { createReadTracker, type ReadTracker } from '../safety/read-tracker.js';
import { createApplyPatchTool } from './apply-patch.js';
import { createEditFileTool } from './edit-file.js';
import { createGlobTool } from './glob.js';
import { createGrepTool } from './grep.js';
import type { GrepBackendName } from './grep-backends.js';
import { createReadFileTool } from './read-file.js';
import { ToolRegistry } from './registry.js';
import type { Tool } from './tool.js';
import { createWriteFileTool } from './write-file.js';

export interface DefaultToolDeps {
  /** Workspace root; every path the tools touch must resolve inside it. */
  workspace: string;
  /** Shared with the bash tool so both apply the same rules; created from `workspace` if absent. */
  policy?: PathPolicy;
  /** One per run; created if absent. */
  readTracker?: ReadTracker;
  /** Log line sink (the grep backend choice is reported here). */
  log?: (message: string) => void;
  /** Narrow the grep backends (tests, benches). */
  grepBackends?: GrepBackendName[];
  /**
   * The scrubbed environment (`scrubbedEnv`: no secret) for the processes `glob` and `grep`
   * start; unset, they get none at all.
   */
  env?: Readonly<Record<string, string>>;
}

/** The file tools, unregistered, for callers that compose their own registry. */
export function createFileTools(deps: DefaultToolDeps): Tool<unknown>[] {
  const policy = deps.policy ?? createPathPolicy(deps.workspace);
  const readTracker = deps.readTracker ?? createReadTracker();
  return [
    createReadFileTool({ policy, readTracker }),
    createWriteFileTool({ policy, readTracker }),
    createEditFileTool({ policy, readTracker }),
    createApplyPatchTool({ policy, readTracker }),
    createGlobTool({ policy, ...(deps.env ? { env: deps.env } : {}) }),
    createGrepTool({
      policy,
      ...(deps.env ? { env: deps.env } : {}),
      ...(deps.log ? { log: deps.log } : {}),
      ...(deps.grepBackends ? { backends: deps.grepBackends } : {}),
    }),
  ];
}

/** The file tools plus `extraTools` (e.g. `createBashTool(...)`), in one registry. */
export function createDefaultRegistry(deps: DefaultToolDeps, extraTools: Tool<unknown>[] = []): ToolRegistry {
  return new ToolRegistry([...createFileTools(deps), ...extraTools]);
}
