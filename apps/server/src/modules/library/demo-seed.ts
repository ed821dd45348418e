import { createHash } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { media } from '../../db/schema.js';
import { brands, contentItems, contentTags, feeds, tags } from '../../db/schema-library.js';
import { refreshTagNames } from './tag-names.js';
import { demoPortals, type DemoBrand, type DemoPortal } from './demo-seed-data.js';

const graphicSize = 640;
const logoSize = 256;
const day = 86_400_000;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  );

/** Breaks a title into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number) {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A content card's graphic: the brand's gradient, a few shapes, the brand's name and the title. */
function graphicSvg(brand: DemoBrand, title: string, variant: number) {
  const [from, to] = brand.colours;
  const lines = wrap(title, 18).slice(0, 4);
  const top = graphicSize / 2 - ((lines.length - 1) * 58) / 2;
  const text = lines
    .map((line, i) => `<text x="48" y="${top + i * 58}" class="t">${escapeXml(line)}</text>`)
    .join('');
  const cx = 120 + ((variant * 97) % 420);
  const cy = 90 + ((variant * 61) % 460);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${graphicSize}" height="${graphicSize}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<style>.t{font:700 50px 'DejaVu Sans','Liberation Sans',sans-serif;fill:#fff}.b{font:600 24px 'DejaVu Sans','Liberation Sans',sans-serif;fill:#fff;opacity:.85}</style></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${cx}" cy="${cy}" r="${150 + (variant % 4) * 30}" fill="#fff" opacity=".08"/>
<circle cx="${graphicSize - cx / 2}" cy="${graphicSize - cy / 3}" r="90" fill="#fff" opacity=".06"/>
<rect x="48" y="56" width="64" height="6" rx="3" fill="#fff"/>
<text x="48" y="104" class="b">${escapeXml(brand.name.toUpperCase())}</text>
${text}
<text x="48" y="${graphicSize - 48}" class="b">FitPost</text>
</svg>`;
}

/** A brand's logo: its initials on its gradient. */
function logoSvg(brand: DemoBrand) {
  const [from, to] = brand.colours;
  const initials = brand.name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${logoSize}" height="${logoSize}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<circle cx="128" cy="128" r="128" fill="url(#g)"/>
<text x="128" y="158" text-anchor="middle" style="font:700 88px 'DejaVu Sans','Liberation Sans',sans-serif;fill:#fff">${escapeXml(initials)}</text>
</svg>`;
}

/** Renders an SVG we wrote ourselves (never user input) to a stored JPEG media row. */
async function renderImage(svg: string, portalId: number) {
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return {
    portalId,
    userId: null,
    mimeType: 'image/jpeg' as const,
    width: info.width,
    height: info.height,
    bytes: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    library: true,
    data,
  };
}

/** Runs `work` over `items` two at a time (the machine's cores), keeping order. */
async function inPairs<T, R>(items: T[], work: (item: T, index: number) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += 2)
    out.push(...(await Promise.all(items.slice(i, i + 2).map((x, j) => work(x, i + j)))));
  return out;
}

/** Which extra tags, window and flag item `n` of the portal gets: a varied, repeatable library. */
function itemTraits(n: number, now: Date) {
  const extra: string[] = [];
  if (n % 3 === 0) extra.push('Beginners');
  if (n % 5 === 1) extra.push('Motivation');
  if (n % 4 === 2) extra.push('Evergreen', 'Members Only');
  if (n % 7 === 3) extra.push('Spring Campaign');
  const scheduled = n % 15 === 14;
  const expired = !scheduled && n % 20 === 19;
  return {
    extra,
    recommended: n % 6 === 0,
    activeFrom: scheduled
      ? new Date(now.getTime() + 7 * day)
      : expired
        ? new Date(now.getTime() - 60 * day)
        : null,
    activeUntil: expired ? new Date(now.getTime() - 30 * day) : null,
    publishedAt: scheduled ? new Date(now.getTime() + 7 * day) : new Date(now.getTime() - n * 0.7 * day),
  };
}

async function seedPortal(db: Db, portal: DemoPortal, sandboxUrl: string, now: Date) {
  const items = portal.brands.flatMap((brand) => brand.items.map((item) => ({ brand, item })));
  // Interleave brands so the newest page shows a mix.
  items.sort((a, b) => a.brand.items.indexOf(a.item) - b.brand.items.indexOf(b.item));
  const graphics = await inPairs(items, ({ brand, item }, n) =>
    renderImage(graphicSvg(brand, item.title, n), portal.portalId),
  );
  const logos = await inPairs(portal.brands, (brand) => renderImage(logoSvg(brand), portal.portalId));

  await db.transaction(async (tx) => {
    const tagNames = [...portal.searchableTags, ...portal.hiddenTags];
    await tx
      .insert(tags)
      .values(
        tagNames.map((name) => ({
          portalId: portal.portalId,
          name,
          searchable: portal.searchableTags.includes(name),
        })),
      )
      .onConflictDoNothing();
    const tagRows = await tx
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(and(eq(tags.portalId, portal.portalId), inArray(tags.name, tagNames)));
    const tagId = new Map(tagRows.map((t) => [t.name, t.id]));

    const logoRows = await tx.insert(media).values(logos).returning({ id: media.id });
    await tx
      .insert(brands)
      .values(
        portal.brands.map((brand, i) => ({
          portalId: portal.portalId,
          name: brand.name,
          description: brand.description,
          logoMediaId: logoRows[i]?.id ?? null,
        })),
      )
      .onConflictDoNothing();
    const brandRows = await tx
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(eq(brands.portalId, portal.portalId));
    const brandId = new Map(brandRows.map((b) => [b.name, b.id]));

    const graphicRows = await tx.insert(media).values(graphics).returning({ id: media.id });
    const rows = items.map(({ brand, item }, n) => {
      const traits = itemTraits(n, now);
      return {
        row: {
          portalId: portal.portalId,
          type: 'library' as const,
          title: item.title,
          body: item.body,
          mediaId: graphicRows[n]?.id ?? null,
          brandId: brandId.get(brand.name) ?? null,
          activeFrom: traits.activeFrom,
          activeUntil: traits.activeUntil,
          recommended: traits.recommended,
          publishedAt: traits.publishedAt,
          createdAt: now,
          updatedAt: now,
        },
        tagIds: [brand.tag, ...traits.extra].flatMap((name) => tagId.get(name) ?? []),
      };
    });
    const inserted = await tx
      .insert(contentItems)
      .values(rows.map((r) => r.row))
      .returning({ id: contentItems.id });
    const links = inserted.flatMap((c, n) =>
      [...new Set(rows[n]?.tagIds ?? [])].map((tag) => ({ contentId: c.id, tagId: tag })),
    );
    if (links.length > 0) await tx.insert(contentTags).values(links);
    // The search text reads the searchable tag names.
    await refreshTagNames(
      tx,
      sql`select ${contentItems.id} from ${contentItems} where ${contentItems.portalId} = ${portal.portalId}`,
    );

    for (const feed of portal.feeds) {
      const url = `${sandboxUrl.replace(/\/+$/, '')}${feed.path}`;
      const [existing] = await tx
        .select({ id: feeds.id })
        .from(feeds)
        .where(and(eq(feeds.portalId, portal.portalId), eq(feeds.url, url)));
      if (!existing)
        await tx.insert(feeds).values({
          portalId: portal.portalId,
          isSystem: true,
          userId: null,
          name: feed.name,
          url,
          description: feed.description,
        });
    }
  });
}

/**
 * The demo's content library (issue 4): for portal 1 five brands, 60 items with graphics drawn
 * here with sharp, 15 tags (two not searchable) and two system feeds on the sandbox; a smaller
 * library for portal 2. Idempotent: a portal that already has library content is left alone, so
 * the graphics are drawn once, on the first start.
 */
export async function seedDemoLibrary(db: Db, opts: { sandboxUrl: string; now?: Date }) {
  const now = opts.now ?? new Date();
  for (const portal of demoPortals) {
    const [existing] = await db
      .select({ n: count() })
      .from(contentItems)
      .where(and(eq(contentItems.portalId, portal.portalId), eq(contentItems.type, 'library')));
    if ((existing?.n ?? 0) > 0) continue;
    await seedPortal(db, portal, opts.sandboxUrl, now);
  }
}
