import { autoPostMessages } from '@fitpost/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyCounts,
  emptyValues,
  toUpsert,
  validate,
  valuesFrom,
  xCount,
  type AutoPostValues,
} from './auto-post-values';

const zone = 'America/New_York';
const now = Date.parse('2030-03-01T12:00:00.000Z');

function values(overrides: Partial<AutoPostValues> = {}): AutoPostValues {
  return { ...emptyValues(zone, now), body: 'Leg day', networks: ['linkedin'], ...overrides };
}

describe('Auto-Post form values', () => {
  it('a new Auto-Post is due at the next quarter hour at least an hour ahead, in the zone', () => {
    expect(emptyValues(zone, Date.parse('2030-03-01T12:07:00.000Z'))).toMatchObject({
      date: '2030-03-01',
      time: '08:15',
    });
  });

  it('sends X variants and spread only with X, and the time as an instant in the zone', () => {
    const base = values({ date: '2030-03-10', time: '02:30', xVariants: [' a '], xSpreadMinutes: 15 });
    // 2:30 does not exist on 3/10/2030 in New York (clocks jump from 2:00 to 3:00): 3:30 EDT.
    expect(toUpsert(base, zone)).toMatchObject({
      scheduledAt: '2030-03-10T07:30:00.000Z',
      xVariants: [],
      xSpreadMinutes: 0,
      link: null,
      timeZone: zone,
    });
    expect(toUpsert({ ...base, networks: ['x'] }, zone)).toMatchObject({
      xVariants: ['a'],
      xSpreadMinutes: 15,
    });
  });

  it('reads an Auto-Post back in the admin zone', () => {
    const form = valuesFrom(
      {
        id: 'a1a1a1a1-1111-4111-8111-111111111111',
        contentId: null,
        body: 'b',
        mediaId: null,
        mediaUrl: null,
        link: null,
        networks: ['x'],
        xVariants: ['v'],
        xSpreadMinutes: 5,
        scheduledAt: '2030-11-03T05:30:00.000Z',
        timeZone: zone,
        status: 'scheduled',
        utm: false,
        createdAt: '2030-01-01T00:00:00.000Z',
        updatedAt: '2030-01-01T00:00:00.000Z',
        warnings: [],
        claimsAcknowledged: null,
      },
      zone,
    );
    expect(form).toMatchObject({ date: '2030-11-03', time: '01:30', link: '', xVariants: ['v'] });
  });

  it('counts the longest text a member could get, with the tagged link', () => {
    // {full_name} counts as its 50-character limit; the link grows by its UTM tags except on X (23).
    expect(xCount('{full_name}', '').length).toBe(50);
    expect(xCount('{full_name}', 'https://fit.com/a', true).length).toBe(50 + 2 + 23);
    const counts = bodyCounts(values({ body: '{city|here}', link: 'https://fit.com/a', utm: true }));
    expect(counts).toEqual([
      { network: 'linkedin', count: { length: expect.any(Number), limit: 3000, over: false } },
    ]);
    expect(counts[0]?.count.length).toBeGreaterThan(40 + 2 + 'https://fit.com/a?utm_source=instagram'.length);
    const fits = validate(
      values({ networks: ['x'], body: `${'{business_name}'.repeat(4)}{city}` }),
      zone,
      now,
    );
    expect(fits.fields.body).toBeUndefined();
    const tooLong = validate(values({ networks: ['x'], body: '{business_name}'.repeat(5) }), zone, now);
    expect(tooLong.fields.body).toBe('X allows 280 characters; this post has 300.');
  });

  it('counts X captions as X does, with the link', () => {
    expect(xCount('Hi', '')).toEqual({ length: 2, limit: 280, over: false });
    expect(xCount('Hi', 'https://example.org/a/very/long/path/indeed')).toMatchObject({ length: 27 });
    expect(xCount('Hi https://example.org', 'https://example.org')).toMatchObject({ length: 26 });
  });

  it("finds each problem, in the contract's words where it has them", () => {
    expect(validate(values(), zone, now)).toEqual({ fields: {}, variants: [] });
    expect(validate(values({ body: ' ', networks: [] }), zone, now).fields).toEqual({
      body: autoPostMessages.noContent,
      networks: autoPostMessages.noNetworks,
    });
    expect(validate(values({ date: '2030-03-01', time: '06:59' }), zone, now).fields).toEqual({
      when: autoPostMessages.past,
    });
    expect(validate(values({ networks: ['x'], xVariants: ['a', ' a', ''] }), zone, now).variants).toEqual([
      null,
      autoPostMessages.duplicateVariants,
      'Write this caption or remove it.',
    ]);
    // Variants are not checked when the Auto-Post does not go to X.
    expect(validate(values({ xVariants: [''] }), zone, now).variants).toEqual([null]);
    expect(validate(values({ networks: ['linkedin'], body: 'x'.repeat(3001) }), zone, now).fields.body).toBe(
      'LinkedIn allows 3,000 characters; this post has 3,001.',
    );
    // Without variants X posts the body, which must fit.
    expect(validate(values({ networks: ['x'], body: 'x'.repeat(281) }), zone, now).fields.body).toBe(
      'X allows 280 characters; this post has 281.',
    );
    expect(
      validate(values({ networks: ['x'], body: 'x'.repeat(281), xVariants: ['short'] }), zone, now),
    ).toEqual({
      fields: {},
      variants: [null],
    });
    expect(validate(values({ xSpreadMinutes: 5000, networks: ['x'] }), zone, now).fields).toEqual({
      xSpreadMinutes: 'Spread X posts over 0 to 1,440 minutes.',
    });
  });
});
