import { createHash, randomUUID } from 'node:crypto';
import { mediaLimits, mediaMessages, type MediaRecord } from '@fitpost/contract';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { multipartForm, type FormPart } from '../../test/multipart.js';
import { loadMediaForPublishing } from './service.js';

const publicUrl = 'https://app.fitpost.test';
let t: TestApp;
let coach: Awaited<ReturnType<typeof makeUser>>;
let colleague: Awaited<ReturnType<typeof makeUser>>;
let stranger: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await startTestApp({ FITPOST_PUBLIC_URL: publicUrl });
  coach = await makeUser(t);
  colleague = await makeUser(t);
  stranger = await makeUser(t, { portalId: 2 });
});
afterAll(() => t.close());

const inject = (opts: InjectOptions) => t.app.inject(opts);

type Part = FormPart;

function upload(who: { auth: Record<string, string> } | null, parts: Part[]) {
  const { payload, contentType } = multipartForm(parts);
  return inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...who?.auth, 'content-type': contentType },
    payload,
  });
}

const file = (data: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): Part => ({
  name: 'file',
  filename,
  type,
  data,
});

const solid = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } });

const rowsOf = async (userId: string) =>
  (await t.db.select({ n: count() }).from(media).where(eq(media.userId, userId)))[0]?.n;

/** Uploads a plain JPEG for `who` and returns the created record. */
async function uploaded(who: typeof coach, altText?: string) {
  const data = await solid(400, 300).jpeg().toBuffer();
  const res = await upload(who, [file(data), ...(altText ? [{ name: 'altText', value: altText }] : [])]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MediaRecord>();
}

/** The mean colour of a 10×10 patch of an image (stats() would describe the whole input). */
async function colourAt(data: Buffer, left: number, top: number) {
  const patch = await sharp(data)
    .extract({ left, top, width: 10, height: 10 })
    .removeAlpha()
    .raw()
    .toBuffer();
  const mean = (channel: number) => {
    let sum = 0;
    for (let i = channel; i < patch.length; i += 3) sum += patch[i] ?? 0;
    return sum / (patch.length / 3);
  };
  return { r: mean(0), b: mean(2) };
}

describe('POST /api/media', () => {
  it('refuses a request without a session with 401, before reading the upload', async () => {
    const res = await upload(null, [file(await solid(300, 300).jpeg().toBuffer())]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('stores an upright JPEG with no EXIF or GPS and answers with its record', async () => {
    // Left half red, right half blue, stored sideways: orientation 6 says "turn 90° clockwise".
    const sideways = await solid(600, 300, '#ff0000')
      .composite([
        {
          input: { create: { width: 300, height: 300, channels: 3, background: '#0000ff' } },
          left: 300,
          top: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(sideways).metadata();
    expect(before.orientation).toBe(6);
    // Tag 0x8825 (little-endian): the pointer to the GPS block.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const res = await upload(coach, [
      file(sideways, 'holiday.jpg'),
      { name: 'altText', value: '  Beach run  ' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      url: `${publicUrl}/media/${body.id}.jpg`,
      mimeType: 'image/jpeg',
      width: 300,
      height: 600,
      bytes: expect.any(Number),
      altText: 'Beach run',
      createdAt: expect.any(String),
      owned: true,
    });

    const [row] = await t.db.select().from(media).where(eq(media.id, body.id));
    expect(row).toMatchObject({ userId: coach.user.id, portalId: 1, kind: 'image', bytes: body.bytes });
    expect(row?.data.length).toBe(body.bytes);
    expect(row?.sha256).toBe(
      createHash('sha256')
        .update(row?.data ?? '')
        .digest('hex'),
    );
    const stored = await sharp(row?.data).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 300, height: 600 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    // Turned clockwise, the red left half is now on top.
    const top = await colourAt(row?.data ?? Buffer.alloc(0), 145, 100);
    const bottom = await colourAt(row?.data ?? Buffer.alloc(0), 145, 500);
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(60);
    expect(bottom.b).toBeGreaterThan(200);
    expect(bottom.r).toBeLessThan(60);
  });

  it('keeps a PNG with transparency as PNG', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 0.4 } },
    })
      .png()
      .toBuffer();
    const res = await upload(coach, [file(png, 'logo.png', 'image/png')]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mimeType: 'image/png', width: 300, height: 200 });
    expect(res.json().url).toMatch(/\.png$/);
    const [row] = await t.db.select().from(media).where(eq(media.id, res.json().id));
    const stored = await sharp(row?.data).metadata();
    expect(stored).toMatchObject({ format: 'png', hasAlpha: true });
  });

  it.each([
    ['a text file named .jpg', Buffer.from('Just some notes, not a photo.\n'), 'notes.jpg', 'image/jpeg'],
    [
      'an HTML page sent as image/png',
      Buffer.from('<!doctype html><html><body><svg></svg></body></html>'),
      'x.png',
      'image/png',
    ],
    [
      'an SVG image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"/>'),
      'x.svg',
      'image/svg+xml',
    ],
  ])('refuses %s with 415 and stores nothing', async (_what, data, filename, type) => {
    const before = await rowsOf(coach.user.id);
    const res = await upload(coach, [file(data, filename, type)]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: mediaMessages.notAnImage } });
    expect(await rowsOf(coach.user.id)).toBe(before);
  });

  it.each([
    [9000, 100, 'The image is 9,000 × 100 pixels'],
    [100, 100, 'The image is 100 × 100 pixels'],
    [250, 199, 'The image is 250 × 199 pixels'],
  ])('refuses a %i×%i image with 400 naming its size', async (width, height, message) => {
    const before = await rowsOf(coach.user.id);
    const res = await upload(coach, [
      file(await solid(width, height).png().toBuffer(), 'x.png', 'image/png'),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(res.json().error.message).toContain('between 200 × 200 and 8,000 × 8,000 pixels');
    expect(await rowsOf(coach.user.id)).toBe(before);
  });

  it('refuses an upload over 10 MB with 413, whether declared or discovered while reading', async () => {
    const before = await rowsOf(coach.user.id);
    const jpeg = await solid(300, 300).jpeg().toBuffer();
    const pad = (size: number) => Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length, 0)]);
    // Just over the file limit: the body is read until the parser stops at the limit.
    const slightly = await upload(coach, [file(pad(mediaLimits.maxUploadBytes + 1))]);
    expect(slightly.statusCode).toBe(413);
    expect(slightly.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The image is larger than 10 MB.' },
    });
    // Far over: refused on its Content-Length alone.
    const far = await upload(coach, [file(pad(mediaLimits.maxUploadBytes + 1024 * 1024))]);
    expect(far.statusCode).toBe(413);
    expect(far.json().error.message).toBe(mediaMessages.tooLarge);
    expect(await rowsOf(coach.user.id)).toBe(before);
  });

  it('refuses a truncated JPEG with 400 and stores nothing', async () => {
    const before = await rowsOf(coach.user.id);
    const jpeg = await solid(800, 600).jpeg().toBuffer();
    const res = await upload(coach, [file(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'The image could not be read.' } });
    expect(await rowsOf(coach.user.id)).toBe(before);
  });

  it('refuses a form without a file, or a body that is not a form, with 400', async () => {
    const noFile = await upload(coach, [{ name: 'altText', value: 'nothing attached' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe(mediaMessages.noFile);
    const empty = await upload(coach, [file(Buffer.alloc(0))]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(mediaMessages.noFile);
    const json = await inject({
      method: 'POST',
      url: '/api/media',
      headers: coach.auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe(mediaMessages.notMultipart);
  });

  it('refuses two files, unknown fields, over-long alt text and a cut-off body with 400', async () => {
    const before = await rowsOf(coach.user.id);
    const jpeg = await solid(300, 300).jpeg().toBuffer();
    const two = await upload(coach, [file(jpeg), file(jpeg)]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe(mediaMessages.oneFile);
    const extra = await upload(coach, [file(jpeg), { name: 'caption', value: 'hi' }]);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toBe(mediaMessages.unexpectedFields);
    const misnamed = await upload(coach, [{ ...file(jpeg), name: 'image' }]);
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().error.message).toBe(mediaMessages.unexpectedFields);
    const long = await upload(coach, [file(jpeg), { name: 'altText', value: 'a'.repeat(1001) }]);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(mediaMessages.altTextTooLong);
    const { payload, contentType } = multipartForm([file(jpeg)]);
    const cut = await inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...coach.auth, 'content-type': contentType },
      payload: payload.subarray(0, payload.length - 200),
    });
    expect(cut.statusCode).toBe(400);
    expect(await rowsOf(coach.user.id)).toBe(before);
  });
});

describe('GET, PATCH and DELETE /api/media/:id', () => {
  it('refuses all three without a session with 401', async () => {
    const url = `/api/media/${randomUUID()}`;
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await inject({ method, url, ...(method === 'PATCH' ? { payload: { altText: 'x' } } : {}) });
      expect(res.statusCode, method).toBe(401);
    }
  });

  it('lets the owner read, relabel and delete their image', async () => {
    const image = await uploaded(coach, 'Warm-up');
    const read = await inject({ url: `/api/media/${image.id}`, headers: coach.auth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(image);

    const relabel = await inject({
      method: 'PATCH',
      url: `/api/media/${image.id}`,
      headers: coach.auth,
      payload: { altText: 'Coach stretching before a run' },
    });
    expect(relabel.statusCode).toBe(200);
    expect(relabel.json()).toEqual({ ...image, altText: 'Coach stretching before a run' });
    const cleared = await inject({
      method: 'PATCH',
      url: `/api/media/${image.id}`,
      headers: coach.auth,
      payload: { altText: '   ' },
    });
    expect(cleared.json().altText).toBeNull();
    const tooLong = await inject({
      method: 'PATCH',
      url: `/api/media/${image.id}`,
      headers: coach.auth,
      payload: { altText: 'a'.repeat(1001) },
    });
    expect(tooLong.statusCode).toBe(400);

    const del = await inject({ method: 'DELETE', url: `/api/media/${image.id}`, headers: coach.auth });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await inject({ url: `/api/media/${image.id}`, headers: coach.auth })).statusCode).toBe(404);
    expect((await inject({ url: new URL(image.url).pathname })).statusCode).toBe(404);
  });

  it.each([
    ['another member of the portal', () => colleague],
    ['a member of another portal', () => stranger],
  ])('answers 404 to %s and leaves the image as it was', async (_who, who) => {
    const image = await uploaded(coach, 'Mine');
    const url = `/api/media/${image.id}`;
    const read = await inject({ url, headers: who().auth });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ error: { code: 'not_found', message: 'Image not found' } });
    const patch = await inject({ method: 'PATCH', url, headers: who().auth, payload: { altText: 'Theirs' } });
    expect(patch.statusCode).toBe(404);
    const del = await inject({ method: 'DELETE', url, headers: who().auth });
    expect(del.statusCode).toBe(404);
    const [row] = await t.db.select({ altText: media.altText }).from(media).where(eq(media.id, image.id));
    expect(row).toEqual({ altText: 'Mine' });
  });

  it("lets the portal's members read an image it shares (a library graphic), but not change it", async () => {
    const image = await uploaded(colleague, 'Squat cues');
    expect(image.owned).toBe(true);
    await t.db.update(media).set({ library: true }).where(eq(media.id, image.id));
    const url = `/api/media/${image.id}`;
    const read = await inject({ url, headers: coach.auth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...image, owned: false });
    // Its uploader still owns it; a member of another portal does not see it at all.
    expect((await inject({ url, headers: colleague.auth })).json()).toEqual(image);
    expect((await inject({ url, headers: stranger.auth })).statusCode).toBe(404);
    const patch = await inject({
      method: 'PATCH',
      url,
      headers: coach.auth,
      payload: { altText: 'Mine now' },
    });
    expect(patch.statusCode).toBe(404);
    expect((await inject({ method: 'DELETE', url, headers: coach.auth })).statusCode).toBe(404);
    const [row] = await t.db.select({ altText: media.altText }).from(media).where(eq(media.id, image.id));
    expect(row).toEqual({ altText: 'Squat cues' });
  });

  it('answers 404 for an unknown id and 400 for one that is not a UUID', async () => {
    expect((await inject({ url: `/api/media/${randomUUID()}`, headers: coach.auth })).statusCode).toBe(404);
    expect((await inject({ url: '/api/media/not-a-uuid', headers: coach.auth })).statusCode).toBe(400);
  });
});

describe('GET /media/:file', () => {
  it('serves the stored bytes to anyone, with long caching, nosniff and an ETag', async () => {
    const image = await uploaded(coach);
    const path = new URL(image.url).pathname;
    const res = await inject({ url: path });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(media).where(eq(media.id, image.id));
    expect(res.rawPayload.equals(row?.data ?? Buffer.alloc(0))).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      etag: `"${row?.sha256}"`,
    });

    const again = await inject({ url: path, headers: { 'if-none-match': `"${row?.sha256}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves a PNG also as <id>.jpg: flattened onto white, same size, its own ETag, converted once', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 150, height: 200, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } },
          })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const res = await upload(coach, [file(png, 'logo.png', 'image/png')]);
    expect(res.json()).toMatchObject({ mimeType: 'image/png' });
    const { id } = res.json<{ id: string }>();
    const [row] = await t.db.select().from(media).where(eq(media.id, id));

    const jpeg = await inject({ url: `/media/${id}.jpg` });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${row?.sha256}.jpg"`,
    });
    expect(jpeg.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const meta = await sharp(jpeg.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 200, hasAlpha: false });
    // The transparent half is white, the opaque half keeps its colour.
    const clear = await colourAt(jpeg.rawPayload, 250, 95);
    const opaque = await colourAt(jpeg.rawPayload, 50, 95);
    expect(Math.min(clear.r, clear.b)).toBeGreaterThan(240);
    expect(opaque.b).toBeGreaterThan(200);
    expect(opaque.r).toBeLessThan(40);

    const again = await inject({ url: `/media/${id}.jpg` });
    expect(again.rawPayload.equals(jpeg.rawPayload)).toBe(true);
    const cached = await inject({
      url: `/media/${id}.jpg`,
      headers: { 'if-none-match': `"${row?.sha256}.jpg"` },
    });
    expect(cached.statusCode).toBe(304);
    // The PNG itself is still served as it is stored.
    const original = await inject({ url: `/media/${id}.png` });
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(row?.data ?? Buffer.alloc(0))).toBe(true);
  });

  it('answers 404 for a wrong extension, an unknown id or any other name', async () => {
    const image = await uploaded(coach);
    for (const name of [
      `${image.id}.png`,
      `${image.id}.jpeg`,
      `${image.id}`,
      `${randomUUID()}.jpg`,
      `${image.id.toUpperCase()}.jpg`,
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await inject({ url: `/media/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });
});

describe('loadMediaForPublishing', () => {
  it("hands the publisher the owner's image and nobody else's", async () => {
    const image = await uploaded(coach, 'For Instagram');
    const deps = { db: t.db, publicUrl };
    const found = await loadMediaForPublishing(deps, image.id, coach.user.id);
    expect(found).toMatchObject({
      id: image.id,
      url: image.url,
      mimeType: 'image/jpeg',
      altText: 'For Instagram',
    });
    const [row] = await t.db.select({ data: media.data }).from(media).where(eq(media.id, image.id));
    expect((await found?.bytes())?.equals(row?.data ?? Buffer.alloc(0))).toBe(true);
    expect(found?.jpegUrl).toBeUndefined();
    expect(await loadMediaForPublishing(deps, image.id, colleague.user.id)).toBeNull();
  });

  it('gives a PNG the address of its JPEG rendition, for networks that take only JPEG', async () => {
    const png = await sharp({
      create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const { id } = (await upload(coach, [file(png, 'logo.png', 'image/png')])).json<{ id: string }>();
    const found = await loadMediaForPublishing({ db: t.db, publicUrl }, id, coach.user.id);
    expect(found).toMatchObject({
      url: `${publicUrl}/media/${id}.png`,
      jpegUrl: `${publicUrl}/media/${id}.jpg`,
      mimeType: 'image/png',
    });
  });
});

describe('OpenAPI', () => {
  it('documents the media routes', async () => {
    const doc = (await inject({ url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/media', '/api/media/{id}', '/media/{file}']),
    );
  });
});
