/** Image handling the networks share: recognising formats and fetching images by URL, as Graph does. */

const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Recognises an image format by its first bytes, not by what the sender claims it is. */
export function sniffImageType(
  bytes: Uint8Array,
): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | undefined {
  const head = Buffer.from(bytes.subarray(0, 12));
  if (head.subarray(0, 3).equals(JPEG)) return 'image/jpeg';
  if (head.subarray(0, 8).equals(PNG)) return 'image/png';
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}

/**
 * Whether an image's bytes run to the format's end marker: JPEG's EOI, PNG's IEND chunk, GIF's trailer, a
 * RIFF size that covers the WebP file. A cut-off upload passes a magic-number check and fails here, as it
 * would when a network decodes it.
 */
export function isCompleteImage(bytes: Uint8Array): boolean {
  const data = Buffer.from(bytes);
  switch (sniffImageType(data)) {
    case 'image/jpeg':
      return data.length >= 4 && data[data.length - 2] === 0xff && data[data.length - 1] === 0xd9;
    case 'image/png':
      return (
        data.length >= 20 && data.subarray(data.length - 8, data.length - 4).toString('latin1') === 'IEND'
      );
    case 'image/gif':
      return data[data.length - 1] === 0x3b;
    case 'image/webp':
      return data.length >= 12 && data.readUInt32LE(4) + 8 === data.length;
    case undefined:
      return false;
  }
}

export type FetchImageResult =
  | { ok: true; bytes: Buffer; type: NonNullable<ReturnType<typeof sniffImageType>> }
  | {
      ok: false;
      reason: 'bad_url' | 'timeout' | 'unreachable' | 'http_status' | 'too_large' | 'not_an_image';
    };

export interface FetchImageOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Aborts the fetch when the sandbox closes. */
  signal: AbortSignal;
}

/**
 * Downloads an image the way Meta's servers cURL `image_url`/`url`: http(s) only, a time limit, a size limit,
 * and the bytes themselves must be an image whatever the Content-Type says.
 */
export async function fetchImage(rawUrl: string, options: FetchImageOptions): Promise<FetchImageResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, reason: 'bad_url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'bad_url' };
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([timeout, options.signal]);
  try {
    const response = await fetch(url, { signal, redirect: 'follow' });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { ok: false, reason: 'http_status' };
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      // fetch's body is typed ReadableStream<any>; its chunks are Uint8Arrays.
      const chunk: unknown = read.value;
      if (!(chunk instanceof Uint8Array)) return { ok: false, reason: 'unreachable' };
      size += chunk.byteLength;
      if (size > options.maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too_large' };
      }
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    const type = sniffImageType(bytes);
    return type ? { ok: true, bytes, type } : { ok: false, reason: 'not_an_image' };
  } catch {
    return { ok: false, reason: timeout.aborted ? 'timeout' : 'unreachable' };
  }
}
