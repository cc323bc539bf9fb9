/**
 * The gate-related records of one fake GitHub server (statuses, branch protection, rulesets,
 * armed auto-merge), kept beside `GitHubState` so both the REST handlers and the
 * JSON renderers can read them without importing each other.
 */
import type { GitHubState } from './github-state.js';

export interface StatusRecord {
  id: number;
  sha: string;
  state: 'error' | 'failure' | 'pending' | 'success';
  context: string;
  description: string | null;
  targetUrl: string | null;
  createdAt: string;
}

export interface ArmedAutoMerge {
  expectedHeadOid: string;
  mergeMethod: string;
  enabledBy: string;
}

export interface GateState {
  statuses: StatusRecord[];
  /** Classic branch protection by branch: its required status checks. */
  protection: Map<string, { contexts: string[] }>;
  /** Rulesets' `required_status_checks` rules by branch. */
  rules: Map<string, { contexts: string[] }>;
  /** Auto-merge as armed, by pull request number. */
  autoMerge: Map<number, ArmedAutoMerge>;
}

const gatesByState = new WeakMap<GitHubState, GateState>();

/** The gate records of `state`, created empty on first use. */
export function gatesOf(state: GitHubState): GateState {
  let gates = gatesByState.get(state);
  if (!gates) {
    gates = {
      statuses: [],
      protection: new Map(),
      rules: new Map(),
      autoMerge: new Map(),
    };
    gatesByState.set(state, gates);
  }
  return gates;
}
