import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { FeedFetchError } from './errors.js';
import { decodeBody, parseFeedDocument } from './parse.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const FEED_URL = 'https://feeds.example.com/coach/feed';

function malformedMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FeedFetchError);
    expect((error as FeedFetchError).code).toBe('feed.malformed');
    return (error as FeedFetchError).message;
  }
  throw new Error('expected feed.malformed');
}

describe('RSS 2.0', () => {
  const feed = parseFeedDocument(fixture('strength.rss'), 'application/rss+xml; charset=utf-8', FEED_URL);

  it('reads the channel title with entities decoded', () => {
    expect(feed.title).toBe('Iron & Intent — Strength Coaching');
  });

  it('turns HTML descriptions into plain text, dropping scripts and decoding entities', () => {
    const [squat, hinge] = feed.items;
    expect(squat).toEqual({
      guid: 'iron-intent-0012',
      title: '5 cues for a stronger back squat',
      link: 'https://coach.example.com/articles/back-squat-cues?utm_source=rss',
      summary:
        'Brace before you descend & keep your mid-foot loaded.\n\nKnees track over toes – don’t fight it.',
      imageUrl: 'https://cdn.example.com/img/back-squat.jpg',
      publishedAt: new Date('2025-06-02T07:00:00Z'),
    });
    // Escaped (not CDATA) HTML is decoded twice over, as feed readers do: once as XML, once as HTML.
    expect(hinge?.summary).toBe('Start with the hip hinge drill: 3 × 10 with a dowel.');
    expect(hinge?.title).toBe('Deadlift & hinge progressions for beginners');
  });

  it('resolves relative links against the feed and takes media:content images', () => {
    const hinge = feed.items[1];
    expect(hinge?.link).toBe('https://feeds.example.com/articles/hinge-progressions');
    expect(hinge?.imageUrl).toBe('https://cdn.example.com/img/hinge.png');
    expect(hinge?.publishedAt).toEqual(new Date('2025-05-29T17:15:00Z'));
  });

  it('skips non-image enclosures and falls back to the first image in the content', () => {
    const deload = feed.items[2];
    expect(deload?.guid).toBe('https://coach.example.com/articles/deloads');
    expect(deload?.imageUrl).toBe('https://cdn.example.com/img/deload.webp');
  });

  it('refuses non-http links and images, and keys an item without guid or link by title and date', () => {
    const grip = feed.items[3];
    expect(grip?.link).toBeNull();
    expect(grip?.imageUrl).toBeNull();
    expect(grip?.guid).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(grip?.summary).toBe("Farmer's carries, dead hangs and plate pinches. Read more");
    expect(grip?.publishedAt).toEqual(new Date('2025-05-20T09:00:00Z'));
  });

  it('keeps the first of two items with the same key', () => {
    expect(feed.items).toHaveLength(4);
    expect(new Set(feed.items.map((item) => item.guid)).size).toBe(4);
  });

  it('gives the same keys on every parse, so re-imports deduplicate', () => {
    const again = parseFeedDocument(fixture('strength.rss'), undefined, FEED_URL);
    expect(again.items.map((item) => item.guid)).toEqual(feed.items.map((item) => item.guid));
  });
});

describe('Atom', () => {
  const feed = parseFeedDocument(fixture('mobility.atom'), 'application/atom+xml', FEED_URL);

  it('reads entries, preferring the alternate link over an enclosure link', () => {
    expect(feed.title).toBe('Mobility Matters');
    expect(feed.items[0]).toEqual({
      guid: 'tag:mobility.example.org,2025:/routines/hip-openers',
      title: 'Hip openers before you run',
      link: 'https://mobility.example.org/routines/hip-openers',
      summary: 'Five minutes: 90/90 switches, world’s greatest stretch & deep squat holds.',
      imageUrl: 'https://feeds.example.com/images/hip-openers.jpg',
      publishedAt: new Date('2025-06-01T05:45:00Z'),
    });
  });

  it('reads XHTML content and media thumbnails', () => {
    expect(feed.items[1]).toMatchObject({
      summary: 'Open books, thread the needle and wall slides.',
      imageUrl: 'https://mobility.example.org/images/t-spine-thumb.png',
      publishedAt: new Date('2025-05-28T12:00:00Z'),
    });
  });

  it('keeps text-typed titles literal and leaves an unreadable date empty', () => {
    expect(feed.items[2]).toMatchObject({
      title: 'Ankle dorsiflexion: 3 < 5 drills',
      summary: 'Knee-to-wall test first — then banded distractions.',
      publishedAt: null,
      imageUrl: null,
    });
  });

  it('accepts an Atom feed with no entries yet', () => {
    const empty = Buffer.from(
      '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Brand new &amp; empty</title><id>urn:x</id></feed>',
    );
    expect(parseFeedDocument(empty, 'application/atom+xml', FEED_URL)).toEqual({
      title: 'Brand new & empty',
      items: [],
    });
  });
});

describe('JSON Feed', () => {
  const feed = parseFeedDocument(fixture('recovery.json'), 'application/feed+json', FEED_URL);

  it('reads items, their HTML content and images', () => {
    expect(feed.title).toBe('Recovery Lab');
    expect(feed.items[0]).toEqual({
      guid: '2025-06-01-sleep',
      title: 'Sleep: the best recovery tool you already own',
      link: 'https://recovery.example.net/posts/sleep-hygiene',
      summary: 'Aim for 7–9 hours. Keep the bedroom cool & dark.',
      imageUrl: 'https://recovery.example.net/images/sleep.jpg',
      publishedAt: new Date('2025-06-01T06:00:00Z'),
    });
  });

  it('keeps a plain-text summary literal and takes the image attachment, not the audio one', () => {
    expect(feed.items[1]).toMatchObject({
      guid: '42',
      summary: 'Short-term range of motion gains & less perceived soreness. <not a tag>',
      imageUrl: 'https://feeds.example.com/images/foam-roller.png',
      publishedAt: new Date('2025-05-30T16:30:00Z'),
    });
  });

  it('names a title-less item by its first line and skips entries that are not objects', () => {
    expect(feed.items[2]).toMatchObject({
      title: 'Hydration check: pale straw-coloured urine is the goal.',
      summary: 'Hydration check: pale straw-coloured urine is the goal.\nSip through the session.',
      publishedAt: new Date('2025-05-25T10:00:00Z'),
    });
    expect(feed.items).toHaveLength(4);
    expect(feed.items[3]).toMatchObject({ title: 'No id, an ftp link and no date', link: null });
  });

  it('is recognised by its content even when served as text/plain', () => {
    const again = parseFeedDocument(fixture('recovery.json'), 'text/plain', FEED_URL);
    expect(again.items).toHaveLength(4);
  });

  it('stores an id holding NUL as its hash and forgets dates no database holds, item by item', () => {
    const parsed = parseFeedDocument(fixture('odd-items.json'), 'application/feed+json', FEED_URL);
    expect(parsed.items.map((i) => [i.title, i.summary, i.publishedAt])).toEqual([
      ['Squat day', '', null],
      ['Lunges', 'Step forward', null],
      ['Dated', '', new Date('2025-05-01T00:00:00Z')],
    ]);
    expect(parsed.items[0]?.guid).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(parsed.items[1]?.guid).toBe('lunges');
  });
});

describe('documents that are not feeds', () => {
  it('refuses malformed XML with a clear error and no items', () => {
    expect(
      malformedMessage(() => parseFeedDocument(fixture('malformed.rss'), 'application/rss+xml', FEED_URL)),
    ).toBe('This feed is not well-formed XML, so nothing was imported.');
  });

  it('refuses broken JSON, JSON that is not a JSON Feed, HTML pages and other XML', () => {
    const parse = (text: string, type?: string) => () => parseFeedDocument(Buffer.from(text), type, FEED_URL);
    expect(malformedMessage(parse('{"items": [', 'application/json'))).toBe(
      'This feed is not valid JSON, so nothing was imported.',
    );
    expect(malformedMessage(parse('{"title": "x"}'))).toMatch(/not a JSON Feed/);
    expect(malformedMessage(parse('<!DOCTYPE html><html><body>Hi</body></html>', 'text/html'))).toBe(
      'This address serves a web page, not an RSS, Atom or JSON feed.',
    );
    expect(malformedMessage(parse('<?xml version="1.0"?><svg><g/></svg>'))).toBe(
      'This address does not serve an RSS, Atom or JSON feed.',
    );
    expect(malformedMessage(parse(''))).toMatch(/not well-formed/);
  });
});

describe('decodeBody', () => {
  it('honours the charset of the Content-Type, then the XML declaration', () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><t>Café</t>', 'latin1');
    expect(decodeBody(latin1, 'application/xml')).toContain('Café');
    expect(decodeBody(Buffer.from('Café', 'latin1'), 'text/xml; charset=windows-1252')).toBe('Café');
    expect(decodeBody(Buffer.from('\uFEFFCafé', 'utf8'), 'text/xml; charset=nonsense')).toBe('Café');
    expect(decodeBody(Buffer.from('Café', 'utf8'), 'text/xml; charset=nonsense')).toBe('Café');
  });
});
