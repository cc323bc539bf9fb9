/**
 * The images of the issue and the comment that started a run: the issue body and the triggering
 * comment for issue runs, the comment itself for pull-request and review comments. Each text's
 * rendered HTML is asked of the API (the webhook payload has only Markdown, whose attachment links
 * refuse tokens; the HTML carries signed, short-lived image URLs), its `<img>`s are downloaded by
 * the action within the count and size limits, and every image found is reported as attached or
 * skipped with the reason. The signed URLs stay inside this module.
 */

import { apiStatus } from '../github/api-error.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import type { Trigger } from '../triggers/trigger.js';
import type { ImageEntry, ImageReport } from './context-report.js';
import { imagesInHtml } from './html-images.js';
import { downloadImage, type ImageDownloadOptions } from './image-download.js';
import { imageHostVerdict } from './image-hosts.js';

/** An image the action downloaded and checked. */
export interface PromptImage {
  /** Where it was, e.g. `image 1 of the issue #12 body`. */
  label: string;
  /** Its alt text as written (untrusted). */
  alt?: string | undefined;
  /** `image/png`, `image/jpeg`, `image/gif` or `image/webp`, from its bytes. */
  mediaType: string;
  data: Uint8Array;
}

/** A text whose images the run looks at. */
export interface ImageSource {
  /** `the issue #12 body`, `comment 345`. */
  label: string;
  /** Its Markdown as the event carried it, to skip the API when it shows no image. */
  markdown: string;
  get:
    | { kind: 'issue'; number: number }
    | { kind: 'issue-comment'; id: number }
    | { kind: 'review-comment'; id: number };
}

/** The texts of `trigger` that may hold the requester's images. */
export function imageSources(trigger: Trigger): ImageSource[] {
  switch (trigger.kind) {
    case 'issue':
      return [issueBody(trigger.issueNumber, trigger.body)];
    case 'issue-comment':
      return [
        issueBody(trigger.issueNumber, trigger.body),
        {
          label: `comment ${trigger.commentId}`,
          markdown: trigger.instruction,
          get: { kind: 'issue-comment', id: trigger.commentId },
        },
      ];
    case 'pr-comment':
      return [
        {
          label: `comment ${trigger.commentId}`,
          markdown: trigger.instruction,
          get: { kind: 'issue-comment', id: trigger.commentId },
        },
      ];
    case 'review-comment':
      return [
        {
          label: `review comment ${trigger.commentId}`,
          markdown: trigger.instruction,
          get: { kind: 'review-comment', id: trigger.commentId },
        },
      ];
    default:
      return [];
  }
}

export interface CollectImagesOptions extends Omit<ImageDownloadOptions, 'maxBytes'> {
  setting: 'auto' | 'off';
  maxCount: number;
  maxBytes: number;
}

/** The images to send and the report of every image found. */
export async function collectImages(
  octokit: Pick<GitHubClient, 'request'>,
  repo: RepoRef,
  sources: readonly ImageSource[],
  options: CollectImagesOptions,
): Promise<{ images: PromptImage[]; report: ImageReport }> {
  const report: ImageReport = { setting: options.setting, entries: [] };
  const images: PromptImage[] = [];
  if (options.setting === 'off') return { images, report };
  const problems: string[] = [];
  for (const source of sources) {
    if (!mayHoldImages(source.markdown)) continue;
    let html: string | undefined;
    try {
      html = await renderedBody(octokit, repo, source.get);
    } catch (error) {
      problems.push(`${source.label} could not be read as HTML (HTTP ${apiStatus(error) ?? 'error'})`);
      continue;
    }
    for (const [i, found] of imagesInHtml(html ?? '').entries()) {
      const label = `image ${i + 1} of ${source.label}`;
      const host = hostOf(found.src);
      const skip = (reason: string) => report.entries.push({ label, host, status: 'skipped', reason });
      const verdict = imageHostVerdict(found.src, options.serverUrl);
      if (verdict.kind === 'refused') {
        skip(verdict.why);
        continue;
      }
      if (images.length >= options.maxCount) {
        skip(`over the limit of ${options.maxCount} images a run`);
        continue;
      }
      const got = await downloadImage(found.src, options);
      if (got.kind === 'refused') {
        skip(got.why);
        continue;
      }
      images.push({ label, alt: found.alt, mediaType: got.mediaType, data: got.data });
      const entry: ImageEntry = {
        label,
        host,
        status: 'attached',
        mediaType: got.mediaType,
        bytes: got.data.byteLength,
      };
      report.entries.push(entry);
    }
  }
  if (problems.length > 0) report.problem = problems.join('; ');
  return { images, report };
}

function issueBody(number: number, markdown: string): ImageSource {
  return { label: `the issue #${number} body`, markdown, get: { kind: 'issue', number } };
}

/** Markdown images, HTML images and pasted attachments all leave one of these in the text. */
function mayHoldImages(markdown: string): boolean {
  return /!\[|<img\b|user-attachments|githubusercontent|\/storage\/user\//i.test(markdown);
}

const FULL = { accept: 'application/vnd.github.full+json' };

async function renderedBody(
  octokit: Pick<GitHubClient, 'request'>,
  repo: RepoRef,
  get: ImageSource['get'],
): Promise<string | undefined> {
  switch (get.kind) {
    case 'issue': {
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', {
        ...repo,
        issue_number: get.number,
        headers: FULL,
      });
      return data.body_html ?? undefined;
    }
    case 'issue-comment': {
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        ...repo,
        comment_id: get.id,
        headers: FULL,
      });
      return data.body_html ?? undefined;
    }
    case 'review-comment': {
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/comments/{comment_id}', {
        ...repo,
        comment_id: get.id,
        headers: FULL,
      });
      return data.body_html ?? undefined;
    }
  }
}

function hostOf(src: string): string {
  try {
    return new URL(src).host || 'unknown host';
  } catch {
    return 'unknown host';
  }
}
