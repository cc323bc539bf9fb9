/** What a spawned process printed, and how it ended. */
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface ChildOutput {
  /** -1 when a signal ended it. */
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Collects stdout and stderr from now until the child closes; call it right after `spawn`. */
export async function childOutput(
  child: ChildProcessByStdio<null, Readable, Readable>,
): Promise<ChildOutput> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exitCode = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  return { exitCode, stdout, stderr };
}
