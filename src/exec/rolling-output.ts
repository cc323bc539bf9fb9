/**
 * Keeps the head and the tail of a command's interleaved output in bounded memory, whatever
 * the command prints: the first `headLines` lines, the last `tailLines` lines,
 * a `[... N lines dropped ...]` marker between them, and a character cap on the result.
 * Chunks stay raw bytes until `render`, so a flood costs a newline count per chunk and no
 * string building; the tail is one fixed ring buffer and every kept byte is copied, so memory
 * is the same for 1 MB and 1 GB of output and callers may reuse the buffer they push.
 */
import { COMMAND_OUTPUT_LIMITS } from '../limits.js';

export interface RollingOutputLimits {
  headLines: number;
  tailLines: number;
  /** Cap on the whole rendered output, in characters; the head gets at most a quarter. */
  maxChars: number;
  /** Longer lines are cut. */
  maxLineChars: number;
}

/** What a command's output keeps unless the caller says otherwise. */
export const defaultOutputLimits: RollingOutputLimits = COMMAND_OUTPUT_LIMITS;

const newline = 0x0a;

export class RollingOutput {
  private head: Buffer[] = [];
  private headBytes = 0;
  private headNewlines = 0;
  private headDone = false;
  /** The last `ring.length` bytes after the head, written round and round from `ringPos`. */
  private ring: Buffer | undefined;
  private ringPos = 0;
  private tailBytes = 0;
  private newlines = 0;
  private lastByte = -1;

  constructor(private readonly limits: RollingOutputLimits = defaultOutputLimits) {}

  /** Adds a chunk of raw output; the chunk is not kept, so the caller may reuse it. */
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
    const headCap = Math.floor(this.limits.maxChars / 4);
    this.head.push(Buffer.from(buf.subarray(0, headCap + 1)));
    this.headBytes += buf.length;
    this.headNewlines += count;
    if (this.headNewlines < this.limits.headLines && this.headBytes <= headCap) return;
    const all = Buffer.concat(this.head);
    const end = nthNewline(all, this.limits.headLines);
    const cut = Math.min(end === -1 ? all.length : end + 1, headCap);
    this.head = [all.subarray(0, cut)];
    this.headDone = true;
    // What the head did not take: the rest of the earlier chunks, then of this one.
    const headStart = this.headBytes - buf.length;
    if (cut < headStart) this.pushTail(all.subarray(cut, headStart));
    this.pushTail(buf.subarray(Math.max(0, cut - headStart)));
  }

  private pushTail(buf: Buffer): void {
    if (buf.length === 0) return;
    // Enough bytes for maxChars characters of any width, and never more.
    this.ring ??= Buffer.alloc(this.limits.maxChars * 4);
    const ring = this.ring;
    this.tailBytes += buf.length;
    const src = buf.length > ring.length ? buf.subarray(buf.length - ring.length) : buf;
    const first = Math.min(src.length, ring.length - this.ringPos);
    src.copy(ring, this.ringPos, 0, first);
    src.copy(ring, 0, first);
    this.ringPos = (this.ringPos + src.length) % ring.length;
  }

  private tailBuffer(): Buffer {
    if (!this.ring) return Buffer.alloc(0);
    if (this.tailBytes <= this.ring.length) return this.ring.subarray(0, this.tailBytes);
    return Buffer.concat([this.ring.subarray(this.ringPos), this.ring.subarray(0, this.ringPos)]);
  }

  /** The rendered output and the number of lines left out of it. */
  render(): { output: string; droppedLines: number } {
    const totalLines = this.newlines + (this.lastByte !== -1 && this.lastByte !== newline ? 1 : 0);
    const headLines = splitLines(Buffer.concat(this.head).toString('utf8'));
    let tailLines = splitLines(this.tailBuffer().toString('utf8'));
    if (this.ring && this.tailBytes > this.ring.length && tailLines.length > 1)
      tailLines = tailLines.slice(1); // first line is partial
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
