/**
 * What a request may contain for this endpoint, learned from its refusals. Optional parameters
 * that some providers refuse by name (`parallel_tool_calls` on OpenAI's o-series,
 * `stream_options` on Mistral and Azure AI) are sent until the first refusal that names them,
 * then dropped for the rest of the run — no hard-coded provider list to keep up to date, and
 * providers that accept them keep getting them. Image input is learned the same way: images are
 * sent until the endpoint refuses an image part (a text-only model), then left out for the run.
 * Wire-neutral: any wire format asks {@link allows}.
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

/**
 * What a refusal can take out of the run's requests: a parameter, the images of the conversation,
 * the `output-schema` as a response format (`response_format`, or `text.format` on Responses), or
 * only its strict mode (`strict-schema`: the schema is then sent non-strict).
 */
export type DroppableInput = OptionalParameter | 'image-input' | 'response_format' | 'strict-schema';

// Words providers use when they refuse a parameter (OpenAI, Mistral/pydantic, Azure AI, Gemini, Groq).
const REFUSAL =
  /unsupported|not supported|unknown|unrecognized|not allowed|not permitted|extra|forbidden|invalid|cannot find field|does not support|only supported/i;

// How a text-only model's refusal names image input: DeepSeek's "unknown variant `image_url`,
// expected `text`", OpenAI's "image_url is only supported by certain models", "input_image" on the
// Responses API, and servers that say "image input", "vision" or "multimodal" in words.
const IMAGE_WORDS = /\b(?:image_url|input_image|images?|vision|multi-?modal)\b/i;

// How a refusal names the response schema: the Chat parameter, the Responses one, or its type.
// DeepSeek says a format is "unavailable"; OpenAI's refusal of a schema strict mode cannot take
// begins "Invalid schema for response_format".
const SCHEMA_WORDS = /\bresponse_format\b|\btext\.format\b|\bjson_schema\b/i;
const STRICT_REFUSAL = /invalid schema|\bstrict\b/i;

// A refusal of the request's shape; rate limits, auth, size and server errors are never about images.
const SHAPE_STATUSES = new Set([400, 404, 415, 422]);

/** The run's memory of dropped inputs; one per LLM client. */
export class RequestRules {
  private readonly dropped = new Map<DroppableInput, string>();

  /**
   * `log` hears once per input that it is dropped, and why; `onDrop` gets the same as data (the
   * run reports refused image input in its summary).
   */
  constructor(
    private readonly log: (message: string) => void = () => {},
    private readonly onDrop: (input: DroppableInput, quoted: string) => void = () => {},
  ) {}

  /** Whether requests may still carry `input`. */
  allows(input: DroppableInput): boolean {
    return !this.dropped.has(input);
  }

  /** The refusal that dropped `input`, quoted, or undefined while it is still sent. */
  refusal(input: DroppableInput): string | undefined {
    return this.dropped.get(input);
  }

  /**
   * The inputs a refusal (with its HTTP status, when known) names that are still being sent.
   * Empty when the refusal is about something else (or names only inputs already dropped, so
   * dropping cannot help).
   */
  refusedBy(refusal: { message: string; param?: string | undefined }, status?: number): DroppableInput[] {
    const text = `${refusal.param ?? ''} ${refusal.message}`;
    if (!REFUSAL.test(refusal.message) && !/unavailable/i.test(refusal.message) && !refusal.param) return [];
    // Whole names only: Mistral's refusal of `stream_options` mentions `include_usage`.
    const found: DroppableInput[] = OPTIONAL_PARAMETERS.filter(
      (p) => this.allows(p) && new RegExp(`\\b${p}\\b`).test(text),
    );
    const shape = status === undefined || SHAPE_STATUSES.has(status);
    if (shape && this.allows('image-input') && REFUSAL.test(refusal.message) && IMAGE_WORDS.test(text))
      found.push('image-input');
    if (shape && this.allows('response_format') && SCHEMA_WORDS.test(text))
      found.push(
        this.allows('strict-schema') && STRICT_REFUSAL.test(refusal.message)
          ? 'strict-schema'
          : 'response_format',
      );
    return found;
  }

  /** Stops sending `inputs` for the rest of the run. */
  drop(inputs: readonly DroppableInput[], quoted: string): void {
    for (const input of inputs) {
      if (this.dropped.has(input)) continue;
      this.dropped.set(input, quoted);
      this.log(dropNote(input, quoted));
      this.onDrop(input, quoted);
    }
  }
}

/** The run's one log line about an input it stops sending. */
function dropNote(input: DroppableInput, quoted: string): string {
  switch (input) {
    case 'image-input':
      return `The LLM endpoint refused image input (${quoted}); requests of this run are sent without images.`;
    case 'strict-schema':
      return `The LLM endpoint refused the output schema in strict mode (${quoted}); it is sent non-strict, and the answer is still validated.`;
    case 'response_format':
      return `The LLM endpoint refused the output schema as a response format (${quoted}); the model gives its final answer through the \`final_answer\` tool instead.`;
    default:
      return `The LLM endpoint refused \`${input}\` (${quoted}); requests of this run are sent without it.`;
  }
}
