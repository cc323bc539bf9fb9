/** A tool call as the model streamed it: the one shape both wires assemble and the loop dispatches. */

/** A call as the model made it: arguments are the raw JSON string from the stream. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
  /**
   * Provider-specific fields that came with the call (Gemini's `extra_content` thought
   * signature, say). Opaque: kept exactly as received and sent back on the call in the history,
   * because some providers refuse the next request without them.
   */
  providerFields?: Record<string, unknown>;
}
