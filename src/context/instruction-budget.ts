/**
 * The one byte budget every instruction file of a run shares, root files first and folder files
 * as the agent reaches them. A file that does not fit whole is cut at a line end and says so in
 * its own text, so the model knows it holds only the start; once the budget is gone, later files
 * are skipped and listed with that reason. Bytes, not characters: the budget is what the
 * maintainers see in their files' sizes.
 */

/** What the budget let through of one file. */
export type BudgetTake =
  | { kind: 'whole'; text: string; bytes: number }
  | { kind: 'cut'; text: string; bytes: number; droppedBytes: number }
  | { kind: 'none' };

/** Room left in the run's instruction budget. */
export class InstructionBudget {
  #left: number;

  constructor(readonly totalBytes: number) {
    this.#left = totalBytes;
  }

  /** Bytes still free. */
  get left(): number {
    return this.#left;
  }

  /** Takes `text`, whole or cut at a line end to fit; `none` when no useful part fits. */
  take(text: string): BudgetTake {
    const bytes = Buffer.byteLength(text);
    if (bytes <= this.#left) {
      this.#left -= bytes;
      return { kind: 'whole', text, bytes };
    }
    const cut = cutAtLine(text, this.#left);
    if (cut === '') return { kind: 'none' };
    const kept = Buffer.byteLength(cut);
    this.#left -= kept;
    return { kind: 'cut', text: cut, bytes: kept, droppedBytes: bytes - kept };
  }
}

/** The longest start of `text` within `maxBytes` that ends at a line end (or a character, if no line fits). */
function cutAtLine(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  let end = Buffer.from(text).subarray(0, maxBytes).toString('utf8');
  // A multi-byte character cut in half decodes as U+FFFD; drop it.
  if (end.endsWith('\uFFFD') && !text.startsWith(end)) end = end.slice(0, -1);
  const lineEnd = end.lastIndexOf('\n');
  return lineEnd > 0 ? end.slice(0, lineEnd + 1) : end;
}
