import { describe, expect, it } from 'vitest';
import { defaultQueueSlots, nextFreeSlot, queueLimits, queueSlotsPut, slotInstants } from '../src/index.js';

const newYork = 'America/New_York';
const none = new Set<number>();
const ms = (iso: string) => Date.parse(iso);

describe('slotInstants', () => {
  it('reads each slot as the wall time in the zone, soonest first', () => {
    // Wednesday 2026-01-14 12:00 in New York (17:00Z); slots Wed 09:00 (passed), Wed 18:00, Thu 09:00.
    const slots = [
      { weekday: 4, time: '09:00' },
      { weekday: 3, time: '18:00' },
      { weekday: 3, time: '09:00' },
    ];
    const first = slotInstants(slots, newYork, ms('2026-01-14T17:00:00Z'), 1).slice(0, 3);
    expect(first.map((s) => s.at)).toEqual([
      '2026-01-14T23:00:00.000Z',
      '2026-01-15T14:00:00.000Z',
      '2026-01-21T14:00:00.000Z',
    ]);
  });

  it('keeps 9:00 at 9:00 on both sides of a spring-forward change (New York, 2026-03-08)', () => {
    const sunday = [{ weekday: 7, time: '09:00' }];
    const at = slotInstants(sunday, newYork, ms('2026-03-01T15:00:00Z'), 2).map((s) => s.at);
    expect(at).toEqual(['2026-03-08T13:00:00.000Z', '2026-03-15T13:00:00.000Z']);
    const before = slotInstants(sunday, newYork, ms('2026-02-28T15:00:00Z'), 1).map((s) => s.at);
    expect(before[0]).toBe('2026-03-01T14:00:00.000Z');
  });

  it('moves a slot the clocks skip to the time they show, and takes a repeated one once', () => {
    const skipped = slotInstants([{ weekday: 7, time: '02:30' }], newYork, ms('2026-03-08T05:00:00Z'), 0);
    expect(skipped).toEqual([{ at: '2026-03-08T07:30:00.000Z', slot: { weekday: 7, time: '02:30' } }]);
    // 2026-11-01 01:30 happens twice in New York; the first (EDT, 05:30Z) is the slot.
    const repeated = slotInstants([{ weekday: 7, time: '01:30' }], newYork, ms('2026-11-01T04:00:00Z'), 0);
    expect(repeated.map((s) => s.at)).toEqual(['2026-11-01T05:30:00.000Z']);
  });

  it('counts two slots the clocks put on one instant once', () => {
    const slots = [
      { weekday: 7, time: '02:30' },
      { weekday: 7, time: '03:30' },
    ];
    const at = slotInstants(slots, newYork, ms('2026-03-08T05:00:00Z'), 0).map((s) => s.at);
    expect(at).toEqual(['2026-03-08T07:30:00.000Z']);
  });

  it('follows each zone: the same wall time is a different instant in London, Kolkata and Auckland', () => {
    const monday = [{ weekday: 1, time: '09:00' }];
    const from = ms('2026-04-01T00:00:00Z'); // a Wednesday
    expect(slotInstants(monday, 'Europe/London', from, 1)[0]?.at).toBe('2026-04-06T08:00:00.000Z');
    expect(slotInstants(monday, 'Asia/Kolkata', from, 1)[0]?.at).toBe('2026-04-06T03:30:00.000Z');
    // Auckland leaves daylight time on 2026-04-05: +12:00 from then on.
    expect(slotInstants(monday, 'Pacific/Auckland', from, 1)[0]?.at).toBe('2026-04-05T21:00:00.000Z');
  });

  it("uses the zone's date for the weekday, not UTC's", () => {
    // Monday 2026-01-12 22:00 in New York is Tuesday 03:00Z; a Monday 23:00 slot is still today.
    const at = slotInstants([{ weekday: 1, time: '23:00' }], newYork, ms('2026-01-13T03:00:00Z'), 0);
    expect(at.map((s) => s.at)).toEqual(['2026-01-13T04:00:00.000Z']);
  });
});

describe('nextFreeSlot', () => {
  const slots = [
    { weekday: 1, time: '09:00' },
    { weekday: 1, time: '12:30' },
  ];
  const from = ms('2026-01-12T06:00:00Z'); // Monday 1:00 in New York

  it('skips slots a post already holds', () => {
    expect(nextFreeSlot(slots, newYork, from, none)?.at).toBe('2026-01-12T14:00:00.000Z');
    const taken = new Set([ms('2026-01-12T14:00:00Z')]);
    expect(nextFreeSlot(slots, newYork, from, taken)).toEqual({
      at: '2026-01-12T17:30:00.000Z',
      slot: { weekday: 1, time: '12:30' },
    });
  });

  it('is null when every slot in the horizon is held', () => {
    const all = new Set(slotInstants(slots, newYork, from).map((s) => ms(s.at)));
    expect(all.size).toBeGreaterThanOrEqual(2 * queueLimits.horizonWeeks);
    expect(nextFreeSlot(slots, newYork, from, all)).toBeNull();
  });
});

describe('queueSlotsPut', () => {
  it('takes the default week', () => {
    expect(queueSlotsPut.safeParse({ slots: defaultQueueSlots }).success).toBe(true);
  });

  it.each([
    ['no slots', []],
    [
      'a duplicate',
      [
        { weekday: 1, time: '09:00' },
        { weekday: 1, time: '09:00' },
      ],
    ],
    ['weekday 0', [{ weekday: 0, time: '09:00' }]],
    ['weekday 8', [{ weekday: 8, time: '09:00' }]],
    ['24:00', [{ weekday: 1, time: '24:00' }]],
    ['9:00 without its zero', [{ weekday: 1, time: '9:00' }]],
    ['seconds', [{ weekday: 1, time: '09:00:00' }]],
    [
      'more than the limit',
      Array.from({ length: queueLimits.maxSlots + 1 }, (_, i) => ({
        weekday: (i % 7) + 1,
        time: `${String(Math.floor(i / 7)).padStart(2, '0')}:00`,
      })),
    ],
  ])('refuses %s', (_name, slots) => {
    expect(queueSlotsPut.safeParse({ slots }).success).toBe(false);
  });
});
