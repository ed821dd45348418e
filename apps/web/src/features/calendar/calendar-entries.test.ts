import type { CalendarPost, TargetStatus } from '@fitpost/contract';
import { describe, expect, it } from 'vitest';
import {
  networkList,
  postEntries,
  postTitle,
  refusals,
  rescheduleRefusal,
  statusLooks,
  toCalendarEvent,
} from './calendar-entries';

function makePost(overrides: Partial<CalendarPost> = {}): CalendarPost {
  return {
    id: '0b8e2a55-5d41-4a1f-9b55-1f6e2c3d4a5b',
    excerpt: 'Morning stretch: five minutes that change your day',
    hasMedia: false,
    scheduledAt: '2026-03-09T14:00:00.000Z',
    status: 'scheduled',
    targets: [
      {
        id: '1c8e2a55-5d41-4a1f-9b55-1f6e2c3d4a5b',
        network: 'linkedin',
        accountName: 'Zoë Coaching',
        status: 'scheduled',
        remoteUrl: null,
      },
      {
        id: '2c8e2a55-5d41-4a1f-9b55-1f6e2c3d4a5b',
        network: 'x',
        accountName: '@zoe',
        status: 'scheduled',
        remoteUrl: null,
      },
    ],
    ...overrides,
  };
}

/** Relative luminance and contrast ratio (WCAG 2.x), to hold every status colour to AA with white text. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}

describe('calendar entries', () => {
  it('maps a post to an event at its instant, coloured by its status', () => {
    const post = makePost({ status: 'failed' });
    expect(toCalendarEvent({ kind: 'post', post })).toMatchObject({
      id: post.id,
      title: 'Morning stretch: five minutes that change your day',
      start: '2026-03-09T14:00:00.000Z',
      allDay: false,
      color: statusLooks.failed.color,
      contrastColor: '#ffffff',
    });
    expect(toCalendarEvent({ kind: 'post', post: makePost({ status: 'posted' }) }).color).toBe(
      statusLooks.posted.color,
    );
  });

  it('gives every status its own words and a colour white text reads on (AA)', () => {
    for (const look of Object.values(statusLooks)) {
      expect(look.label).not.toBe('');
      expect(contrastWithWhite(look.color)).toBeGreaterThanOrEqual(4.5);
    }
    const shown = Object.entries(statusLooks).filter(
      ([status]) => status !== 'cancelled' && status !== 'draft',
    );
    expect(new Set(shown.map(([, look]) => look.color)).size).toBe(shown.length);
  });

  it('leaves cancelled posts off the calendar', () => {
    const kept = makePost();
    const cancelled = makePost({ id: '9b8e2a55-5d41-4a1f-9b55-1f6e2c3d4a5b', status: 'cancelled' });
    expect(postEntries([kept, cancelled])).toEqual([{ kind: 'post', post: kept }]);
  });

  it('titles a post by its words, or says it is an image', () => {
    expect(postTitle({ excerpt: '  Leg day\n\nno excuses ', hasMedia: true })).toBe('Leg day no excuses');
    expect(postTitle({ excerpt: '', hasMedia: true })).toBe('Image post');
    expect(networkList(['x', 'linkedin', 'facebook'])).toBe('X, LinkedIn and Facebook');
    expect(networkList(['instagram'])).toBe('Instagram');
  });

  describe('rescheduleRefusal', () => {
    const now = new Date('2026-03-05T12:00:00Z');

    it('lets a scheduled post move to any later time', () => {
      expect(rescheduleRefusal(makePost(), new Date('2026-03-05T12:01:00Z'), now)).toBeNull();
    });

    it('refuses a time that has passed, even by a minute', () => {
      expect(rescheduleRefusal(makePost(), new Date('2026-03-05T11:59:00Z'), now)).toBe(refusals.past);
      expect(rescheduleRefusal(makePost(), now, now)).toBe(refusals.past);
    });

    it('refuses a post already published, being published, cancelled or failed, in the server words', () => {
      const later = new Date('2026-03-10T12:00:00Z');
      const withTargets = (status: TargetStatus) =>
        makePost({ targets: makePost().targets.map((t) => ({ ...t, status })) });
      expect(rescheduleRefusal(withTargets('published'), later, now)).toBe(refusals.published);
      expect(rescheduleRefusal(withTargets('publishing'), later, now)).toBe(refusals.publishing);
      expect(rescheduleRefusal(withTargets('unknown'), later, now)).toBe(refusals.publishing);
      expect(rescheduleRefusal(withTargets('cancelled'), later, now)).toBe(refusals.cancelled);
      expect(rescheduleRefusal(withTargets('failed'), later, now)).toBe(refusals.failed);
    });

    it('lets a draft take a new time (it has no accounts to send to yet)', () => {
      const draft = makePost({ status: 'draft', targets: [] });
      expect(rescheduleRefusal(draft, new Date('2026-03-10T12:00:00Z'), now)).toBeNull();
      expect(rescheduleRefusal(draft, new Date('2026-03-01T12:00:00Z'), now)).toBe(refusals.past);
    });

    it('lets a partly posted post move the accounts still waiting, as the server does', () => {
      const [first, second] = makePost().targets;
      if (!first || !second) throw new Error('fixture');
      const partly = makePost({
        status: 'partly_posted',
        targets: [{ ...first, status: 'published' }, second],
      });
      expect(rescheduleRefusal(partly, new Date('2026-03-10T12:00:00Z'), now)).toBeNull();
    });
  });
});
