/**
 * What a request may contain for this endpoint, learned from its refusals. Optional parameters
 * that some providers refuse by name (`parallel_tool_calls` on OpenAI's o-series,
 * `stream_options` on Mistral and Azure AI) are sent until the first refusal that names them,
 * then dropped for the rest of the run — no hard-coded provider list to keep up to date, and
 * providers that accept them keep getting them. Wire-neutral: any wire format asks {@link allows}.
 */

/**
 * Parameters the run can do without; a refusal naming one drops it instead of failing. `include`
 * is the Responses API's request for encrypted reasoning, which OpenAI's non-reasoning models
 * (gpt-4o, gpt-4.1) refuse with `param: "include"`. `prompt_cache_key` routes requests with the same
 * prefix to the same cache on OpenAI; strict OpenAI-compatible servers refuse it as an extra field.
 */
export const OPTIONAL_PARAMETERS = [
  'parallel_tool_calls',
  'stream_options',
  'include',
  'prompt_cache_key',
] as const;
export type OptionalParameter = (typeof OPTIONAL_PARAMETERS)[number];

// Words providers use when they refuse a parameter (OpenAI, Mistral/pydantic, Azure AI, Gemini, Groq).
const REFUSAL =
  /unsupported|not supported|unknown|unrecognized|not allowed|not permitted|extra|forbidden|invalid|cannot find field|does not support/i;

/** The run's memory of dropped parameters; one per LLM client. */
export class RequestRules {
  private readonly dropped = new Set<OptionalParameter>();

  /** `log` hears once per parameter that it is dropped, and why. */
  constructor(private readonly log: (message: string) => void = () => {}) {}

  /** Whether requests may still carry `parameter`. */
  allows(parameter: OptionalParameter): boolean {
    return !this.dropped.has(parameter);
  }

  /**
   * The optional parameters a refusal names that are still being sent. Empty when the refusal is
   * about something else (or names only parameters already dropped, so dropping cannot help).
   */
  refusedBy(refusal: { message: string; param?: string | undefined }): OptionalParameter[] {
    const text = `${refusal.param ?? ''} ${refusal.message}`;
    if (!REFUSAL.test(refusal.message) && !refusal.param) return [];
    // Whole names only: Mistral's refusal of `stream_options` mentions `include_usage`.
    return OPTIONAL_PARAMETERS.filter((p) => this.allows(p) && new RegExp(`\\b${p}\\b`).test(text));
  }

  /** Stops sending `parameters` for the rest of the run. */
  drop(parameters: readonly OptionalParameter[], quoted: string): void {
    for (const parameter of parameters) {
      if (this.dropped.has(parameter)) continue;
      this.dropped.add(parameter);
      this.log(
        `The LLM endpoint refused \`${parameter}\` (${quoted}); requests of this run are sent without it.`,
      );
    }
  }
}
