import { describe, expect, it } from 'vitest';

import { CLOCK_SKEW_MS, composeText, findPost, normalizeForMatch, parseTime } from './text.js';

describe('composeText', () => {
  it('appends the link once, on its own paragraph', () => {
    expect(composeText('Class at 6', 'https://example.com/c')).toBe('Class at 6\n\nhttps://example.com/c');
    expect(composeText('See https://example.com/c', 'https://example.com/c')).toBe(
      'See https://example.com/c',
    );
    expect(composeText('', 'https://example.com/c')).toBe('https://example.com/c');
    expect(composeText('Just words', undefined)).toBe('Just words');
  });
});

describe('normalizeForMatch', () => {
  it('sees through t.co links, media links, entities, whitespace, case and Unicode forms', () => {
    const sent = 'Squats & <lunges>\n\nhttps://example.com/plan  Café';
    const shown = 'squats &amp; &lt;lunges&gt; https://t.co/abc123 Cafe\u0301 https://t.co/media1';
    expect(normalizeForMatch(shown)).toBe(normalizeForMatch(sent));
    expect(normalizeForMatch('Squats & lunges')).not.toBe(normalizeForMatch('Squats and lunges'));
  });
});

describe('findPost', () => {
  const since = new Date('2026-03-01T10:00:00Z');
  const at = (offsetMs: number) => since.getTime() + offsetMs;

  it('finds the earliest matching post from a little before the attempt on', () => {
    const posts = [
      { remoteId: 'late', text: 'Leg day', createdAt: at(60_000) },
      { remoteId: 'early', text: 'Leg  day', createdAt: at(-CLOCK_SKEW_MS + 1000) },
      { remoteId: 'old', text: 'Leg day', createdAt: at(-CLOCK_SKEW_MS - 1000) },
      { remoteId: 'other', text: 'Arm day', createdAt: at(1000) },
    ];
    expect(findPost(posts, 'leg day', since)?.remoteId).toBe('early');
    expect(findPost(posts, 'Back day', since)).toBeUndefined();
  });
});

describe('parseTime', () => {
  it('reads ISO times with and without a colon in the offset', () => {
    expect(parseTime('2026-01-31T09:15:00+0000')).toBe(Date.parse('2026-01-31T09:15:00Z'));
    expect(parseTime('2026-01-31T09:15:00-0130')).toBe(Date.parse('2026-01-31T10:45:00Z'));
    expect(parseTime('2026-01-31T09:15:00.000Z')).toBe(Date.parse('2026-01-31T09:15:00Z'));
  });
});
