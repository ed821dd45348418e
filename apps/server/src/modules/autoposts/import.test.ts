import {
  autoPostImportLimits,
  autoPostImportMessages as m,
  autoPostMessages,
  csvMessages,
  unknownMergeFieldMessage,
  type AutoPostImportResult,
} from '@fitpost/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoPosts } from '../../db/schema-autopost.js';
import { contentItems } from '../../db/schema-library.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';

// Import a plan (issue 29) against a real database: PGlite here, PostgreSQL under
// scripts/vitest-pg.mjs (the all-or-nothing case runs on both).

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let coach: Awaited<ReturnType<typeof makeUser>>;
let otherAdmin: Awaited<ReturnType<typeof makeUser>>;
let ownContent: string;
let otherContent: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true });
  coach = await makeUser(t);
  otherAdmin = await makeUser(t, { portalId: 2, admin: true });
  const [own] = await t.db
    .insert(contentItems)
    .values({
      portalId: 1,
      type: 'library',
      title: 'Spring',
      body: 'Spring into it!',
      link: 'https://example.com/spring',
    })
    .returning();
  const [other] = await t.db
    .insert(contentItems)
    .values({ portalId: 2, type: 'library', title: 'Theirs', body: 'Not yours' })
    .returning();
  ownContent = own?.id ?? '';
  otherContent = other?.id ?? '';
});
afterAll(() => t.close());

const header = 'date,time,time_zone,text,link,networks';
/** A date a year ahead, so every row is in the future. */
const nextYear = new Date().getUTCFullYear() + 1;
const day = (n: number) => `${nextYear}-06-${String(n).padStart(2, '0')}`;
const validRow = (i: number) =>
  `${day(1 + (i % 28))},${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},Europe/London,Plan row ${i},,x;linkedin`;

const importCsv = (csv: string, dryRun: boolean, auth = admin.auth) =>
  t.app.inject({ method: 'POST', url: '/api/autoposts/import', headers: auth, payload: { csv, dryRun } });

async function portalAutoPosts(portalId = 1) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(autoPosts)
    .where(eq(autoPosts.portalId, portalId));
  return row?.n ?? 0;
}
async function fanoutJobs() {
  const res = await t.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'autopost-fanout'`,
  );
  return (res as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** The one row's problems of a one-row file, as { column: message }. */
async function problemsOf(row: string, head = header) {
  const res = await importCsv(`${head}\n${row}\n`, true);
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json<AutoPostImportResult>();
  expect(result.rows).toHaveLength(1);
  return result.rows[0]?.errors ?? [];
}

describe('POST /api/autoposts/import', () => {
  it('is for admins only, and so is the export', async () => {
    const csv = `${header}\n${validRow(1)}\n`;
    const refused = await importCsv(csv, false, coach.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: autoPostMessages.adminOnly } });
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/autoposts/export?from=${day(1)}&to=${day(28)}`,
      headers: coach.auth,
    });
    expect(exported.statusCode).toBe(403);
  });

  it('checks a dry run row by row and schedules nothing', async () => {
    const before = await portalAutoPosts();
    const res = await importCsv(`\uFEFF${header}\r\n${validRow(1)}\r\n${validRow(2)}\r\n`, true);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<AutoPostImportResult>();
    expect(result).toMatchObject({ valid: 2, invalid: 0, created: [] });
    expect(result.rows[0]).toMatchObject({
      row: 2,
      ok: true,
      errors: [],
      preview: {
        date: day(2),
        time: '01:01',
        timeZone: 'Europe/London',
        networks: ['x', 'linkedin'],
        text: 'Plan row 1',
      },
    });
    expect(await portalAutoPosts()).toBe(before);
  });

  it('refuses every bad cell with the form’s message, naming the value', async () => {
    const cases: [string, { column: string | null; message: string }][] = [
      [`${day(3)},09:00,,Go,,x;myspace`, { column: 'networks', message: m.unknownNetwork('myspace') }],
      [
        `${day(3)},09:00,,Hi {nickname},,x`,
        { column: 'text', message: unknownMergeFieldMessage(['nickname']) },
      ],
      [
        `${day(3)},09:00,,${'y'.repeat(281)},,x`,
        { column: 'text', message: 'X allows 280 characters; this post has 281.' },
      ],
      ['2020-01-06,09:00,,Too late,,x', { column: 'time', message: autoPostMessages.past }],
      [`${nextYear}-02-30,09:00,,Go,,x`, { column: 'date', message: m.badDate(`${nextYear}-02-30`) }],
      [`${day(3)},25:00,,Go,,x`, { column: 'time', message: m.badTime('25:00') }],
      [`${day(3)},09:00,Mars/Olympus,Go,,x`, { column: 'time_zone', message: m.unknownZone('Mars/Olympus') }],
      [`${day(3)},09:00,,Go,,`, { column: 'networks', message: autoPostMessages.noNetworks }],
      [`${day(3)},09:00,,,,x`, { column: 'text', message: autoPostMessages.noContent }],
      [
        `${day(3)},09:00,,Go,,instagram`,
        { column: 'text', message: 'Instagram needs an image with every post.' },
      ],
      [
        `${day(3)},09:00,,=HYPERLINK("http://evil"),,x`,
        { column: 'text', message: m.formula('=HYPERLINK("http://evil")') },
      ],
      [
        `${day(3)},09:00,,Go,not a link,x`,
        { column: 'link', message: expect.stringContaining("'not a link'") as string },
      ],
    ];
    for (const [row, problem] of cases) expect(await problemsOf(row), row).toContainEqual(problem);
  });

  it('refuses a time the clocks skip in its zone (spring forward)', async () => {
    // The second Sunday of March 2031: New York's clocks go from 2:00 to 3:00.
    expect(await problemsOf('2031-03-09,02:30,America/New_York,Go,,x')).toEqual([
      { column: 'time', message: m.skippedTime('2031-03-09', '02:30', 'America/New_York') },
    ]);
  });

  it('refuses a row with a health claim (a plan has no per-row acknowledgement)', async () => {
    expect(await problemsOf(`${day(5)},09:00,,This stretch cures back pain,,x`)).toEqual([
      { column: 'text', message: m.healthClaims(['cures back pain']) },
    ]);
    // The same wording without the claim passes.
    expect(await problemsOf(`${day(5)},09:00,,This stretch eases a stiff back,,x`)).toEqual([]);
  });

  it('takes an apostrophe before a formula character as text', async () => {
    const res = await importCsv(`${header}\n${day(4)},09:00,,'- Warm up first,,x\n`, true);
    expect(res.json<AutoPostImportResult>().rows[0]).toMatchObject({
      ok: true,
      preview: { text: '- Warm up first' },
    });
  });

  it('refuses another portal’s library item, and fills an empty text from the portal’s own', async () => {
    const head = 'date,time,text,networks,content_id';
    expect(await problemsOf(`${day(5)},09:00,Go,x,${otherContent}`, head)).toEqual([
      { column: 'content_id', message: 'Choose content from the portal’s library.' },
    ]);
    expect(await problemsOf(`${day(5)},09:00,Go,x,nope`, head)).toEqual([
      { column: 'content_id', message: m.badContentId('nope') },
    ]);
    const res = await importCsv(`${head}\n${day(5)},09:00,,x,${ownContent}\n`, true);
    expect(res.json<AutoPostImportResult>().rows[0]).toMatchObject({
      ok: true,
      preview: { text: 'Spring into it! https://example.com/spring' },
    });
  });

  it('reports a row repeated in the file as a duplicate of the first', async () => {
    const res = await importCsv(`${header}\n${validRow(1)}\n${validRow(2)}\n${validRow(1)}\n`, true);
    const result = res.json<AutoPostImportResult>();
    expect(result).toMatchObject({ valid: 2, invalid: 1 });
    expect(result.rows[2]).toMatchObject({
      row: 4,
      ok: false,
      errors: [{ column: null, message: m.duplicate(2) }],
    });
  });

  it('refuses a file it cannot take as a whole, saying why', async () => {
    const cases: [string, number, string][] = [
      [`${header},colour,mood\n${validRow(1)},red,good\n`, 400, m.unknownColumns(['colour', 'mood'])],
      [`date,time,text\n${day(1)},09:00,Go\n`, 400, m.missingColumns(['networks'])],
      [`${header}\n`, 400, m.noRows],
      [`${header}\ncaf\uFFFD,09:00,,Go,,x\n`, 400, csvMessages.notUtf8],
      [`${header}\n"unclosed,09:00\n`, 400, csvMessages.unclosedQuote(2)],
    ];
    for (const [csv, status, message] of cases) {
      const res = await importCsv(csv, true);
      expect(res.statusCode, csv).toBe(status);
      expect(res.json()).toMatchObject({ error: { message } });
    }
    const rows = Array.from({ length: autoPostImportLimits.maxRows + 1 }, (_, i) => validRow(i)).join('\n');
    const tooMany = await importCsv(`${header}\n${rows}\n`, true);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: { message: m.tooManyRows(1001) } });
    // 2 MB: one long text row (the JSON body carries it; the file's own limit refuses it).
    const big = `${header}\n${day(1)},09:00,,${'a'.repeat(2 * 1024 * 1024)},,x\n`;
    const tooLarge = await importCsv(big, true);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ error: { message: string } }>().error.message).toContain(
      'at most 1 MB and 1,000 rows',
    );
  });

  it('schedules all rows in one transaction or none: a bad row 999 of 1,000 writes nothing', async () => {
    const before = { posts: await portalAutoPosts(), jobs: await fanoutJobs() };
    const rows = Array.from({ length: 1000 }, (_, i) =>
      i === 998 ? `${day(2)},09:00,,Go,,x;myspace` : validRow(i),
    );
    const refused = await importCsv(`${header}\n${rows.join('\n')}\n`, false);
    expect(refused.statusCode).toBe(422);
    const result = refused.json<AutoPostImportResult>();
    expect(result).toMatchObject({ valid: 999, invalid: 1, created: [] });
    expect(result.rows.filter((r) => !r.ok).map((r) => r.row)).toEqual([1000]);
    expect({ posts: await portalAutoPosts(), jobs: await fanoutJobs() }).toEqual(before);

    rows[998] = `${day(2)},09:00,,Go,,x;linkedin`;
    const done = await importCsv(`${header}\n${rows.join('\n')}\n`, false);
    expect(done.statusCode, done.body.slice(0, 300)).toBe(200);
    expect(done.json<AutoPostImportResult>().created).toHaveLength(1000);
    expect({ posts: await portalAutoPosts(), jobs: await fanoutJobs() }).toEqual({
      posts: before.posts + 1000,
      jobs: before.jobs + 1000,
    });
    expect(await portalAutoPosts(2)).toBe(0);
  });
});

describe('GET /api/autoposts/export', () => {
  it('gives the plan in the import’s columns; importing it gives the same plan', async () => {
    const y = nextYear + 1;
    const head = 'utm,networks,text,date,time,time_zone,link,content_id,x_variants,x_spread_minutes';
    const plan = [
      `false,x|facebook,"Squats, lunges and ""burpees""",${y}-01-10,07:15,America/New_York,https://example.com/a,,"Go {first_name|friend}!|Move now",30`,
      `true,linkedin,'=1+1 is not a formula here,${y}-01-11,18:00,Asia/Tokyo,,${otherContent},,0`,
      `,x,"Two
lines",${y}-01-12,09:00,,,,,`,
    ];
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/autoposts/import',
      headers: otherAdmin.auth,
      payload: { csv: `${head}\n${plan.join('\n')}\n`, dryRun: false },
    });
    expect(first.statusCode, first.body).toBe(200);
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/autoposts/export?from=${y}-01-01&to=${y}-01-31`,
      headers: otherAdmin.auth,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const csv = exported.body;
    expect(csv.split('\r\n')[0]).toBe(
      'date,time,time_zone,text,link,networks,content_id,x_variants,x_spread_minutes,utm',
    );
    expect(csv).toContain(",'=1+1 is not a formula here,");

    const plans = async () =>
      (await t.db.select().from(autoPosts).where(eq(autoPosts.portalId, 2))).map((a) => ({
        body: a.body,
        link: a.link,
        networks: a.networks,
        xVariants: a.xVariants,
        xSpreadMinutes: a.xSpreadMinutes,
        utm: a.utm,
        scheduledAt: a.scheduledAt.toISOString(),
        timeZone: a.timeZone,
        contentId: a.contentId,
        mediaId: a.mediaId,
      }));
    const original = await plans();
    expect(original).toHaveLength(3);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/autoposts/import',
      headers: otherAdmin.auth,
      payload: { csv, dryRun: false },
    });
    expect(again.statusCode, again.body).toBe(200);
    const all = await plans();
    const key = (p: (typeof all)[number]) => JSON.stringify(p);
    expect(all.map(key).sort()).toEqual([...original, ...original].map(key).sort());
  });
});
