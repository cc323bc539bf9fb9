/**
 * What an image is, by its first bytes rather than its name or the server's `content-type`: the
 * four formats every provider with image input takes. Anything else (SVG, HTML, a renamed text
 * file) is not an image to send.
 */

/** The media types sent to the model. */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** The format `bytes` start with, or undefined when it is none of the four. */
export function sniffImageType(bytes: Uint8Array): ImageMediaType | undefined {
  const starts = (signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
  const ascii = (text: string, at = 0) =>
    starts(
      [...text].map((c) => c.charCodeAt(0)),
      at,
    );
  if (starts(PNG)) return 'image/png';
  if (starts(JPEG)) return 'image/jpeg';
  if (ascii('GIF87a') || ascii('GIF89a')) return 'image/gif';
  if (ascii('RIFF') && ascii('WEBP', 8)) return 'image/webp';
  return undefined;
}
