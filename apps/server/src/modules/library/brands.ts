import {
  libraryMessages,
  type Brand,
  type BrandPage,
  type brandSearchQuery,
  type brandUpsert,
} from '@fitpost/contract';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { media } from '../../db/schema.js';
import { brands, contentItems } from '../../db/schema-library.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { mediaUrl } from '../media/service.js';
import { requireAdmin } from '../auth/policy.js';
import { clock, contentActiveAt, contentVisibleTo, type LibraryDeps } from './access.js';
import { shareWithLibrary } from './content.js';
import { col, isUniqueViolation, likePattern } from '../../db/sql-helpers.js';

type Upsert = z.output<typeof brandUpsert>;

/** Items of the brand the caller can browse now. */
function contentCount(actor: Actor, now: Date) {
  return sql<number>`(select count(*)::int from ${contentItems} where ${col(contentItems.brandId)} = ${col(brands.id)} and ${contentVisibleTo(actor)} and ${contentActiveAt(now)})`;
}

/** Every item of the brand, whatever its dates: what deleting it would leave without a brand. */
const itemCount = sql<number>`(select count(*)::int from ${contentItems} where ${col(contentItems.brandId)} = ${col(brands.id)})`;

function brandColumns(actor: Actor, now: Date) {
  return {
    id: brands.id,
    name: brands.name,
    description: brands.description,
    logoMediaId: brands.logoMediaId,
    logoMimeType: media.mimeType,
    colour: brands.colour,
    website: brands.website,
    contentCount: contentCount(actor, now),
    itemCount,
    createdAt: brands.createdAt,
    updatedAt: brands.updatedAt,
  };
}

function brandQuery(deps: LibraryDeps, actor: Actor, now: Date) {
  return deps.db
    .select(brandColumns(actor, now))
    .from(brands)
    .leftJoin(media, eq(media.id, brands.logoMediaId));
}

type BrandRow = Awaited<ReturnType<typeof brandQuery>>[number];

function presentBrand(publicUrl: string, row: BrandRow): Brand {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logoMediaId: row.logoMediaId,
    logoUrl:
      row.logoMediaId && row.logoMimeType
        ? mediaUrl(publicUrl, { id: row.logoMediaId, mimeType: row.logoMimeType })
        : null,
    colour: row.colour,
    website: row.website,
    contentCount: row.contentCount,
    itemCount: row.itemCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The portal's brands (the Brands screen), with a keyword over names, paged and sorted. */
export async function listBrands(
  deps: LibraryDeps,
  actor: Actor,
  q: z.output<typeof brandSearchQuery>,
): Promise<BrandPage> {
  const now = clock(deps);
  const where: SQL[] = [eq(brands.portalId, actor.portalId)];
  if (q.q) where.push(ilike(brands.name, likePattern(q.q)));
  const down = q.desc ?? q.sort !== 'name';
  const key =
    q.sort === 'name'
      ? sql`lower(${brands.name})`
      : q.sort === 'createdAt'
        ? brands.createdAt
        : contentCount(actor, now);
  const [rows, [total]] = await Promise.all([
    brandQuery(deps, actor, now)
      .where(and(...where))
      .orderBy(down ? desc(key) : asc(key), asc(brands.id))
      .limit(q.pagesize)
      .offset((q.page - 1) * q.pagesize),
    deps.db
      .select({ n: count() })
      .from(brands)
      .where(and(...where)),
  ]);
  return {
    items: rows.map((row) => presentBrand(deps.publicUrl, row)),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pagesize,
  };
}

/** One brand of the caller's portal. */
export async function getBrand(deps: LibraryDeps, actor: Actor, id: string): Promise<Brand> {
  const [row] = await brandQuery(deps, actor, clock(deps)).where(
    and(eq(brands.id, id), eq(brands.portalId, actor.portalId)),
  );
  if (!row) throw notFound('Brand');
  return presentBrand(deps.publicUrl, row);
}

const nameTaken = () => new AppError('conflict', libraryMessages.brandNameTaken);

/** Adds a brand (admin). */
export async function createBrand(deps: LibraryDeps, actor: Actor, input: Upsert): Promise<Brand> {
  requireAdmin(actor, libraryMessages.adminOnly);
  if (input.id) throw new AppError('validation', libraryMessages.idOnCreate);
  const now = clock(deps);
  const id = await deps.db
    .transaction(async (tx) => {
      if (input.logoMediaId) await shareWithLibrary(tx, actor, input.logoMediaId);
      const [row] = await tx
        .insert(brands)
        .values({
          portalId: actor.portalId,
          name: input.name,
          description: input.description,
          logoMediaId: input.logoMediaId,
          colour: input.colour,
          website: input.website,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: brands.id });
      if (!row) throw new Error('brand insert returned no row');
      return row.id;
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? nameTaken() : err;
    });
  return getBrand(deps, actor, id);
}

/** Changes a brand's name, description, logo, colour or website (admin). */
export async function updateBrand(
  deps: LibraryDeps,
  actor: Actor,
  id: string,
  input: Upsert,
): Promise<Brand> {
  requireAdmin(actor, libraryMessages.adminOnly);
  if (input.id && input.id !== id) throw new AppError('validation', libraryMessages.idMismatch);
  await deps.db
    .transaction(async (tx) => {
      const [existing] = await tx
        .select({ logoMediaId: brands.logoMediaId })
        .from(brands)
        .where(and(eq(brands.id, id), eq(brands.portalId, actor.portalId)));
      if (!existing) throw notFound('Brand');
      if (input.logoMediaId && input.logoMediaId !== existing.logoMediaId)
        await shareWithLibrary(tx, actor, input.logoMediaId);
      await tx
        .update(brands)
        .set({
          name: input.name,
          description: input.description,
          logoMediaId: input.logoMediaId,
          colour: input.colour,
          website: input.website,
          updatedAt: clock(deps),
        })
        .where(eq(brands.id, id));
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? nameTaken() : err;
    });
  return getBrand(deps, actor, id);
}

/**
 * Deletes brands (admin, multi-delete), all or none. A brand content still uses is refused, naming
 * how many items, unless `moveTo` names another brand of the portal: its items move there first.
 */
export async function deleteBrands(deps: LibraryDeps, actor: Actor, ids: string[], moveTo?: string) {
  requireAdmin(actor, libraryMessages.adminOnly);
  const unique = [...new Set(ids)];
  if (moveTo && unique.includes(moveTo)) throw new AppError('validation', libraryMessages.brandMoveToItself);
  await deps.db.transaction(async (tx) => {
    // Locked first, so an item added to one of them meanwhile is counted or waits for the delete.
    const found = await tx
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(and(inArray(brands.id, unique), eq(brands.portalId, actor.portalId)))
      .orderBy(asc(brands.name))
      .for('update');
    if (found.length !== unique.length) throw notFound('Brand');
    if (moveTo) {
      const [target] = await tx
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.id, moveTo), eq(brands.portalId, actor.portalId)))
        .for('share');
      if (!target) throw new AppError('validation', libraryMessages.unknownBrand);
      await tx
        .update(contentItems)
        .set({ brandId: moveTo, updatedAt: clock(deps) })
        .where(inArray(contentItems.brandId, unique));
    } else {
      const used = await tx
        .select({ brandId: contentItems.brandId, n: count() })
        .from(contentItems)
        .where(inArray(contentItems.brandId, unique))
        .groupBy(contentItems.brandId);
      const inUse = found.find((b) => used.some((u) => u.brandId === b.id));
      if (inUse) {
        const items = used.find((u) => u.brandId === inUse.id)?.n ?? 0;
        throw new AppError('conflict', libraryMessages.brandInUse(inUse.name, items));
      }
    }
    await tx.delete(brands).where(inArray(brands.id, unique));
  });
}
