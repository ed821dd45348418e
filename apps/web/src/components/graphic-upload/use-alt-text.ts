import type { MediaRecord } from '@fitpost/contract';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useUpdateMediaAltText } from '@/lib/api/media/update-media-alt-text';
import type { Graphic } from './graphic';

export interface AltTextSync {
  /** Sends the graphic's alt text if it differs from what the server has; rejects when refused. */
  sync: (graphic: Graphic | null) => Promise<void>;
  /** The same when the member leaves the field: a refusal is shown, not thrown. */
  commit: (graphic: Graphic | null) => void;
  /** An upload answered: the server has this alt text. */
  uploaded: (media: MediaRecord) => void;
  error: string | null;
}

/**
 * Keeps a graphic's alt text (PATCH /api/media/{id}) in step with what the member types. Forms call
 * `sync` before they save, so a post never goes out ahead of its description.
 */
export function useAltTextSync(
  start: Graphic | null,
  /** Told every record the server answers (an upload, an alt text saved). */
  onRecord?: (media: MediaRecord) => void,
): AltTextSync {
  const [synced] = useState(() => {
    const known = new Map<string, string>();
    if (start?.owned) known.set(start.mediaId, start.altText);
    return known;
  });
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateMediaAltText();

  // The request under way per image, so leaving the field and saving at once send the text once.
  const [running] = useState(() => new Map<string, { altText: string; done: Promise<void> }>());

  async function send(mediaId: string, text: string) {
    try {
      const record = await update.mutateAsync({ id: mediaId, altText: text });
      synced.set(record.id, record.altText ?? '');
      onRecord?.(record);
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
      throw failure;
    } finally {
      running.delete(mediaId);
    }
  }

  async function sync(graphic: Graphic | null) {
    if (!graphic?.owned) return;
    const { mediaId, altText: text } = graphic;
    const current = running.get(mediaId);
    if (current) {
      if (current.altText === text) return current.done;
      await current.done.catch(() => undefined);
    }
    if (synced.get(mediaId) === text) return;
    const done = send(mediaId, text);
    running.set(mediaId, { altText: text, done });
    return done;
  }

  return {
    sync,
    commit: (graphic) => {
      sync(graphic).catch(() => undefined); // shown as `error`
    },
    uploaded: (media) => {
      synced.set(media.id, media.altText ?? '');
      onRecord?.(media);
    },
    error,
  };
}
