import { createHash } from 'node:crypto';

import { isStorableInstant } from '@fitpost/contract';
import {
  extractFromJson,
  extractFromXml,
  type FeedEntry,
  type ParserOptions,
} from '@extractus/feed-extractor';

import { FeedFetchError } from './errors.js';
import { firstImageSource, htmlToText, plainText, truncate } from './html-text.js';
import { attribute, deepText, httpUrl, isRecord, list, rootElement, textOf, type Raw } from './raw-values.js';
import type { FetchedFeedItem } from './types.js';

const MAX_SUMMARY_LENGTH = 5000;
const MAX_TITLE_LENGTH = 500;
const MAX_GUID_LENGTH = 512;

interface ParsedFeed {
  title: string | null;
  items: FetchedFeedItem[];
}

type Format = 'rss' | 'atom' | 'json';

/** Where each entry's untouched source object travels through feed-extractor's normalisation. */
const RAW_KEY = 'fitpostRaw';

function parserOptions(feedUrl: string): ParserOptions {
  return {
    descriptionMaxLen: 0,
    baseUrl: feedUrl,
    // Keep values as text ("0012" stays a guid, not the number 12) and decode every XML character
    // reference, numeric ones included; the entity-expansion limits stay at the parser's defaults.
    xmlParserOptions: { parseTagValue: false, parseAttributeValue: false, htmlEntities: true },
    getExtraEntryFields: (raw) => ({ [RAW_KEY]: raw }),
  };
}

const malformed = (message: string, cause?: unknown) =>
  new FeedFetchError('feed.malformed', message, cause === undefined ? undefined : { cause });

/** Text in the charset the response names: BOM, then Content-Type, then the XML declaration, then UTF-8. */
export function decodeBody(body: Buffer, contentType: string | undefined): string {
  const bom =
    body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf
      ? 'utf-8'
      : body[0] === 0xfe && body[1] === 0xff
        ? 'utf-16be'
        : body[0] === 0xff && body[1] === 0xfe
          ? 'utf-16le'
          : undefined;
  const declared = /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const xmlDeclared = /^<\?xml[^>]*\sencoding\s*=\s*["']([\w.:-]+)["']/.exec(
    body.subarray(0, 200).toString('latin1'),
  )?.[1];
  try {
    return new TextDecoder(bom ?? declared ?? xmlDeclared ?? 'utf-8').decode(body);
  } catch {
    // An unknown label: UTF-8 is what nearly every feed really is.
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * Parses a fetched feed document (RSS 2.0, RSS 1.0, Atom or JSON Feed) with feed-extractor and
 * turns its entries into FitPost's items. Throws `feed.malformed` for anything that is not a feed.
 */
export function parseFeedDocument(
  body: Buffer,
  contentType: string | undefined,
  feedUrl: string,
): ParsedFeed {
  const text = decodeBody(body, contentType);
  const start = text.trimStart();
  if (start.startsWith('{') || (/json/i.test(contentType ?? '') && !start.startsWith('<')))
    return parseJson(start, feedUrl);
  return parseXml(text, feedUrl);
}

function parseJson(text: string, feedUrl: string): ParsedFeed {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw malformed('This feed is not valid JSON, so nothing was imported.', error);
  }
  const items: unknown = isRecord(data) ? data.items : undefined;
  if (!isRecord(data) || !Array.isArray(items))
    throw malformed('This address serves JSON, but not a JSON Feed (it has no list of items).');
  // feed-extractor destructures every item, so anything but an object would throw inside it.
  const document = { ...data, items: list(items).filter(isRecord) };
  const feed = extract(() => extractFromJson(document, parserOptions(feedUrl)));
  return toParsedFeed(feed.entries ?? [], textOf(data.title), 'json', feedUrl);
}

function parseXml(text: string, feedUrl: string): ParsedFeed {
  const root = rootElement(text);
  if (root?.toLowerCase() === 'html')
    throw malformed('This address serves a web page, not an RSS, Atom or JSON feed.');
  const format: Format = root === 'feed' ? 'atom' : 'rss';
  let feed;
  try {
    feed = extractFromXml(text, parserOptions(feedUrl));
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/not well-formed/i.test(message))
      throw malformed('This feed is not well-formed XML, so nothing was imported.', error);
    // feed-extractor only recognises an Atom feed that has entries; an empty one is still a feed.
    if (root === 'feed' && !/<entry[\s>]/.test(text)) return { title: emptyAtomTitle(text), items: [] };
    throw malformed('This address does not serve an RSS, Atom or JSON feed.', error);
  }
  return toParsedFeed(feed.entries ?? [], feed.title, format, feedUrl);
}

function extract<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw malformed('This feed could not be read, so nothing was imported.', error);
  }
}

function emptyAtomTitle(text: string): string | null {
  const title = /<title(?:\s[^>]*)?>([\s\S]*?)<\/title>/.exec(text)?.[1];
  return title ? htmlToText(title, MAX_TITLE_LENGTH) || null : null;
}

function toParsedFeed(
  entries: readonly FeedEntry[],
  rawTitle: unknown,
  format: Format,
  feedUrl: string,
): ParsedFeed {
  const title = typeof rawTitle === 'string' ? plainText(rawTitle, MAX_TITLE_LENGTH) : '';
  const seen = new Set<string>();
  const items: FetchedFeedItem[] = [];
  for (const entry of entries) {
    const raw = entry[RAW_KEY];
    if (!isRecord(raw)) continue;
    const item = toItem(raw, format, feedUrl);
    // A feed that repeats an item keeps its first copy; the same key must never be imported twice.
    if (seen.has(item.guid)) continue;
    seen.add(item.guid);
    items.push(item);
  }
  return { title: title || null, items };
}

/** An Atom text construct or RSS/JSON text field as plain text, honouring Atom's `type`. */
function textField(value: unknown, format: Format, maxLength: number): string {
  if (format === 'json') return plainText(textOf(value) ?? '', maxLength);
  const type = attribute(value, 'type')?.toLowerCase() ?? (format === 'atom' ? 'text' : 'html');
  if (type === 'xhtml') return plainText(deepText(value), maxLength);
  const text = textOf(value) ?? '';
  return type === 'html' || type === 'text/html' ? htmlToText(text, maxLength) : plainText(text, maxLength);
}

function summaryOf(raw: Raw, format: Format): string {
  if (format === 'json') {
    const plain = textOf(raw.summary) ?? textOf(raw.content_text);
    if (plain?.trim()) return plainText(plain, MAX_SUMMARY_LENGTH);
    return htmlToText(textOf(raw.content_html) ?? '', MAX_SUMMARY_LENGTH);
  }
  const fields = format === 'atom' ? [raw.summary, raw.content] : [raw.description, raw['content:encoded']];
  for (const field of fields) {
    const text = textField(field, format, MAX_SUMMARY_LENGTH);
    if (text) return text;
  }
  return '';
}

function linkOf(raw: Raw, format: Format, base: string): string | null {
  if (format === 'json') return httpUrl(textOf(raw.url), base) ?? httpUrl(textOf(raw.external_url), base);
  const atomLinks = list(raw.link).filter((link) => attribute(link, 'href') !== undefined);
  if (atomLinks.length > 0) {
    const alternate = atomLinks.find((link) => (attribute(link, 'rel') ?? 'alternate') === 'alternate');
    return httpUrl(attribute(alternate, 'href'), base);
  }
  const link = httpUrl(textOf(raw.link), base);
  if (link) return link;
  // RSS: a guid is the item's permalink unless it says otherwise.
  return attribute(raw.guid, 'isPermaLink') === 'false' ? null : httpUrl(textOf(raw.guid), null);
}

const IMAGE_EXTENSION = /\.(?:avif|gif|jpe?g|png|webp)(?:$|[?#])/i;

function isImage(type: string | undefined, medium: string | undefined, url: string | undefined): boolean {
  if (medium) return medium.toLowerCase() === 'image';
  if (type) return type.toLowerCase().startsWith('image/');
  return url !== undefined && IMAGE_EXTENSION.test(url);
}

/** Candidate image addresses of an item, most specific first. */
function imageCandidates(raw: Raw, format: Format): (string | undefined)[] {
  if (format === 'json') {
    const attachments = list(raw.attachments)
      .filter((a) => isRecord(a) && isImage(textOf(a.mime_type), undefined, textOf(a.url)))
      .map((a) => (isRecord(a) ? textOf(a.url) : undefined));
    return [
      textOf(raw.image),
      textOf(raw.banner_image),
      ...attachments,
      firstImageSource(textOf(raw.content_html) ?? '') ?? undefined,
    ];
  }
  const groups = list(raw['media:group']).filter(isRecord);
  const media = [raw['media:content'], ...groups.map((g) => g['media:content'])].flatMap(list);
  const thumbnails = [raw['media:thumbnail'], ...groups.map((g) => g['media:thumbnail'])].flatMap(list);
  const pick = (items: unknown[], key: 'url' | 'href') =>
    items
      .filter((m) => isImage(attribute(m, 'type'), attribute(m, 'medium'), attribute(m, key)))
      .map((m) => attribute(m, key));
  const atomEnclosures = list(raw.link).filter((link) => attribute(link, 'rel') === 'enclosure');
  const image = isRecord(raw.image) ? textOf(raw.image.url) : textOf(raw.image);
  const html = [raw['content:encoded'], raw.description, raw.content, raw.summary]
    .map((field) => textOf(field) ?? '')
    .join('\n');
  return [
    ...pick(media, 'url'),
    ...thumbnails.map((t) => attribute(t, 'url')),
    ...pick(list(raw.enclosure), 'url'),
    ...pick(atomEnclosures, 'href'),
    image,
    attribute(raw['itunes:image'], 'href'),
    firstImageSource(html) ?? undefined,
  ];
}

function publishedAtOf(raw: Raw, format: Format): Date | null {
  const fields =
    format === 'json'
      ? [raw.date_published, raw.date_modified]
      : [raw.pubDate, raw.published, raw['dc:date'], raw.updated, raw.issued, raw.modified];
  for (const field of fields) {
    const text = textOf(field)?.trim();
    if (!text) continue;
    const date = new Date(text);
    // Year 0000 or 275760 parses, but no database column holds it: such an item has no date.
    if (isStorableInstant(date.getTime())) return date;
  }
  return null;
}

const sha256 = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

function guidOf(
  raw: Raw,
  format: Format,
  link: string | null,
  title: string,
  publishedAt: Date | null,
): string {
  const id = format === 'json' || format === 'atom' ? raw.id : (raw.guid ?? raw['@_rdf:about']);
  const key = textOf(id)?.trim() || link || sha256(`${title}\n${publishedAt?.toISOString() ?? ''}`);
  // Too long for the index, or holding a NUL PostgreSQL cannot store: kept as its hash, still unique.
  return key.length > MAX_GUID_LENGTH || key.includes('\u0000') ? sha256(key) : key;
}

function toItem(raw: Raw, format: Format, feedUrl: string): FetchedFeedItem {
  const summary = summaryOf(raw, format);
  const link = linkOf(raw, format, feedUrl);
  const publishedAt = publishedAtOf(raw, format);
  const written = textField(raw.title, format, MAX_TITLE_LENGTH);
  // Title-less items (JSON Feed allows them) are named by the start of their text.
  const title = written || truncate(summary.split('\n')[0] ?? '', 100) || 'Untitled item';
  const imageUrl =
    imageCandidates(raw, format)
      .map((candidate) => httpUrl(candidate, feedUrl))
      .find((url) => url !== null) ?? null;
  return {
    guid: guidOf(raw, format, link, written, publishedAt),
    title,
    link,
    summary,
    imageUrl,
    publishedAt,
  };
}
