import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { escapeHtml, page } from '../html.js';
import { allowMethods, HttpError, send, sendHtml, type Route } from '../http.js';
import { drawItemImage, VARIANTS, type Theme } from './artwork.js';
import { DEMO_FEEDS, largeFeedArticle, type Article, type DemoFeed } from './catalogue.js';
import {
  renderAtom,
  renderJsonFeed,
  renderRss,
  type FeedDocument,
  type FeedEntry,
  type FeedHead,
} from './documents.js';

const FEEDS_PATH = '/feeds';

/** The benchmark feed: 500 items unless `?items=` asks for another count, up to this many. */
const LARGE_DEFAULT_ITEMS = 500;
const LARGE_MAX_ITEMS = 5000;
const HOUR_MS = 3600_000;
const THEMES: readonly Theme[] = ['strength', 'nutrition', 'recovery'];
/** Rendered documents kept per (feed, item count); a handful in practice. */
const DOCUMENT_CACHE_SIZE = 32;

interface Rendered extends FeedDocument {
  etag: string;
  lastModified: Date;
}

export interface FeedsOptions {
  publicUrl: string;
  /** The newest item's date; older items follow at a fixed spacing. Defaults to the current hour. */
  publishedUntil?: Date;
}

/** Hours between consecutive items of each feed, so the three demo feeds interleave in the library. */
const SPACING_HOURS: Record<string, number> = {
  'strength.rss': 24,
  'nutrition.atom': 36,
  'recovery.json': 48,
  'large.rss': 1,
};

function itemCount(url: URL, available: number, fallback: number): number {
  const raw = url.searchParams.get('items');
  if (raw === null) return fallback;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 0 || count > available) {
    throw new HttpError(400, 'bad_request', `items must be a whole number from 0 to ${available}.`);
  }
  return count;
}

function parseImagePath(pathname: string): { theme: Theme; variant: number } | undefined {
  const match = /^\/feeds\/images\/(strength|nutrition|recovery)-(\d{1,2})\.png$/.exec(pathname);
  const theme = THEMES.find((candidate) => candidate === match?.[1]);
  const variant = Number(match?.[2]);
  return theme && variant < VARIANTS ? { theme, variant } : undefined;
}

/** RFC 9110: If-None-Match wins over If-Modified-Since; both compare against what would be sent now. */
function isNotModified(req: IncomingMessage, rendered: Rendered): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === rendered.etag || tag === '*');
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && rendered.lastModified.getTime() <= since;
}

function feedIndexPage(publicUrl: string): string {
  const links = [...DEMO_FEEDS.map((feed) => feed.file), `large.rss?items=${LARGE_DEFAULT_ITEMS}`]
    .map((file) => {
      const url = `${publicUrl}${FEEDS_PATH}/${file}`;
      return `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`;
    })
    .join('\n');
  return page({
    title: 'Demo feeds – FitPost sandbox',
    body: `<h1>Demo feeds</h1>
<p class="hint">Fitness publishers' feeds for trying FitPost's Content Feeds. Add any of these in Settings.</p>
<ul>
${links}
</ul>`,
  });
}

/**
 * `/feeds`: a few fitness publishers' feeds (RSS 2.0, Atom, JSON Feed) with conditional GET, a large
 * RSS feed for the import benchmark, the items' pictures and article pages.
 */
export function createFeedsRoute(options: FeedsOptions): Route {
  const until = options.publishedUntil ?? new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
  const base = `${options.publicUrl}${FEEDS_PATH}`;
  const images = new Map<string, Buffer>();
  const documents = new Map<string, Rendered>();

  const image = (theme: Theme, variant: number): Buffer => {
    const key = `${theme}-${variant}`;
    let bytes = images.get(key);
    if (!bytes) {
      bytes = drawItemImage(theme, variant);
      images.set(key, bytes);
    }
    return bytes;
  };

  const entry = (
    feedSlug: string,
    article: Article,
    index: number,
    theme: Theme,
    spacing: number,
  ): FeedEntry => {
    const variant = index % VARIANTS;
    return {
      article,
      guid: `urn:fitpost-sandbox:${feedSlug}:${article.slug}`,
      link: `${base}/articles/${feedSlug}/${article.slug}`,
      imageUrl: `${base}/images/${theme}-${variant}.png`,
      imageBytes: image(theme, variant).length,
      publishedAt: new Date(until.getTime() - index * spacing * HOUR_MS),
    };
  };

  const render = (
    key: string,
    head: Omit<FeedHead, 'updatedAt'>,
    entries: FeedEntry[],
    format: DemoFeed['format'],
  ) => {
    const updatedAt = entries[0]?.publishedAt ?? until;
    const full = { ...head, updatedAt };
    const document =
      format === 'rss'
        ? renderRss(full, entries)
        : format === 'atom'
          ? renderAtom(full, entries)
          : renderJsonFeed(full, entries);
    const etag = `"${createHash('sha256').update(document.body).digest('base64url').slice(0, 22)}"`;
    const rendered: Rendered = { ...document, etag, lastModified: updatedAt };
    if (documents.size >= DOCUMENT_CACHE_SIZE) documents.delete(documents.keys().next().value ?? '');
    documents.set(key, rendered);
    return rendered;
  };

  const demoFeed = (feed: DemoFeed, url: URL): Rendered => {
    const count = itemCount(url, feed.articles.length, feed.articles.length);
    const key = `${feed.file}?${count}`;
    const cached = documents.get(key);
    if (cached) return cached;
    const slug = feed.file.replace(/\..*$/, '');
    const spacing = SPACING_HOURS[feed.file] ?? 24;
    const entries = feed.articles
      .slice(0, count)
      .map((article, i) => entry(slug, article, i, feed.theme, spacing));
    const head = { ...feed, selfUrl: `${base}/${feed.file}`, homeUrl: `${base}/` };
    return render(key, head, entries, feed.format);
  };

  const largeFeed = (url: URL): Rendered => {
    const count = itemCount(url, LARGE_MAX_ITEMS, LARGE_DEFAULT_ITEMS);
    const key = `large.rss?${count}`;
    const cached = documents.get(key);
    if (cached) return cached;
    const entries = Array.from({ length: count }, (_, i) =>
      entry(
        'large',
        largeFeedArticle(count - i),
        i,
        THEMES[i % THEMES.length] ?? 'strength',
        SPACING_HOURS['large.rss'] ?? 1,
      ),
    );
    const head = {
      title: 'FitPro Workout Library',
      description: 'A workout a day, for every kind of client.',
      author: 'FitPro Academy',
      selfUrl: `${base}/large.rss`,
      homeUrl: `${base}/`,
    };
    return render(key, head, entries, 'rss');
  };

  const sendFeed = (req: IncomingMessage, res: ServerResponse, rendered: Rendered) => {
    res.setHeader('etag', rendered.etag);
    res.setHeader('last-modified', rendered.lastModified.toUTCString());
    if (isNotModified(req, rendered)) {
      res.statusCode = 304;
      res.setHeader('cache-control', 'no-cache');
      res.end();
      return;
    }
    send(res, 200, rendered.contentType, rendered.body, 'no-cache');
  };

  const article = (pathname: string) => {
    const [, feedSlug, slug] = /^\/feeds\/articles\/([\w-]+)\/([\w-]+)$/.exec(pathname) ?? [];
    if (feedSlug === 'large') {
      const n = Number(/^workout-(\d+)$/.exec(slug ?? '')?.[1]);
      if (n >= 1 && n <= LARGE_MAX_ITEMS)
        return { feed: 'FitPro Workout Library', article: largeFeedArticle(n) };
    }
    const feed = DEMO_FEEDS.find((candidate) => candidate.file.startsWith(`${feedSlug}.`));
    const found = feed?.articles.find((candidate) => candidate.slug === slug);
    return feed && found ? { feed: feed.title, article: found } : undefined;
  };

  return {
    prefix: FEEDS_PATH,
    handle: (req, res, url) => {
      allowMethods(req, ['GET', 'HEAD']);
      const path = url.pathname;
      if (path === FEEDS_PATH || path === `${FEEDS_PATH}/`)
        return sendHtml(res, 200, feedIndexPage(options.publicUrl));
      if (path === `${FEEDS_PATH}/large.rss`) return sendFeed(req, res, largeFeed(url));
      const feed = DEMO_FEEDS.find((candidate) => path === `${FEEDS_PATH}/${candidate.file}`);
      if (feed) return sendFeed(req, res, demoFeed(feed, url));
      const picture = parseImagePath(path);
      if (picture) {
        res.statusCode = 200;
        res.setHeader('content-type', 'image/png');
        res.setHeader('cache-control', 'public, max-age=86400');
        const bytes = image(picture.theme, picture.variant);
        res.setHeader('content-length', bytes.length);
        res.end(bytes);
        return;
      }
      const found = article(path);
      if (found) {
        return sendHtml(
          res,
          200,
          page({
            title: `${found.article.title} – ${found.feed}`,
            body: `<h1><span class="organisation">${escapeHtml(found.feed)}</span> ${escapeHtml(found.article.title)}</h1>\n${found.article.html}`,
          }),
        );
      }
      throw new HttpError(404, 'not_found', `Nothing is served at ${path}.`);
    },
  };
}
