/**
 * The job summary's account of what the run was given: each instruction file found on the
 * trusted branch as loaded, truncated or skipped with the reason, and each image of the issue as
 * attached or skipped with the reason. A self-contained section, so the summary's layout can move
 * it without knowing its contents. Paths and reasons are the action's own words; no image address
 * appears (the report holds hosts only).
 */
import type { ImageReport, InstructionFileEntry } from '../context/context-report.js';

const STATUS: Record<InstructionFileEntry['status'], string> = {
  loaded: '✅ loaded',
  truncated: '✂ truncated',
  skipped: '⏭ skipped',
};

/** Markdown for the summary, or '' when the run found no instruction file and no image. */
export function renderContextSection(
  instructionFiles: readonly InstructionFileEntry[] | undefined,
  images: ImageReport | undefined,
): string {
  const parts: string[] = [];
  if (instructionFiles && instructionFiles.length > 0) parts.push(instructionTable(instructionFiles));
  const imageText = images ? imageLines(images) : '';
  if (imageText) parts.push(imageText);
  return parts.length > 0 ? `### Context given to the agent\n\n${parts.join('\n\n')}` : '';
}

function instructionTable(files: readonly InstructionFileEntry[]): string {
  const given = files.filter((f) => f.status !== 'skipped');
  const bytes = given.reduce((sum, f) => sum + f.loadedBytes, 0);
  const rows = files.map(
    (f) =>
      `| \`${cell(f.path)}\` | ${cell(f.scope)} | ${STATUS[f.status]} | ${f.status === 'skipped' ? f.bytes : `${f.loadedBytes} of ${f.bytes}`} | ${cell(f.note ?? '')} |`,
  );
  return [
    `**Instruction files:** ${given.length} of ${files.length} given (${bytes} bytes), read from the trusted branch.`,
    '',
    '| file | applies to | status | bytes | why |',
    '|---|---|---|---:|---|',
    ...rows,
  ].join('\n');
}

function imageLines(report: ImageReport): string {
  if (report.setting === 'off') return '**Images:** not sent (`images: off`).';
  const attached = report.entries.filter((e) => e.status === 'attached');
  const skipped = report.entries.filter((e) => e.status === 'skipped');
  if (report.entries.length === 0 && !report.problem) return '';
  const head = report.refused
    ? `**Images:** ${attached.length} sent with the first request, which the model endpoint refused for its image input (${cell(report.refused)}); the run went on without them. ${skipped.length} skipped.`
    : `**Images:** ${attached.length} attached, ${skipped.length} skipped.`;
  const lines = report.entries.map((e) =>
    e.status === 'attached'
      ? `- ✅ ${e.label}: ${e.mediaType ?? 'image'}, ${Math.max(1, Math.round((e.bytes ?? 0) / 1024))} KB from ${e.host}`
      : `- ⏭ ${e.label} (${e.host}): ${e.reason ?? 'skipped'}`,
  );
  return [head, ...(report.problem ? [`- ⚠ ${report.problem}`] : []), ...lines].join('\n');
}

/** Table-cell text: one line, no pipe that would end the cell. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}
