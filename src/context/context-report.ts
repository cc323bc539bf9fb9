/**
 * What a run was given of the context its repository and its issue already hold: which
 * instruction files were loaded, truncated or skipped (and why), and which images were attached
 * or skipped. The job summary, the transcript header and the footer all read these records, so
 * they never disagree; nothing in them is a URL (signed image URLs never leave the downloader).
 */

/** How far an instruction file reached the model. */
export type InstructionStatus = 'loaded' | 'truncated' | 'skipped';

/** One instruction file that exists on the trusted branch (or was asked for by an import). */
export interface InstructionFileEntry {
  /** Repository-relative path. */
  path: string;
  /** When it applies: `always`, `files under packages/api/`, `imported by CLAUDE.md` … */
  scope: string;
  status: InstructionStatus;
  /** Size on the trusted branch (0 when it is not there). */
  bytes: number;
  /** Bytes the model got (less than `bytes` when truncated, 0 when skipped). */
  loadedBytes: number;
  /** Why it was truncated or skipped, or when it was added during the run. */
  note?: string;
}

/** One image found in the issue or comment that started the run. */
export interface ImageEntry {
  /** Where it was, e.g. `image 2 of the issue #12 body`. */
  label: string;
  /** The host it was served from (never the URL: signed URLs are credentials for a while). */
  host: string;
  status: 'attached' | 'skipped';
  /** `image/png` … for an attached image. */
  mediaType?: string;
  bytes?: number;
  /** Why it was skipped. */
  reason?: string;
}

/** The images of a run, with what became of them. */
export interface ImageReport {
  /** `off` when the `images` input turned them off. */
  setting: 'auto' | 'off';
  entries: ImageEntry[];
  /** The endpoint's refusal of image input, quoted, once the run dropped them. */
  refused?: string;
  /** Why the images could not be looked for at all (the API refused the rendered body …). */
  problem?: string;
}

/** `4 instruction files · 2 images` for a footer, or undefined when there is neither. */
export function contextCounts(
  instructionFiles: readonly InstructionFileEntry[] | undefined,
  images: ImageReport | undefined,
): string | undefined {
  const loaded = (instructionFiles ?? []).filter((e) => e.status !== 'skipped').length;
  const attached = images?.refused
    ? 0
    : (images?.entries ?? []).filter((e) => e.status === 'attached').length;
  const parts = [
    loaded > 0 ? `${loaded} instruction ${loaded === 1 ? 'file' : 'files'}` : '',
    attached > 0 ? `${attached} ${attached === 1 ? 'image' : 'images'}` : '',
  ].filter((p) => p !== '');
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
