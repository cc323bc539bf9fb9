/** Reads the webhook payload the runner wrote to `GITHUB_EVENT_PATH`. */
import { readFile } from 'node:fs/promises';

export async function readEventPayload(eventPath: string | undefined): Promise<unknown> {
  if (!eventPath) return {};
  try {
    return JSON.parse(await readFile(eventPath, 'utf8')) as unknown;
  } catch (error) {
    throw new Error(
      `Cannot read the event payload at GITHUB_EVENT_PATH=${eventPath}: ${(error as Error).message}`,
    );
  }
}
