import type { ContentItem, MediaRecord, ScheduledPost } from '@fitpost/contract';
import { fromWallTime, toWallTime } from '@/lib/zoned-time';
import { graphicFromMedia, sharedGraphic, type Graphic } from '@/components/graphic-upload/graphic';
import { emptyValues, type ComposerValues } from './composer-values';

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A `?date=` value the composer can use (a real calendar date), or null. */
export function parseDateParam(value: string | null): string | null {
  if (!value || !datePattern.test(value)) return null;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? value : null;
}

const quarterHour = 15 * 60_000;

/**
 * A sensible first time for a post on `date`: 9:00 AM, or, on a day when that has passed (today),
 * the next quarter hour at least 15 minutes from now.
 */
export function defaultTime(date: string, zone: string, now: number): string {
  const nine = Date.parse(fromWallTime({ date, time: '09:00' }, zone).instant);
  if (nine > now) return '09:00';
  const soon = Math.ceil((now + quarterHour) / quarterHour) * quarterHour;
  const wall = toWallTime(soon, zone);
  return wall.date === date ? wall.time : '23:45';
}

/** The composer set for a day picked on the calendar. */
export function valuesForDate(date: string, zone: string, now: number): ComposerValues {
  return { ...emptyValues, when: 'later', date, time: defaultTime(date, zone, now) };
}

/** The graphic of a library item, when it has one stored in FitPost (a feed's remote image cannot be posted). */
function libraryGraphic(item: Pick<ContentItem, 'mediaId' | 'graphicUrl'>): Graphic | null {
  return item.mediaId ? sharedGraphic(item.mediaId, item.graphicUrl) : null;
}

/** Body, graphic and link of a library item, remembering where they came from. */
export function valuesFromContent(item: ContentItem, base: ComposerValues = emptyValues): ComposerValues {
  return {
    ...base,
    body: item.body,
    link: item.link ?? '',
    graphic: libraryGraphic(item),
    contentId: item.id,
  };
}

/**
 * A saved post (or server draft) as the composer edits it; times in the member's zone. Its graphic
 * comes from the member's own media, else from the library item it was made from.
 */
export function valuesFromPost(
  post: ScheduledPost,
  sources: { media: MediaRecord | null; content: ContentItem | null },
  zone: string,
): ComposerValues {
  let graphic: Graphic | null = null;
  if (post.mediaId) {
    if (sources.media) graphic = graphicFromMedia(sources.media);
    else if (sources.content?.mediaId === post.mediaId) graphic = libraryGraphic(sources.content);
    else graphic = sharedGraphic(post.mediaId, null);
  }
  const wall = post.scheduledAt ? toWallTime(post.scheduledAt, zone) : null;
  const connectionIds =
    post.connectionIds.length > 0
      ? post.connectionIds
      : post.targets.flatMap((target) => (target.connectionId ? [target.connectionId] : []));
  return {
    body: post.body,
    link: post.link ?? '',
    graphic,
    connectionIds: [...new Set(connectionIds)],
    contentId: post.contentId,
    when: wall ? 'later' : 'queue',
    date: wall?.date ?? '',
    time: wall?.time ?? '',
  };
}
