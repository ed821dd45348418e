import type { Graphic } from '@/components/graphic-upload/graphic';
import type { ComposerValues } from './composer-values';

/**
 * The composer's unsaved work, kept in local storage while the member writes, per member and per
 * post (a new post, or the one being edited), so a reload or a failed save loses nothing. Cleared
 * once the post is saved.
 */
export interface StoredDraft {
  values: ComposerValues;
  /** Epoch ms of the last change. */
  savedAt: number;
}

const version = 1;

export function draftKey(userId: string, postId: string | null): string {
  return `fitpost.composer.v${version}.${userId}.${postId ?? 'new'}`;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumberOrNull = (v: unknown): v is number | null => v === null || typeof v === 'number';

function isGraphic(v: unknown): v is Graphic {
  if (typeof v !== 'object' || v === null) return false;
  const g = v as Record<string, unknown>;
  return (
    isString(g.mediaId) &&
    isString(g.url) &&
    isString(g.altText) &&
    typeof g.owned === 'boolean' &&
    isNumberOrNull(g.width) &&
    isNumberOrNull(g.height)
  );
}

/** Local storage is another program's input: only a well-formed draft is trusted. */
function isValues(v: unknown): v is ComposerValues {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return (
    isString(d.body) &&
    isString(d.link) &&
    (d.graphic === null || isGraphic(d.graphic)) &&
    Array.isArray(d.connectionIds) &&
    d.connectionIds.every(isString) &&
    (d.contentId === null || isString(d.contentId)) &&
    (d.when === 'queue' || d.when === 'now' || d.when === 'later') &&
    isString(d.date) &&
    isString(d.time)
  );
}

export function readDraft(key: string): StoredDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { values?: unknown; savedAt?: unknown };
    if (!isValues(parsed.values) || typeof parsed.savedAt !== 'number') return null;
    return { values: parsed.values, savedAt: parsed.savedAt };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: ComposerValues, now = Date.now()): void {
  try {
    localStorage.setItem(key, JSON.stringify({ values, savedAt: now } satisfies StoredDraft));
  } catch {
    // Storage full or disabled: the draft lives as long as the page.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored, then.
  }
}
