import { setTimeout as delay } from 'node:timers/promises';

import { z } from 'zod';

import { PlatformError } from '../errors.js';
import { loadMedia, readJson, unexpectedAnswer } from '../http.js';
import type { PlatformSettings, PublishMedia } from '../types.js';
import { type LinkedInCaller, READ } from './call.js';

/** Images API: LinkedIn takes images up to 36 megapixels; FitPost's graphics are far smaller. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Image status checks after an upload: every second, up to 20 times, unless the settings say otherwise. */
const IMAGE_POLL_MS = 1000;
const IMAGE_POLL_LIMIT = 20;

const uploadSchema = z.object({ value: z.object({ uploadUrl: z.url(), image: z.string().min(1) }) });
const imageSchema = z.object({
  status: z.enum(['WAITING_UPLOAD', 'PROCESSING', 'AVAILABLE', 'PROCESSING_FAILED']),
});

/** The Images API: a post's picture uploaded and processed before the post may use it. */
export function linkedInImages(settings: PlatformSettings, call: LinkedInCaller) {
  const { authUrl, apiUrl } = settings.linkedin;

  /** Images API: initializeUpload, then PUT the bytes to the upload URL; answers the image URN. */
  async function uploadImage(accessToken: string, owner: string, media: PublishMedia): Promise<string> {
    const bytes = await loadMedia('linkedin', media, {
      timeoutMs: settings.timeoutMs,
      maxBytes: MAX_IMAGE_BYTES,
    });
    const initialized = await call({
      method: 'POST',
      url: `${apiUrl}/rest/images?action=initializeUpload`,
      token: accessToken,
      versioned: true,
      json: { initializeUploadRequest: { owner } },
    });
    const { value } = readJson(READ, initialized, uploadSchema);
    // The upload URL gets the member's token, so it must be LinkedIn's (or, in tests, the configured host's).
    if (!isLinkedInUrl(value.uploadUrl, [apiUrl, authUrl])) {
      throw unexpectedAnswer(READ, initialized, `upload URL outside LinkedIn: ${value.uploadUrl}`);
    }
    await call({
      method: 'PUT',
      url: value.uploadUrl,
      token: accessToken,
      bytes: { data: bytes, type: media.mimeType },
    });
    await waitUntilAvailable(accessToken, value.image);
    return value.image;
  }

  /**
   * Images API, "Get an image": LinkedIn processes an upload before a post may use it, so its status is read
   * until AVAILABLE. PROCESSING_FAILED is the picture's fault (content); still processing after the last
   * check is `retry` (a later attempt uploads again).
   */
  async function waitUntilAvailable(accessToken: string, urn: string): Promise<void> {
    const pollMs = settings.linkedinImagePollMs ?? IMAGE_POLL_MS;
    const limit = settings.linkedinImagePollLimit ?? IMAGE_POLL_LIMIT;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      if (attempt > 0) await delay(pollMs);
      const answer = await call({
        method: 'GET',
        url: `${apiUrl}/rest/images/${encodeURIComponent(urn)}`,
        token: accessToken,
        versioned: true,
      });
      const { status } = readJson(READ, answer, imageSchema);
      if (status === 'AVAILABLE') return;
      if (status === 'PROCESSING_FAILED') {
        throw new PlatformError({
          network: 'linkedin',
          kind: 'content',
          code: status,
          detail: `image ${urn}`,
          message:
            'LinkedIn could not process the picture for this post (it may be damaged or in a format LinkedIn does not take). Try another graphic.',
        });
      }
    }
    throw new PlatformError({
      network: 'linkedin',
      kind: 'retry',
      code: 'PROCESSING',
      detail: `image ${urn}`,
      message: 'LinkedIn is still processing the picture; FitPost will try again shortly.',
    });
  }

  return { uploadImage };
}

function isLinkedInUrl(candidate: string, configured: readonly string[]): boolean {
  const url = new URL(candidate);
  if (configured.some((base) => new URL(base).origin === url.origin)) return true;
  return (
    url.protocol === 'https:' && (url.hostname === 'linkedin.com' || url.hostname.endsWith('.linkedin.com'))
  );
}
