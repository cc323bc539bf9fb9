/**
 * Looking for processes a sandboxed command may have left behind, for the tests that prove
 * nothing survives a kill, a timeout or the sandbox's disposal.
 */
import { readdir, readFile } from 'node:fs/promises';

/** PIDs of `sleep` processes whose command line contains `marker` (a unique argument the test gave). */
export async function processesWith(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.startsWith('sleep\0') && cmdline.includes(marker)) found.push(Number(entry));
  }
  return found;
}

/** Polls `check` every 50 ms until it holds or `timeoutMs` has passed; the last answer counts. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}
