/**
 * Provider fields of the assistant message, gathered from a turn's deltas so the next request can
 * send them back exactly: DeepSeek's `reasoning_content` (its thinking mode refuses a history of
 * tool calls without it) and OpenRouter's `reasoning_details` (Gemini and others behind it refuse
 * tool calls without their signed reasoning). Text pieces are joined; everything else is kept as
 * received.
 */

type Detail = Record<string, unknown>;

/** Collects the fields over one turn. */
export class TurnFields {
  private reasoningContent = '';
  private readonly details: Detail[] = [];

  /** Reads one `choices[0].delta`. */
  add(delta: Record<string, unknown>): void {
    const reasoning = delta['reasoning_content'];
    if (typeof reasoning === 'string') this.reasoningContent += reasoning;
    const details = delta['reasoning_details'];
    if (Array.isArray(details)) for (const detail of details) this.addDetail(detail);
  }

  /** The fields for the assistant message, or undefined when the provider sent none. */
  assistantFields(): Record<string, unknown> | undefined {
    const fields: Record<string, unknown> = {};
    if (this.reasoningContent) fields['reasoning_content'] = this.reasoningContent;
    if (this.details.length > 0) fields['reasoning_details'] = this.details;
    return Object.keys(fields).length > 0 ? fields : undefined;
  }

  // Streamed details repeat their `index` with more text; a new index (or none) is a new block.
  private addDetail(detail: unknown): void {
    if (!detail || typeof detail !== 'object') return;
    const piece = detail as Detail;
    const last = this.details.at(-1);
    if (
      last &&
      piece['index'] !== undefined &&
      last['index'] === piece['index'] &&
      last['type'] === piece['type']
    ) {
      for (const [key, value] of Object.entries(piece)) {
        const before = last[key];
        last[key] =
          (key === 'text' || key === 'summary') && typeof before === 'string' && typeof value === 'string'
            ? before + value
            : (before ?? value);
      }
      return;
    }
    this.details.push({ ...piece });
  }
}
