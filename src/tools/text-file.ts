/**
 * Small text helpers shared by the file tools: binary detection (a NUL byte in the first 8 KiB,
 * which text never has and nearly every binary format does early), cutting over-long lines, and counting lines the way editors do.
 */
import { BINARY_SNIFF_BYTES } from '../limits.js';

/** True when the first 8 KiB contain a NUL byte. */
export function looksBinary(content: Uint8Array): boolean {
  return content.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/** Cuts a line to `max` characters, saying how long it was. */
export function cutLine(line: string, max: number): string {
  return line.length <= max ? line : `${line.slice(0, max)}… [line cut, ${line.length} chars]`;
}

/** Splits text into lines; a final newline does not start an extra empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** Error code of a failed fs call, or undefined. */
export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
