import { describe, expect, it } from 'vitest';
import { formatInZone, memberZone, startOfMonthIn } from './member-time';

describe('dashboard times (Intl only)', () => {
  it("reads the member's zone, falling back to the browser's for an unknown one", () => {
    expect(memberZone({ properties: [{ name: 'timeZone', value: 'Asia/Tokyo' }] })).toBe('Asia/Tokyo');
    expect(memberZone({ properties: [{ name: 'timeZone', value: 'Mars/Base' }] })).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it('writes M/D/YYYY h:mm AM with the zone', () => {
    expect(formatInZone('2030-03-15T13:30:00.000Z', 'America/New_York')).toBe('3/15/2030 9:30 AM EDT');
    expect(formatInZone('2030-01-15T00:05:00.000Z', 'Europe/London')).toBe('1/15/2030 12:05 AM GMT');
  });

  it('finds midnight on the 1st of the current month in the zone, across clock changes', () => {
    // New York in April is on EDT (UTC−4); on 1 April it already was.
    expect(startOfMonthIn('America/New_York', Date.parse('2030-04-20T12:00:00Z'))).toBe(
      '2030-04-01T04:00:00.000Z',
    );
    // In March it was still on EST (UTC−5) at midnight on the 1st.
    expect(startOfMonthIn('America/New_York', Date.parse('2030-03-20T12:00:00Z'))).toBe(
      '2030-03-01T05:00:00.000Z',
    );
    // 30 April 23:00 UTC is already 1 May in Tokyo.
    expect(startOfMonthIn('Asia/Tokyo', Date.parse('2030-04-30T23:00:00Z'))).toBe('2030-04-30T15:00:00.000Z');
    expect(startOfMonthIn('Europe/London', Date.parse('2030-11-02T10:00:00Z'))).toBe(
      '2030-11-01T00:00:00.000Z',
    );
  });
});
