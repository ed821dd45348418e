import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { browserTimeZone } from './dates';
import {
  addDays,
  formatOffset,
  formatZoned,
  fromWallTime,
  memberTimeZone,
  offsetAt,
  startOfZonedDay,
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

  it('formats an instant in the zone as the product writes dates', () => {
    expect(formatZoned('2026-03-08T07:30:00Z', newYork)).toBe('3/8/2026 3:30 AM');
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
});
