/** Reads a Markdown issue file for `--issue-file`: the first `# ` heading is the title. */
import { readFile } from 'node:fs/promises';
import { CliError } from './cli-error.js';

export interface IssueText {
  title: string;
  body: string;
}

/** Splits Markdown into a title (first level-1 heading, else the first line) and the rest. */
export function parseIssueMarkdown(markdown: string, fallbackTitle: string): IssueText {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const index = lines.findIndex((line) => /^#\s+\S/.test(line));
  if (index >= 0) {
    const title = (lines[index] ?? '').replace(/^#\s+/, '').trim();
    const body = [...lines.slice(0, index), ...lines.slice(index + 1)].join('\n').trim();
    return { title, body };
  }
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0) return { title: fallbackTitle, body: '' };
  return {
    title: (lines[first] ?? '').trim(),
    body: lines
      .slice(first + 1)
      .join('\n')
      .trim(),
  };
}

/** Reads and parses the file; a missing or empty file is a {@link CliError}. */
export async function readIssueFile(file: string): Promise<IssueText> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(
      `cannot read --issue-file ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}): check the path`,
    );
  }
  if (text.trim() === '') throw new CliError(`--issue-file ${file} is empty: write the task into it`);
  return parseIssueMarkdown(text, 'Local task');
}
