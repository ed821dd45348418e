import { createHash } from 'node:crypto';
import { mediaLimits, type StoredImageType } from '@fitpost/contract';
import pLimit from 'p-limit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { imageOutOfBounds, imageUnreadable, UnsupportedImageError } from './errors.js';

/** The source formats we decode. HEIC is not among them: sharp's prebuilt libvips has no HEVC decoder. */
type SourceFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** A re-encoded image, ready to store. */
export interface ProcessedImage {
  data: Buffer;
  mimeType: StoredImageType;
  width: number;
  height: number;
  sha256: string;
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.subarray(from, to)).toString('latin1');
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

/** AVIF is an ISO-BMFF file whose `ftyp` box names `avif` (still) or `avis` (sequence) among its brands. */
function isAvif(bytes: Uint8Array) {
  if (ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0);
  const end = Math.min(boxSize, bytes.length, 64);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/**
 * The format the file's own bytes announce, or null. Checked before sharp sees the file, so only
 * the decoders of formats we accept ever parse untrusted input — never SVG, PDF or TIFF, whose
 * loaders sharp would otherwise pick for a file that merely looks like one (an HTML page reaches
 * the SVG loader).
 */
export function sniffImageFormat(bytes: Uint8Array): SourceFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const gif = ascii(bytes, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}

/** Does sharp's reading of the header agree with the magic number? */
function decoderAgrees(format: SourceFormat, meta: Metadata) {
  if (format === 'avif') return meta.format === 'heif' && meta.compression === 'av1';
  return meta.format === format;
}

/** Safe options for untrusted input: fail on any damage and never decode past the pixel limit. */
const untrusted = { failOn: 'warning', limitInputPixels: mediaLimits.maxInputPixels } as const;

async function readHeader(bytes: Buffer, format: SourceFormat) {
  let meta: Metadata;
  try {
    // The header alone: no pixels are decoded, so this is safe before the dimension check.
    meta = await sharp(bytes, { failOn: 'warning', limitInputPixels: false }).metadata();
  } catch {
    throw imageUnreadable();
  }
  if (!decoderAgrees(format, meta)) throw new UnsupportedImageError();
  return meta;
}

function checkDimensions({ width, height }: { width: number; height: number }) {
  const { minDimensionPx: min, maxDimensionPx: max, maxInputPixels } = mediaLimits;
  const inBounds = width >= min && height >= min && width <= max && height <= max;
  if (!inBounds || width * height > maxInputPixels) throw imageOutOfBounds(width, height);
}

/** Transparency that is actually used: many PNGs carry an alpha channel that is opaque everywhere. */
async function usesTransparency(meta: Metadata, pipeline: Sharp) {
  if (!meta.hasAlpha) return false;
  const { isOpaque } = await pipeline.clone().stats();
  return !isOpaque;
}

/**
 * Validates an upload by its content and re-encodes it: oriented upright from EXIF, converted to
 * sRGB, every piece of metadata dropped (EXIF with GPS, XMP, IPTC, ICC profiles, PNG text), scaled
 * to fit the stored size, then JPEG — or PNG when it has transparency. Animated GIF and WebP keep
 * their first frame. Throws 415 (not an accepted image), 400 (dimensions, damaged file).
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new UnsupportedImageError();
  const meta = await readHeader(bytes, format);
  checkDimensions(meta.autoOrient);

  const side = mediaLimits.storedLongSidePx;
  const pipeline = sharp(bytes, { ...untrusted, autoOrient: true })
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb');
  try {
    const transparent = await usesTransparency(meta, pipeline);
    const encoded = transparent
      ? pipeline.png()
      : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      data,
      mimeType: transparent ? 'image/png' : 'image/jpeg',
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  } catch {
    // The header was fine but the pixels were not: truncated or corrupt data.
    throw imageUnreadable();
  }
}

/**
 * A stored image as a JPEG, for networks that take nothing else (Instagram's content publishing):
 * transparency flattened onto white, as uploads without transparency already are.
 */
export async function flattenToJpeg(stored: Buffer): Promise<Buffer> {
  return sharp(stored, { limitInputPixels: mediaLimits.maxInputPixels })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/** Uploads being decoded and waiting to be, in one process. */
interface ImagePoolLoad {
  active: number;
  waiting: number;
}

/** Decodes uploads at most `concurrency` at a time; see `createImagePool`. */
export interface ImagePool {
  process(bytes: Buffer): Promise<ProcessedImage>;
  load(): ImagePoolLoad;
}

/**
 * A bounded pool for `processImage`. sharp runs each image on one of libuv's worker threads (four
 * unless UV_THREADPOOL_SIZE says otherwise), the same threads DNS lookups, file reads and zlib use,
 * and each decode holds its pixels in memory (an 8,000 × 8,000 PNG costs seconds of CPU and
 * hundreds of MB). Unbounded, a handful of parallel uploads took every thread and most of the
 * memory, so publishing, which resolves the networks' names, stalled behind them. The rest queue.
 */
export function createImagePool(
  concurrency: number,
  decode: (bytes: Buffer) => Promise<ProcessedImage> = processImage,
): ImagePool {
  const limit = pLimit(concurrency);
  return {
    process: (bytes) => limit(() => decode(bytes)),
    load: () => ({ active: limit.activeCount, waiting: limit.pendingCount }),
  };
}
