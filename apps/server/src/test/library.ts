import type { Network } from '@fitpost/contract';
import type { InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { makeUser, TestApp } from './harness.js';
import { socialConnections } from '../db/schema.js';
import { createImagePool } from '../modules/media/image.js';
import { uploadMedia } from '../modules/media/service.js';

/** A user made by `makeUser`, as the library's tests use them. */
export type TestUser = Awaited<ReturnType<typeof makeUser>>;

/** A call to the API as `who` (or anonymously), JSON body and all. */
export function call(t: TestApp, who: TestUser | null, opts: InjectOptions) {
  return t.app.inject({ ...opts, headers: { ...opts.headers, ...who?.auth } });
}

/** Uploads a small generated PNG as `who`, the way POST /api/media stores it; returns its id. */
export async function uploadImage(t: TestApp, who: TestUser, colour = '#1d3b6f') {
  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const record = await uploadMedia(
    { db: t.db, publicUrl: t.config.publicUrl, images: createImagePool(1) },
    { sessionId: 'test', userId: who.user.id, portalId: who.user.portalId, isAdmin: false },
    { bytes: png, altText: null },
  );
  return record.id;
}

/** Creates a tag as `admin` through the API; returns its id. */
export async function addTag(t: TestApp, admin: TestUser, name: string, searchable = true) {
  const res = await call(t, admin, { method: 'POST', url: '/api/tag', payload: { name, searchable } });
  if (res.statusCode !== 201) throw new Error(`adding tag failed: ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** Creates a brand as `admin` through the API; returns its id. */
export async function addBrand(t: TestApp, admin: TestUser, name: string) {
  const res = await call(t, admin, { method: 'POST', url: '/api/brand', payload: { name } });
  if (res.statusCode !== 201) throw new Error(`adding brand failed: ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** Creates a content item as `admin` through the API; returns its id. */
export async function addContent(t: TestApp, admin: TestUser, payload: Record<string, unknown>) {
  const res = await call(t, admin, { method: 'POST', url: '/api/content', payload });
  if (res.statusCode !== 201) throw new Error(`adding content failed: ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** A connected account row of `who`; the token is never opened, so nothing is ever sent with it. */
export async function connectAccount(t: TestApp, who: TestUser, network: Network, accountName: string) {
  const [row] = await t.db
    .insert(socialConnections)
    .values({
      portalId: who.user.portalId,
      userId: who.user.id,
      network,
      accountId: randomUUID(),
      accountName,
      accessToken: 'never-opened',
    })
    .returning();
  if (!row) throw new Error('no connection');
  return row.id;
}
