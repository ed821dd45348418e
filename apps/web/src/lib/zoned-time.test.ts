import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import {
  addDays,
  browserTimeZone,
  formatClock,
  formatOffset,
  formatZoned,
  fromWallTime,
  memberTimeZone,
  offsetAt,
  startOfZonedDay,
  startOfZonedMonth,
  toWallTime,
  zoneLabel,
} from './zoned-time';

const newYork = 'America/New_York';
const london = 'Europe/London';

describe('fromWallTime', () => {
  it('reads an ordinary time with the offset in force then', () => {
    expect(fromWallTime({ date: '2026-01-15', time: '09:00' }, newYork)).toEqual({
      instant: '2026-01-15T14:00:00.000Z',
      fit: 'exact',
      shown: { date: '2026-01-15', time: '09:00' },
    });
    expect(fromWallTime({ date: '2026-07-15', time: '09:00' }, newYork).instant).toBe(
      '2026-07-15T13:00:00.000Z',
    );
    expect(fromWallTime({ date: '2026-07-15', time: '09:00' }, 'Asia/Kolkata').instant).toBe(
      '2026-07-15T03:30:00.000Z',
    );
  });

  describe('New York, 2026-03-08: at 2:00 the clocks jump to 3:00', () => {
    it('keeps the minutes either side of the jump', () => {
      expect(fromWallTime({ date: '2026-03-08', time: '01:59' }, newYork)).toMatchObject({
        instant: '2026-03-08T06:59:00.000Z',
        fit: 'exact',
      });
      expect(fromWallTime({ date: '2026-03-08', time: '03:00' }, newYork)).toMatchObject({
        instant: '2026-03-08T07:00:00.000Z',
        fit: 'exact',
      });
    });

    it('moves a time that does not exist forward by the jump, and says so', () => {
      expect(fromWallTime({ date: '2026-03-08', time: '02:30' }, newYork)).toEqual({
        instant: '2026-03-08T07:30:00.000Z',
        fit: 'skipped',
        shown: { date: '2026-03-08', time: '03:30' },
      });
      expect(fromWallTime({ date: '2026-03-08', time: '02:00' }, newYork)).toMatchObject({
        instant: '2026-03-08T07:00:00.000Z',
        fit: 'skipped',
        shown: { date: '2026-03-08', time: '03:00' },
      });
    });

    it('keeps a post at 9:00 at 9:00 on both sides of the change (not 24 hours apart)', () => {
      const saturday = Date.parse(fromWallTime({ date: '2026-03-07', time: '09:00' }, newYork).instant);
      const sunday = Date.parse(fromWallTime({ date: '2026-03-08', time: '09:00' }, newYork).instant);
      expect((sunday - saturday) / 3_600_000).toBe(23);
    });
  });

  describe('London, 2026-10-25: at 2:00 BST the clocks go back to 1:00 GMT', () => {
    it('takes the first of the two 1:30s (still summer time)', () => {
      expect(fromWallTime({ date: '2026-10-25', time: '01:30' }, london)).toEqual({
        instant: '2026-10-25T00:30:00.000Z',
        fit: 'repeated',
        shown: { date: '2026-10-25', time: '01:30' },
      });
    });

    it('reads the minutes either side of the repeated hour once', () => {
      expect(fromWallTime({ date: '2026-10-25', time: '00:59' }, london)).toMatchObject({
        instant: '2026-10-24T23:59:00.000Z',
        fit: 'exact',
      });
      expect(fromWallTime({ date: '2026-10-25', time: '02:00' }, london)).toMatchObject({
        instant: '2026-10-25T02:00:00.000Z',
        fit: 'exact',
      });
    });
  });

  it('refuses input that is not a date and a 24-hour time', () => {
    expect(() => fromWallTime({ date: '3/8/2026', time: '09:00' }, newYork)).toThrow(RangeError);
    expect(() => fromWallTime({ date: '2026-03-08', time: '24:00' }, newYork)).toThrow(RangeError);
  });
});

describe('toWallTime', () => {
  it('shows both 1:30s of the London night as 1:30, and round-trips the first', () => {
    expect(toWallTime('2026-10-25T00:30:00Z', london)).toEqual({ date: '2026-10-25', time: '01:30' });
    expect(toWallTime('2026-10-25T01:30:00Z', london)).toEqual({ date: '2026-10-25', time: '01:30' });
  });

  it('crosses the date line with the zone', () => {
    expect(toWallTime('2026-03-08T03:00:00Z', newYork)).toEqual({ date: '2026-03-07', time: '22:00' });
    expect(toWallTime('2026-03-08T03:00:00Z', 'Pacific/Auckland')).toEqual({
      date: '2026-03-08',
      time: '16:00',
    });
  });
});

describe('labels', () => {
  it('names the zone with its abbreviation and offset at that instant', () => {
    expect(zoneLabel(newYork, '2026-03-08T06:00:00Z')).toBe('America/New York (EST, UTC−05:00)');
    expect(zoneLabel(newYork, '2026-03-08T08:00:00Z')).toBe('America/New York (EDT, UTC−04:00)');
    expect(formatOffset(330)).toBe('UTC+05:30');
    expect(offsetAt(Date.parse('2026-10-25T01:30:00Z'), london)).toBe(0);
  });

  it("formats an instant as every screen shows it: M/D/YYYY, the clock and the zone's short name then", () => {
    // One side of the spring-forward jump is EST, the other EDT.
    expect(formatZoned('2026-03-08T06:30:00Z', newYork)).toBe('3/8/2026 1:30 AM EST');
    expect(formatZoned('2026-03-08T07:30:00Z', newYork)).toBe('3/8/2026 3:30 AM EDT');
    expect(formatZoned(Date.parse('2030-01-15T00:05:00Z'), london)).toBe('1/15/2030 12:05 AM GMT');
    expect(formatZoned(new Date('2030-07-01T08:00:00Z'), london)).toBe('7/1/2030 9:00 AM GMT+1');
    expect(formatZoned('2026-07-15T12:00:00Z', 'Asia/Kolkata')).toBe('7/15/2026 5:30 PM GMT+5:30');
  });

  it('writes a clock time on the 12-hour clock', () => {
    expect(formatClock('00:00')).toBe('12:00 AM');
    expect(formatClock('09:05')).toBe('9:05 AM');
    expect(formatClock('12:30')).toBe('12:30 PM');
    expect(formatClock('23:59')).toBe('11:59 PM');
    expect(() => formatClock('9:05')).toThrow(RangeError);
  });
});

describe('days', () => {
  it('starts a day at midnight, or where a skipped midnight lands', () => {
    expect(startOfZonedDay('2026-03-08', newYork)).toBe('2026-03-08T05:00:00.000Z');
    // Santiago springs forward at midnight: 2026-09-06 starts at 01:00 local.
    expect(toWallTime(startOfZonedDay('2026-09-06', 'America/Santiago'), 'America/Santiago')).toEqual({
      date: '2026-09-06',
      time: '01:00',
    });
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("finds the start of the member's current month, across clock changes", () => {
    // New York in April is on EDT (UTC−4); on 1 April it already was.
    expect(startOfZonedMonth(newYork, Date.parse('2030-04-20T12:00:00Z'))).toBe('2030-04-01T04:00:00.000Z');
    // In March it was still on EST (UTC−5) at midnight on the 1st.
    expect(startOfZonedMonth(newYork, '2030-03-20T12:00:00Z')).toBe('2030-03-01T05:00:00.000Z');
    // 30 April 23:00 UTC is already 1 May in Tokyo.
    expect(startOfZonedMonth('Asia/Tokyo', Date.parse('2030-04-30T23:00:00Z'))).toBe(
      '2030-04-30T15:00:00.000Z',
    );
    expect(startOfZonedMonth(london, Date.parse('2030-11-02T10:00:00Z'))).toBe('2030-11-01T00:00:00.000Z');
  });
});

describe('memberTimeZone', () => {
  it("uses the member's System Settings zone, else the browser's", () => {
    expect(memberTimeZone(makeUser({ properties: [{ name: 'timeZone', value: london }] }))).toBe(london);
    expect(memberTimeZone(makeUser({ properties: [{ name: 'timeZone', value: 'Mars/Olympus' }] }))).toBe(
      browserTimeZone(),
    );
    expect(memberTimeZone(null)).toBe(browserTimeZone());
  });

  it("falls back to the organisation's default zone for a member who set none", () => {
    const lisbon = 'Europe/Lisbon';
    expect(memberTimeZone(makeUser({ properties: [], organisationTimeZone: lisbon }))).toBe(lisbon);
    // The member's own choice wins; an unknown organisation zone falls through to the browser's.
    expect(
      memberTimeZone(
        makeUser({ properties: [{ name: 'timeZone', value: london }], organisationTimeZone: lisbon }),
      ),
    ).toBe(london);
    expect(memberTimeZone(makeUser({ properties: [], organisationTimeZone: 'Mars/Olympus' }))).toBe(
      browserTimeZone(),
    );
  });
});
