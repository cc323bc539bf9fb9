/**
 * One image downloaded by the action itself (outside the sandbox, so no agent-run command ever
 * sees the token or the signed address): every redirect re-checked against the image hosts,
 * the size capped before and while reading, and the bytes checked to be an image. A failure says
 * why in words fit for the job summary, never with the address (a signed URL is a credential
 * while it lasts).
 */
import { imageHostVerdict } from './image-hosts.js';
import { type ImageMediaType, sniffImageType } from './image-type.js';

export interface ImageDownloadOptions {
  fetch: typeof fetch;
  /** `GITHUB_SERVER_URL`: decides the allowed hosts and where the token may go. */
  serverUrl: string;
  token: string;
  maxBytes: number;
  maxRedirects: number;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/** The image, or why it was not taken. */
export type DownloadedImage =
  | { kind: 'image'; mediaType: ImageMediaType; data: Uint8Array }
  | { kind: 'refused'; why: string };

/** Downloads `url` within the options' bounds. */
export async function downloadImage(url: string, options: ImageDownloadOptions): Promise<DownloadedImage> {
  const signal = AbortSignal.any([
    AbortSignal.timeout(options.timeoutMs),
    ...(options.signal ? [options.signal] : []),
  ]);
  let next = url;
  for (let hop = 0; hop <= options.maxRedirects; hop++) {
    const verdict = imageHostVerdict(next, options.serverUrl);
    if (verdict.kind === 'refused')
      return {
        kind: 'refused',
        why: hop === 0 ? verdict.why : `it redirects to an address that is ${verdict.why}`,
      };
    let response: Response;
    try {
      response = await options.fetch(next, {
        redirect: 'manual',
        signal,
        headers: {
          accept: 'image/png, image/jpeg, image/gif, image/webp',
          ...(verdict.sendToken && options.token ? { authorization: `token ${options.token}` } : {}),
        },
      });
    } catch (error) {
      return { kind: 'refused', why: `it could not be downloaded (${failureText(error, signal)})` };
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      next = new URL(location, next).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'refused', why: `the server answered HTTP ${response.status}` };
    }
    return readImage(response, options.maxBytes, signal);
  }
  return { kind: 'refused', why: `more than ${options.maxRedirects} redirects` };
}

async function readImage(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<DownloadedImage> {
  const tooLarge = (bytes: string): DownloadedImage => ({
    kind: 'refused',
    why: `${bytes} is over the ${mb(maxBytes)} limit for one image (it is not resized; attach a smaller or cropped one)`,
  });
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return tooLarge(mb(declared));
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        await response.body?.cancel().catch(() => {});
        return tooLarge('it');
      }
      chunks.push(chunk);
    }
  } catch (error) {
    return { kind: 'refused', why: `the download broke off (${failureText(error, signal)})` };
  }
  const data = Buffer.concat(chunks);
  const mediaType = sniffImageType(data);
  if (!mediaType) {
    const claimed = response.headers.get('content-type')?.split(';')[0]?.trim();
    return {
      kind: 'refused',
      why: `its bytes are not a PNG, JPEG, GIF or WebP image${claimed ? ` (served as ${claimed})` : ''}`,
    };
  }
  return { kind: 'image', mediaType, data };
}

/** A failure in words, without any address in it. */
function failureText(error: unknown, signal: AbortSignal): string {
  if (signal.aborted)
    return signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError'
      ? 'timed out'
      : 'cancelled';
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const text =
    typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : String(error);
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, 'the address').slice(0, 120);
}

function mb(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MB`;
}
