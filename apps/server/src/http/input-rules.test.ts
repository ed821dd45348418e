import {
  httpUrl,
  inputMessages,
  instant,
  integerParam,
  isStorableInstant,
  isTimeZoneName,
  nameText,
  positiveInteger,
  propertyPut,
  text,
  timeZone,
} from '@fitpost/contract';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startTestApp, type TestApp } from '../test/harness.js';
import { multipartForm } from '../test/multipart.js';

/**
 * The contract's shared input rules (common.ts), and how they reach every kind of input — JSON
 * bodies, query strings, path parameters, upload forms, the unauthenticated sign-in callback —
 * each answering 400 with the rule in words, never a 500 from the database.
 */
let t: TestApp;
let coach: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await startTestApp();
  coach = await makeUser(t);
  admin = await makeUser(t, { admin: true });
});
afterAll(() => t.close());

const year0 = '0000-01-01T00:00:00Z';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('the shared schema: text', () => {
  it('takes any string without NUL, and keeps the rules chained after it', () => {
    expect(text.parse('Squats 🏋️ \t\n\u00ad')).toBe('Squats 🏋️ \t\n\u00ad');
    expect(messageOf(text.safeParse('a\u0000b'))).toBe(inputMessages.nul);
    expect(messageOf(text.safeParse('\u0000'))).toBe(inputMessages.nul);
    expect(text.trim().min(1).safeParse('   ').success).toBe(false);
    expect(text.max(3).safeParse('abcd').success).toBe(false);
  });
});

describe('the shared schema: httpUrl', () => {
  it('takes http(s) addresses and refuses other schemes, NUL and overlong ones', () => {
    expect(httpUrl().parse('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(httpUrl().safeParse('ftp://example.com/').success).toBe(false);
    expect(messageOf(httpUrl().safeParse('https://example.com/\u0000'))).toBe(inputMessages.nul);
    expect(httpUrl().safeParse(`https://example.com/${'a'.repeat(2000)}`).success).toBe(false);
  });
});

describe('the shared schema: instant', () => {
  it('takes ISO instants with an offset between the years 1900 and 9999', () => {
    for (const ok of ['1900-01-01T00:00:00Z', '2026-03-29T01:30:00+01:00', '9999-12-31T23:59:59.999Z'])
      expect(instant.safeParse(ok).success, ok).toBe(true);
  });

  it('refuses year 0000, dates before 1900 and instants past 9999 once in UTC', () => {
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '1899-12-31T23:59:59Z',
      '1900-01-01T00:30:00+01:00',
      '9999-12-31T23:59:59-14:00',
    ])
      expect(messageOf(instant.safeParse(bad)), bad).toBe(inputMessages.dateRange);
    expect(inputMessages.dateRange).toBe('must be a date between the years 1900 and 9999');
  });

  it('still refuses what is not an instant at all', () => {
    for (const bad of [
      '2024-02-30T00:00:00Z',
      '2024-01-01',
      '2024-01-01T00:00:00',
      '+275760-09-13T00:00:00Z',
    ])
      expect(instant.safeParse(bad).success, bad).toBe(false);
  });

  it('isStorableInstant draws the same line for dates read from elsewhere (feeds)', () => {
    expect(isStorableInstant(Date.parse('1900-01-01T00:00:00Z'))).toBe(true);
    expect(isStorableInstant(Date.parse('0000-01-01T00:00:00Z'))).toBe(false);
    expect(isStorableInstant(Number.NaN)).toBe(false);
  });
});

describe('the shared schema: timeZone', () => {
  it('takes IANA names only', () => {
    for (const ok of ['UTC', 'Europe/London', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])
      expect(timeZone.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['+05:00', 'Mars/Olympus', 'Europe/London\u0000', '', 'utc offset', '../etc'])
      expect(timeZone.safeParse(bad).success, bad).toBe(false);
    expect(messageOf(timeZone.safeParse('Mars/Olympus'))).toBe(inputMessages.timeZone);
    expect(isTimeZoneName('-03:00')).toBe(false);
  });

  it('guards the time zone user property too, and leaves other properties free', () => {
    expect(messageOf(propertyPut.safeParse({ timeZone: '+02:00' }))).toBe(inputMessages.timeZone);
    expect(propertyPut.safeParse({ timeZone: 'Asia/Tokyo' }).success).toBe(true);
    expect(propertyPut.safeParse({ colour: '+02:00' }).success).toBe(true);
    expect(messageOf(propertyPut.safeParse({ colour: 'blue\u0000' }))).toBe(inputMessages.nul);
  });
});

describe('the shared schemas: numeric ids', () => {
  it('fit a PostgreSQL integer', () => {
    expect(positiveInteger.safeParse(2_147_483_647).success).toBe(true);
    expect(positiveInteger.safeParse(2_147_483_648).success).toBe(false);
    expect(integerParam.parse('42')).toBe(42);
    expect(integerParam.safeParse('6348696723740997').success).toBe(false);
    expect(integerParam.safeParse('1e400').success).toBe(false);
  });
});

async function refused(who: typeof coach | null, opts: InjectOptions, rule: string) {
  const res = await t.app.inject({ ...opts, headers: { ...opts.headers, ...who?.auth } });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({
    code: 'validation',
    message: expect.stringContaining(rule) as unknown,
  });
}

describe('NUL characters', () => {
  it('are refused in post text, tag names, searches and user properties', async () => {
    await refused(
      coach,
      { method: 'POST', url: '/api/posts', payload: { body: 'Leg\u0000day', draft: true } },
      'Invalid body: body must not contain a NUL character',
    );
    await refused(
      admin,
      { method: 'POST', url: '/api/tag', payload: { name: 'Core\u0000' } },
      inputMessages.nul,
    );
    await refused(
      coach,
      { url: '/api/content?q=squat%00' },
      'Invalid query: q must not contain a NUL character',
    );
    await refused(
      coach,
      { method: 'PUT', url: `/api/user/${coach.user.id}/properties`, payload: { colour: 'bl\u0000ue' } },
      inputMessages.nul,
    );
  });

  it('are refused in the sign-in callback before anyone is signed in', async () => {
    await refused(
      null,
      {
        method: 'POST',
        url: '/api/auth/callback',
        payload: { code: 'c', state: 's\u0000', host: 'localhost:3000' },
      },
      'Invalid body: state must not contain a NUL character',
    );
  });

  it("are refused in an upload's alt text", async () => {
    const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const form = multipartForm([
      { name: 'file', filename: 'a.png', type: 'image/png', data: png },
      { name: 'altText', value: 'A squat\u0000' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...coach.auth, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(inputMessages.nul);
  });
});

describe('control characters in names', () => {
  it('are refused in names of people, brands, tags, feeds and the organisation, and in property names', async () => {
    const name = (n: string) => ({ payload: { name: n } });
    for (const bad of ['Core\tday', 'Two\nlines', 'Bell\u0007', 'Del\u007f', 'C1\u0085'])
      await refused(admin, { method: 'POST', url: '/api/tag', ...name(bad) }, inputMessages.control);
    await refused(admin, { method: 'POST', url: '/api/brand', ...name('Acme\rInc') }, inputMessages.control);
    await refused(
      coach,
      {
        method: 'POST',
        url: '/api/feed',
        payload: { name: 'My\u001bfeed', url: 'https://example.org/f.xml' },
      },
      inputMessages.control,
    );
    await refused(
      admin,
      {
        method: 'PUT',
        url: `/api/user/${coach.user.id}`,
        payload: { email: coach.user.email, fullName: 'Pat\u0008' },
      },
      inputMessages.control,
    );
    await refused(
      coach,
      { method: 'PUT', url: `/api/user/${coach.user.id}/properties`, payload: { 'col\nour': 'blue' } },
      'Invalid key in record',
    );
    const settings = await t.app.inject({ url: '/api/settings/organisation', headers: admin.auth });
    await refused(
      admin,
      {
        method: 'PUT',
        url: '/api/settings/organisation',
        payload: { ...settings.json<object>(), displayName: 'Fit\u000bPro' },
      },
      inputMessages.control,
    );
  });

  it('leave ordinary names alone, trimming a pasted line break at either end', () => {
    expect(nameText.parse(' Zoë-Anne O’Brien (Pilates) 🧘\n')).toBe('Zoë-Anne O’Brien (Pilates) 🧘');
    expect(nameText.parse('Café\u00a0Fit')).toBe('Café\u00a0Fit');
    expect(propertyPut.parse({ favouriteColour: 'blue\nand green' })).toEqual({
      favouriteColour: 'blue\nand green',
    });
  });
});

describe('dates outside the years 1900 to 9999', () => {
  it('are refused on posts, the calendar, content and Auto-Posts', async () => {
    const rule = inputMessages.dateRange;
    await refused(
      coach,
      { method: 'POST', url: '/api/posts', payload: { body: 'x', draft: true, scheduledAt: year0 } },
      `Invalid body: scheduledAt ${rule}`,
    );
    await refused(coach, { url: `/api/posts/calendar?from=${year0}&to=0000-02-01T00:00:00Z` }, rule);
    await refused(coach, { url: `/api/autoposts/upcoming?from=${year0}&to=0000-02-01T00:00:00Z` }, rule);
    await refused(
      admin,
      { method: 'POST', url: '/api/content', payload: { title: 'Old', activeFrom: year0 } },
      `Invalid body: activeFrom ${rule}`,
    );
    await refused(
      admin,
      { method: 'POST', url: '/api/autoposts', payload: { body: 'x', networks: ['x'], scheduledAt: year0 } },
      rule,
    );
  });
});

describe('time zones', () => {
  it('are IANA names only, on posts and in the time zone setting', async () => {
    await refused(
      coach,
      { method: 'POST', url: '/api/posts', payload: { body: 'x', draft: true, timeZone: '+05:00' } },
      `Invalid body: timeZone ${inputMessages.timeZone}`,
    );
    await refused(
      coach,
      { method: 'PUT', url: `/api/user/${coach.user.id}/properties`, payload: { timeZone: 'Mars/Olympus' } },
      inputMessages.timeZone,
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: coach.auth,
      payload: { body: 'x', draft: true, timeZone: 'America/Argentina/Buenos_Aires' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('numbers', () => {
  it('that do not fit a database integer are refused, in queries and paths', async () => {
    await refused(admin, { url: '/api/user?roleid=6348696723740997' }, 'roleid');
    await refused(
      admin,
      { method: 'DELETE', url: `/api/user/${coach.user.id}/role/9007199254740993` },
      'roleId',
    );
  });
});
