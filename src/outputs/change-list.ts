/**
 * The files a change touched with the lines added and removed, read from the final diff, so the
 * pull request says what the code now is even when the summary was written before a fix round.
 * Pure.
 */
import type { FileChange } from '../git/change-patch.js';
import { CHANGE_LIST_SHOWN } from '../limits.js';
import { inlineCode } from './quoted-text.js';

/** `**Files changed** (2): a list of \`path\` +3 −1`, or undefined for no files. */
export function renderChangeList(files: readonly FileChange[]): string | undefined {
  if (files.length === 0) return undefined;
  const rows = files.slice(0, CHANGE_LIST_SHOWN).map((f) => {
    const counts = f.binary ? 'binary' : `+${f.added} −${f.removed}`;
    return `- ${inlineCode(f.path, 100)} ${counts}`;
  });
  if (files.length > CHANGE_LIST_SHOWN) rows.push(`- … ${files.length - CHANGE_LIST_SHOWN} more files`);
  const added = files.reduce((n, f) => n + f.added, 0);
  const removed = files.reduce((n, f) => n + f.removed, 0);
  const noun = files.length === 1 ? 'file' : 'files';
  return [`**Files changed:** ${files.length} ${noun}, +${added} −${removed}`, '', ...rows].join('\n');
}
