import type { Article, DemoFeed } from './catalogue.js';

/** One article as it appears in a feed document, with everything the three formats need resolved. */
export interface FeedEntry {
  article: Article;
  guid: string;
  link: string;
  imageUrl: string;
  imageBytes: number;
  publishedAt: Date;
}

export interface FeedDocument {
  contentType: string;
  body: string;
}

export type FeedHead = Pick<DemoFeed, 'title' | 'description' | 'author'> & {
  /** The feed's own address. */
  selfUrl: string;
  /** The publisher's site. */
  homeUrl: string;
  /** The newest entry's date: the feed's Last-Modified. */
  updatedAt: Date;
};

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/** HTML inside CDATA, split where it would otherwise end the section early. */
function cdata(html: string): string {
  return `<![CDATA[${html.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** RSS 2.0 with a CDATA description, an image enclosure, categories and Dublin Core creator per item. */
export function renderRss(head: FeedHead, entries: readonly FeedEntry[]): FeedDocument {
  const items = entries.map(
    (entry) => `    <item>
      <title>${xml(entry.article.title)}</title>
      <link>${xml(entry.link)}</link>
      <guid isPermaLink="false">${xml(entry.guid)}</guid>
      <pubDate>${entry.publishedAt.toUTCString()}</pubDate>
      <dc:creator>${xml(head.author)}</dc:creator>
${entry.article.tags.map((tag) => `      <category>${xml(tag)}</category>\n`).join('')}      <description>${cdata(entry.article.html)}</description>
      <enclosure url="${xml(entry.imageUrl)}" length="${entry.imageBytes}" type="image/png"/>
    </item>
`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${xml(head.title)}</title>
    <link>${xml(head.homeUrl)}</link>
    <description>${xml(head.description)}</description>
    <language>en-gb</language>
    <lastBuildDate>${head.updatedAt.toUTCString()}</lastBuildDate>
    <atom:link href="${xml(head.selfUrl)}" rel="self" type="application/rss+xml"/>
${items.join('')}  </channel>
</rss>
`;
  return { contentType: 'application/rss+xml; charset=utf-8', body };
}

/** Atom 1.0 with an HTML summary, an enclosure link and a Media RSS thumbnail per entry. */
export function renderAtom(head: FeedHead, entries: readonly FeedEntry[]): FeedDocument {
  const items = entries.map(
    (entry) => `  <entry>
    <title type="text">${xml(entry.article.title)}</title>
    <id>${xml(entry.guid)}</id>
    <link rel="alternate" type="text/html" href="${xml(entry.link)}"/>
    <link rel="enclosure" type="image/png" length="${entry.imageBytes}" href="${xml(entry.imageUrl)}"/>
    <published>${entry.publishedAt.toISOString()}</published>
    <updated>${entry.publishedAt.toISOString()}</updated>
    <author><name>${xml(head.author)}</name></author>
${entry.article.tags.map((tag) => `    <category term="${xml(tag)}"/>\n`).join('')}    <summary type="html">${xml(entry.article.html)}</summary>
    <media:thumbnail url="${xml(entry.imageUrl)}" width="600" height="314"/>
  </entry>
`,
  );
  const body = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="en-GB">
  <title type="text">${xml(head.title)}</title>
  <subtitle>${xml(head.description)}</subtitle>
  <id>${xml(head.selfUrl)}</id>
  <updated>${head.updatedAt.toISOString()}</updated>
  <link rel="self" type="application/atom+xml" href="${xml(head.selfUrl)}"/>
  <link rel="alternate" type="text/html" href="${xml(head.homeUrl)}"/>
  <author><name>${xml(head.author)}</name></author>
${items.join('')}</feed>
`;
  return { contentType: 'application/atom+xml; charset=utf-8', body };
}

/** JSON Feed 1.1 with HTML content, an image and tags per item. */
export function renderJsonFeed(head: FeedHead, entries: readonly FeedEntry[]): FeedDocument {
  const document = {
    version: 'https://jsonfeed.org/version/1.1',
    title: head.title,
    home_page_url: head.homeUrl,
    feed_url: head.selfUrl,
    description: head.description,
    language: 'en-GB',
    authors: [{ name: head.author }],
    items: entries.map((entry) => ({
      id: entry.guid,
      url: entry.link,
      title: entry.article.title,
      content_html: entry.article.html,
      image: entry.imageUrl,
      date_published: entry.publishedAt.toISOString(),
      tags: entry.article.tags,
    })),
  };
  return {
    contentType: 'application/feed+json; charset=utf-8',
    body: `${JSON.stringify(document, null, 2)}\n`,
  };
}
