/**
 * Keeps the head and the tail of a command's interleaved output in bounded memory, whatever
 * the command prints (seed §7.3.2): the first `headLines` lines, the last `tailLines` lines,
 * a `[... N lines dropped ...]` marker between them, and a character cap on the result.
 * Chunks stay raw bytes until `render`, so a flood costs a newline count per chunk and no
 * string building.
 */

export interface RollingOutputLimits {
  headLines: number;
  tailLines: number;
  /** Cap on the whole rendered output, in characters; the head gets at most a quarter. */
  maxChars: number;
  /** Longer lines are cut. */
  maxLineChars: number;
}

export const defaultOutputLimits: RollingOutputLimits = {
  headLines: 200,
  tailLines: 800,
  maxChars: 40_000,
  maxLineChars: 2_000,
};

const newline = 0x0a;

export class RollingOutput {
  private head: Buffer[] = [];
  private headBytes = 0;
  private headNewlines = 0;
  private headDone = false;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private tailCut = false;
  private newlines = 0;
  private lastByte = -1;

  constructor(private readonly limits: RollingOutputLimits = defaultOutputLimits) {}

  /** Adds a chunk of raw output. */
  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    const count = countNewlines(buf);
    this.newlines += count;
    this.lastByte = buf[buf.length - 1]!;
    if (this.headDone) {
      this.pushTail(buf);
      return;
    }
    this.head.push(buf);
    this.headBytes += buf.length;
    this.headNewlines += count;
    const headCap = Math.floor(this.limits.maxChars / 4);
    if (this.headNewlines < this.limits.headLines && this.headBytes <= headCap) return;
    const all = Buffer.concat(this.head);
    const end = nthNewline(all, this.limits.headLines);
    const cut = Math.min(end === -1 ? all.length : end + 1, headCap);
    this.head = [all.subarray(0, cut)];
    this.headDone = true;
    if (cut < all.length) this.pushTail(all.subarray(cut));
  }

  private pushTail(buf: Buffer): void {
    this.tail.push(buf);
    this.tailBytes += buf.length;
    // Enough bytes for maxChars characters of any width, and never much more.
    const keep = this.limits.maxChars * 4;
    while (this.tail.length > 1 && this.tailBytes - this.tail[0]!.length >= keep) {
      this.tailBytes -= this.tail.shift()!.length;
      this.tailCut = true;
    }
  }

  /** The rendered output and the number of lines left out of it. */
  render(): { output: string; droppedLines: number } {
    const totalLines = this.newlines + (this.lastByte !== -1 && this.lastByte !== newline ? 1 : 0);
    const headLines = splitLines(Buffer.concat(this.head).toString('utf8'));
    let tailLines = splitLines(Buffer.concat(this.tail).toString('utf8'));
    if (this.tailCut && tailLines.length > 1) tailLines = tailLines.slice(1); // first line is partial
    tailLines = tailLines.slice(-this.limits.tailLines);
    const head = headLines.map((l) => this.cutLine(l));
    const budget = this.limits.maxChars - head.reduce((n, l) => n + l.length + 1, 0);
    const kept: string[] = [];
    let used = 0;
    for (let i = tailLines.length - 1; i >= 0; i--) {
      const line = this.cutLine(tailLines[i]!);
      if (used + line.length + 1 > budget) break;
      kept.push(line);
      used += line.length + 1;
    }
    kept.reverse();
    const droppedLines = Math.max(0, totalLines - headLines.length - kept.length);
    if (droppedLines > 0) head.push(`[... ${droppedLines} lines dropped ...]`);
    return { output: [...head, ...kept].join('\n'), droppedLines };
  }

  private cutLine(line: string): string {
    const max = this.limits.maxLineChars;
    return line.length <= max ? line : `${line.slice(0, max)} … [${line.length - max} characters cut]`;
  }
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function countNewlines(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(newline); i !== -1; i = buf.indexOf(newline, i + 1)) n++;
  return n;
}

function nthNewline(buf: Buffer, n: number): number {
  let i = -1;
  for (let k = 0; k < n; k++) {
    i = buf.indexOf(newline, i + 1);
    if (i === -1) return -1;
  }
  return i;
}
