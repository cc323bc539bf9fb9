/** A GitHub account as the event names it: who started a run, who is credited on its commits. */

/** The person (or bot) whose action started the run. */
export interface Actor {
  login: string;
  /** `Bot` for GitHub Apps and `[bot]` logins; checked by the gate. */
  type: string;
  /** Account id, for the `Co-authored-by` noreply address. */
  id?: number;
}
