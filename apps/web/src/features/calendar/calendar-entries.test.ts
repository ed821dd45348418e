import {
  rescheduleRefusals as refusals,
  type CalendarPost,
  type MemberAutoPost,
  type TargetStatus,
} from '@fitpost/contract';
import { describe, expect, it } from 'vitest';
import {
  autoPostEntries,
  autoPostLooks,
  autoPostNetworks,
  autoPostTitle,
  entryKey,
  networkList,
  postEntries,
  postTitle,
  rescheduleRefusal,
  statusLooks,
  timeGridHours,
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

  it('leaves canceled posts off the calendar', () => {
    const kept = makePost();
    const canceled = makePost({ id: '9b8e2a55-5d41-4a1f-9b55-1f6e2c3d4a5b', status: 'cancelled' });
    expect(postEntries([kept, canceled])).toEqual([{ kind: 'post', post: kept }]);
  });

  it('titles a post by its words, or says it is an image', () => {
    expect(postTitle({ excerpt: '  Leg day\n\nno excuses ', hasMedia: true })).toBe('Leg day no excuses');
    expect(postTitle({ excerpt: '', hasMedia: true })).toBe('Image post');
    expect(networkList(['x', 'linkedin', 'facebook'])).toBe('X, LinkedIn and Facebook Page');
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

    it('refuses a post already published, being published, canceled or failed, in the server words', () => {
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

function makeAutoPost(overrides: Partial<MemberAutoPost> = {}): MemberAutoPost {
  return {
    id: 'a1a1a1a1-1111-4111-8111-111111111111',
    contentId: null,
    body: 'Box jumps\n\nbuild power',
    mediaUrl: null,
    link: null,
    scheduledAt: '2026-03-12T14:00:00.000Z',
    timeZone: 'America/New_York',
    status: 'scheduled',
    accounts: [
      { connectionId: 'f5f5f5f5-5555-4555-8555-555555555555', network: 'linkedin', accountName: 'Zoë' },
      { connectionId: 'a6a6a6a6-6666-4666-8666-666666666666', network: 'x', accountName: '@zoe' },
    ],
    choice: 'auto',
    customPostId: null,
    ...overrides,
  };
}

/** WCAG contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const lighter = Math.max(1.05 / contrastWithWhite(a), 1.05 / contrastWithWhite(b));
  const darker = Math.min(1.05 / contrastWithWhite(a), 1.05 / contrastWithWhite(b));
  return lighter / darker;
}

describe('Auto-Post entries', () => {
  it('maps an Auto-Post to an event of its own look that cannot be dragged', () => {
    const autoPost = makeAutoPost();
    expect(toCalendarEvent({ kind: 'autoPost', autoPost })).toMatchObject({
      id: `autopost-${autoPost.id}`,
      title: 'Box jumps build power',
      start: '2026-03-12T14:00:00.000Z',
      allDay: false,
      color: autoPostLooks.auto.color,
      contrastColor: autoPostLooks.auto.textColor,
      editable: false,
      className: 'calendar-autopost',
    });
    expect(autoPostNetworks(autoPost)).toEqual(['x', 'linkedin']);
    const skipped = toCalendarEvent({
      kind: 'autoPost',
      autoPost: makeAutoPost({ choice: 'skip', accounts: [] }),
    });
    expect(skipped).toMatchObject({
      color: autoPostLooks.skip.color,
      contrastColor: autoPostLooks.skip.textColor,
      editable: false,
      className: 'calendar-autopost calendar-autopost-skipped',
    });
  });

  it('keeps both looks readable (AA) and apart from every post status', () => {
    for (const look of Object.values(autoPostLooks)) {
      expect(contrast(look.color, look.textColor)).toBeGreaterThanOrEqual(4.5);
      expect(Object.values(statusLooks).map((s) => s.color)).not.toContain(look.color);
    }
  });

  it('titles an Auto-Post by its words (whole characters), or says it is an image', () => {
    expect(autoPostTitle({ body: `${'💪'.repeat(130)}`, mediaUrl: null })).toBe(`${'💪'.repeat(119)}…`);
    expect(autoPostTitle({ body: '  ', mediaUrl: 'https://cdn.example.org/a.png' })).toBe('Image post');
  });

  it("shows what comes to the member and what they skipped; leaves out customised ones, ones reaching none of their accounts, and one whose fan-out made the member's post", () => {
    const coming = makeAutoPost();
    const skipped = makeAutoPost({
      id: 'b2b2b2b2-2222-4222-8222-222222222222',
      choice: 'skip',
      accounts: [],
    });
    const customised = makeAutoPost({
      id: 'c3c3c3c3-3333-4333-8333-333333333333',
      choice: 'custom',
      accounts: [],
      customPostId: '0b8e2a55-5d41-4a1f-9b55-1f6e2c3d4a5b',
    });
    const notOptedIn = makeAutoPost({ id: 'd4d4d4d4-4444-4444-8444-444444444444', accounts: [] });
    const sending = makeAutoPost({
      id: 'e5e5e5e5-5555-4555-8555-555555555555',
      status: 'fanning_out',
      scheduledAt: '2026-03-09T14:00:00.000Z',
    });
    const sendingNotYetHere = makeAutoPost({
      id: 'f6f6f6f6-6666-4666-8666-666666666666',
      status: 'fanning_out',
      scheduledAt: '2026-03-09T15:00:00.000Z',
    });
    // The fan-out's post for this member, at the Auto-Post's instant (written with another offset).
    const made = makePost({ scheduledAt: '2026-03-09T10:00:00-04:00' });

    const entries = autoPostEntries(
      [coming, skipped, customised, notOptedIn, sending, sendingNotYetHere],
      [made],
    );
    expect(entries.map((entry) => (entry.kind === 'autoPost' ? entry.autoPost.id : entry.post.id))).toEqual([
      coming.id,
      skipped.id,
      sendingNotYetHere.id,
    ]);
    expect(entries.map(entryKey)).toEqual([
      `autopost-${coming.id}`,
      `autopost-${skipped.id}`,
      `autopost-${sendingNotYetHere.id}`,
    ]);
  });
});

describe('timeGridHours', () => {
  it('opens the week on the first queue slot and ends three hours after the last (20:00 at least)', () => {
    expect(timeGridHours(['09:00', '12:30', '18:00'], [])).toEqual({
      slotMinTime: '09:00:00',
      slotMaxTime: '21:00:00',
      scrollTime: '09:00:00',
    });
    expect(timeGridHours(['07:15', '11:00'], [])).toEqual({
      slotMinTime: '07:00:00',
      slotMaxTime: '20:00:00',
      scrollTime: '07:00:00',
    });
  });

  it('opens at 08:00 without slots', () => {
    expect(timeGridHours([], [])).toEqual({
      slotMinTime: '08:00:00',
      slotMaxTime: '20:00:00',
      scrollTime: '08:00:00',
    });
  });

  it('reaches back and forward to every post, and never past midnight', () => {
    expect(timeGridHours(['09:00'], ['06:45', '23:30'])).toEqual({
      slotMinTime: '06:00:00',
      slotMaxTime: '24:00:00',
      scrollTime: '09:00:00',
    });
  });

  it('still opens on the first slot (or 08:00) when a post came in the small hours', () => {
    expect(timeGridHours([], ['01:30']).scrollTime).toBe('08:00:00');
    expect(timeGridHours(['10:00'], ['00:15']).scrollTime).toBe('10:00:00');
  });
});
