// The library the search benchmark reads (bench/library.mjs): a portal with an admin and a member,
// brands, tags, a feed and `itemsTotal` content items written straight into the database with the
// server's own schema, the same on every run (a seeded generator).
import { randomUUID } from 'node:crypto';
import { roleIds } from '@fitpost/contract';
import { seedReferenceData } from '../apps/server/dist/db/seed.js';
import { portals, userRoles, users } from '../apps/server/dist/db/schema.js';
import {
  brands,
  contentItems,
  contentTags,
  favorites,
  feeds,
  tags,
} from '../apps/server/dist/db/schema-library.js';
import { posts, postTargets } from '../apps/server/dist/db/schema-posts.js';
import { createSession } from '../apps/server/dist/modules/auth/sessions.js';

const day = 86_400_000;

/** A small deterministic generator, so every run writes the same library. */
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const vocabulary =
  `squat deadlift bench press lunge plank kettlebell swing row pullup pushup burpee sprint
  interval tempo hinge mobility stretch yoga pilates breath balance core glutes hamstrings quads calves
  shoulders posture recovery sleep protein carbs fibre hydration smoothie oats lentils salad breakfast
  dinner snack recipe meal prep habit mindset motivation goal progress strength power endurance cardio
  running cycling rowing swimming walking hiking marathon race zone heart rate warmup cooldown injury
  knee ankle hip spine back neck wrist grip band dumbbell barbell machine cable bodyweight circuit
  tabata hiit conditioning agility speed jump box stairs rope beginner advanced coach client trainer
  session programme week month routine consistency rest stress energy focus confidence community
  challenge family healthy ageing bone density flexibility stability technique form cue tip guide
  mistake myth science evidence study nutrition vitamin mineral iron calcium omega coffee caffeine
  sugar alcohol weekend holiday summer winter spring autumn morning evening outdoor home gym studio`
    .split(/\s+/)
    .filter(Boolean);

export async function seedLibrary(database, itemsTotal) {
  await database.migrate();
  await seedReferenceData(database.db);
  const db = database.db;
  const rand = prng(42);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  // Word frequencies fall off steeply, as in real text: the first eighth of the vocabulary makes
  // half of all words, so searches meet both very common and rare words.
  const word = () => vocabulary[Math.floor(rand() ** 3 * vocabulary.length)];
  const words = (n) => Array.from({ length: n }, word).join(' ');
  await db
    .insert(portals)
    .values([
      { id: 1, alias: 'fitpro', name: 'FitPro Academy' },
      // The feed import writes here, so the searched library keeps exactly BENCH_ITEMS items.
      { id: 2, alias: 'imports', name: 'Import benchmark' },
    ])
    .onConflictDoNothing();
  const [admin, member] = await db
    .insert(users)
    .values([
      { portalId: 1, email: 'bench-admin@example.com', fullName: 'Bench Admin' },
      { portalId: 1, email: 'bench-coach@example.com', fullName: 'Bench Coach' },
    ])
    .returning({ id: users.id });
  await db.insert(userRoles).values([
    { userId: admin.id, roleId: roleIds.admin, source: 'admin' },
    { userId: member.id, roleId: roleIds.member, source: 'admin' },
  ]);
  const brandRows = await db
    .insert(brands)
    .values(Array.from({ length: 12 }, (_, i) => ({ portalId: 1, name: `Brand ${i + 1} ${words(1)}` })))
    .returning({ id: brands.id });
  const tagNames = [...new Set(vocabulary)].slice(0, 40);
  const tagRows = await db
    .insert(tags)
    .values(tagNames.map((name, i) => ({ portalId: 1, name: `#${name}`, searchable: i % 8 !== 7 })))
    .returning({ id: tags.id, name: tags.name, searchable: tags.searchable });
  const systemFeeds = await db
    .insert(feeds)
    .values(
      [1, 2].map((n) => ({
        portalId: 1,
        isSystem: true,
        name: `System feed ${n}`,
        url: `https://example.com/${n}`,
      })),
    )
    .returning({ id: feeds.id });

  const now = Date.now();
  const ids = [];
  for (let i = 0; i < itemsTotal; i += 1000) {
    const rows = [];
    const links = [];
    for (let j = i; j < Math.min(itemsTotal, i + 1000); j += 1) {
      const id = randomUUID();
      ids.push(id);
      const itemTags = [...new Set(Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(tagRows)))];
      const fromFeed = rand() < 0.1;
      const window = rand();
      rows.push({
        id,
        portalId: 1,
        type: fromFeed ? 'feed' : 'library',
        title: words(4 + Math.floor(rand() * 4)),
        body: words(20 + Math.floor(rand() * 25)),
        brandId: rand() < 0.9 ? pick(brandRows).id : null,
        feedId: fromFeed ? pick(systemFeeds).id : null,
        feedGuid: fromFeed ? `guid-${j}` : null,
        activeFrom: window < 0.05 ? new Date(now + 30 * day) : window < 0.1 ? new Date(now - 90 * day) : null,
        activeUntil: window >= 0.05 && window < 0.1 ? new Date(now - 30 * day) : null,
        recommended: rand() < 0.05,
        publishedAt: new Date(now - Math.floor(rand() * 730 * day)),
        tagNames: itemTags
          .filter((t) => t.searchable)
          .map((t) => t.name)
          .join(' '),
        createdBy: fromFeed ? null : admin.id,
      });
      for (const t of itemTags) links.push({ contentId: id, tagId: t.id });
    }
    await db.insert(contentItems).values(rows);
    await db.insert(contentTags).values(links);
  }
  const favourite = Array.from({ length: 300 }, () => pick(ids));
  await db
    .insert(favorites)
    .values([...new Set(favourite)].map((contentId) => ({ userId: member.id, contentId })));
  const made = await db
    .insert(posts)
    .values(
      Array.from({ length: 200 }, () => ({
        portalId: 1,
        userId: member.id,
        body: words(12),
        contentId: pick(ids),
      })),
    )
    .returning({ id: posts.id });
  await db.insert(postTargets).values(
    made.map((p, i) => ({
      postId: p.id,
      portalId: 1,
      userId: member.id,
      network: 'x',
      accountName: 'Bench Coach',
      status: i % 2 ? 'published' : 'scheduled',
      dueAt: new Date(now + day),
    })),
  );
  const token = await createSession(db, member.id, { maxMs: 7 * day });
  return {
    token,
    brandIds: brandRows.map((b) => b.id),
    tagIds: tagRows.filter((t) => t.searchable).map((t) => t.id),
  };
}
