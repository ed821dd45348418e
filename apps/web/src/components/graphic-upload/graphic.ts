import { acceptedImageTypes, mediaLimits, mediaMessages, type MediaRecord } from '@fitpost/contract';

/** A graphic a form holds: an uploaded image (media id and address) and its alt text. */
export interface Graphic {
  mediaId: string;
  url: string;
  altText: string;
  /** Uploaded by this member: they may change its alt text. Library graphics keep the library's. */
  owned: boolean;
  width: number | null;
  height: number | null;
}

/** The graphic of an image the member just uploaded (or one of their own, read back). */
export function graphicFromMedia(media: MediaRecord): Graphic {
  return {
    mediaId: media.id,
    url: media.url,
    altText: media.altText ?? '',
    owned: media.owned,
    width: media.width,
    height: media.height,
  };
}

/** A graphic someone else uploaded (a library item's): shown, used, but its alt text is theirs. */
export function sharedGraphic(mediaId: string, url: string | null): Graphic {
  return { mediaId, url: url ?? '', altText: '', owned: false, width: null, height: null };
}

/** Refusals the browser can tell before sending (the server decides by content in any case). */
export function fileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (file.type && !(acceptedImageTypes as readonly string[]).includes(file.type))
    return mediaMessages.notAnImage;
  if (file.size > mediaLimits.maxUploadBytes) return mediaMessages.tooLarge;
  return null;
}
