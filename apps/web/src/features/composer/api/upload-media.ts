import { errorBody, mediaRecord, mediaUploadFields, messages, type MediaRecord } from '@fitpost/contract';
import { ApiError, callErrorText } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { clearStoredUser, getStoredUser } from '@/lib/session';

export interface UploadOptions {
  altText?: string;
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * POST /api/media (multipart): uploads one image and answers where it is served. Sent with
 * XMLHttpRequest rather than the API client's fetch because only XHR reports upload progress; it
 * keeps the client's rules: the bearer token, the spec's error texts and a 401 signing out.
 */
export function uploadMedia(file: File, options: UploadOptions = {}): Promise<MediaRecord> {
  const { altText, onProgress, signal } = options;
  const form = new FormData();
  form.append(mediaUploadFields.file, file);
  if (altText?.trim()) form.append(mediaUploadFields.altText, altText.trim());
  const token = getStoredUser()?.token;

  return new Promise<MediaRecord>((resolve, reject) => {
    const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = mediaRecord.safeParse(json);
        if (parsed.success) {
          onProgress?.(100);
          resolve(parsed.data);
        } else {
          reject(
            new ApiError({
              status: xhr.status,
              code: 'invalid_response',
              text: messages['callError.unknown'],
            }),
          );
        }
        return;
      }
      if (xhr.status === 401 && token) {
        clearStoredUser();
        browser.reload();
      }
      const envelope = errorBody.safeParse(json);
      reject(
        new ApiError({
          status: xhr.status,
          code: envelope.success ? envelope.data.error.code : 'http_error',
          text: callErrorText(json, xhr.responseText),
        }),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: null, code: 'network_error', text: messages['callError.network'] }));
    xhr.onabort = () => reject(cancelled());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
