import { z } from 'zod';
import { text } from './common.js';
import { formatCount } from './constants.js';

const mebibyte = 1024 * 1024;

/**
 * Upload limits: the server enforces them, the web app uses them to warn before uploading.
 * Networks publish images well under these, so the limits protect the server, not the post.
 */
export const mediaLimits = {
  /** The largest file accepted, in bytes (10 MiB). */
  maxUploadBytes: 10 * mebibyte,
  /** Both sides of an upload must be at least this long … */
  minDimensionPx: 200,
  /** … and at most this long. */
  maxDimensionPx: 8000,
  /**
   * The decoder refuses anything with more pixels than this whatever its header claimed, so a
   * small file that decompresses into a huge bitmap (a "decompression bomb") is never expanded.
   */
  maxInputPixels: 8000 * 8000,
  /** Stored copies are scaled down to fit this on their long side; smaller images keep their size. */
  storedLongSidePx: 4096,
  maxAltTextLength: 1000,
} as const;

/** What the file picker may offer; the server decides by the file's content, never by its type or name. */
export const acceptedImageTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

/** What FitPost stores and serves: JPEG, or PNG when the image has transparency. */
export const storedImageTypes = ['image/jpeg', 'image/png'] as const;
const storedImageType = z.enum(storedImageTypes);
export type StoredImageType = z.infer<typeof storedImageType>;

/** The upload's form field names. */
export const mediaUploadFields = { file: 'file', altText: 'altText' } as const;

/** What the member reads when an upload is refused. */
export const mediaMessages = {
  notAnImage: 'That file is not an image FitPost can use (JPEG, PNG, WebP or GIF).',
  tooLarge: `The image is larger than ${mediaLimits.maxUploadBytes / mebibyte} MB.`,
  unreadable: 'The image could not be read.',
  noFile: `Choose an image to upload (a form field named "${mediaUploadFields.file}").`,
  oneFile: 'Upload one image at a time.',
  notMultipart: `Send the image as multipart/form-data, in a field named "${mediaUploadFields.file}".`,
  altTextTooLong: `Alt text can be at most ${formatCount(mediaLimits.maxAltTextLength)} characters.`,
  unexpectedFields: `Send one image in a field named "${mediaUploadFields.file}" and, optionally, its "${mediaUploadFields.altText}".`,
  uploadBroken: 'The upload did not arrive complete. Please try again.',
} as const;

/** The refusal for an image outside the dimension limits, naming its actual size. */
export function imageDimensionsMessage(width: number, height: number): string {
  const { minDimensionPx: min, maxDimensionPx: max } = mediaLimits;
  return (
    `The image is ${formatCount(width)} × ${formatCount(height)} pixels; images must be between ` +
    `${formatCount(min)} × ${formatCount(min)} and ${formatCount(max)} × ${formatCount(max)} pixels.`
  );
}

/** Alt text as the member typed it; blank means none. */
export const mediaAltText = text
  .trim()
  .max(mediaLimits.maxAltTextLength, mediaMessages.altTextTooLong)
  .transform((s) => (s === '' ? null : s));

/** One uploaded image as its owner sees it (never its bytes; those are at `url`). */
export const mediaRecord = z
  .object({
    id: z.uuid(),
    /** Public address the networks fetch the image from: `${FITPOST_PUBLIC_URL}/media/<id>.<ext>`. */
    url: z.url(),
    mimeType: storedImageType,
    width: z.number().int(),
    height: z.number().int(),
    /** Size of the stored (re-encoded) image in bytes. */
    bytes: z.number().int(),
    altText: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /**
     * The caller's own upload, whose alt text they may change; false for an image their portal
     * shares (a library item's graphic, a brand's logo, an Auto-Post's image), which they may read
     * and post but not change.
     */
    owned: z.boolean(),
  })
  .meta({ id: 'Media' });
export type MediaRecord = z.infer<typeof mediaRecord>;

export const mediaIdParams = z.object({ id: z.uuid() });

/** PATCH /api/media/:id: replace the alt text (null or blank clears it). */
export const mediaUpdateBody = z.object({ altText: mediaAltText.nullable() });

/** GET /media/:file — `<id>.<ext>`; anything else is simply not found. */
export const mediaFileParams = z.object({ file: text.max(100) });
