/**
 * How each network shortens a long post in the feed, so the preview shows what followers see before
 * they tap: LinkedIn about 210 characters then "…see more", Facebook about 480 then "… See more",
 * Instagram's caption about 125 then "… more". X shows every character of a post up to its limit.
 */
export const feedTruncation = {
  linkedin: { after: 210, more: 'see more', ellipsis: '…' },
  facebook: { after: 480, more: 'See more', ellipsis: '… ' },
  instagram: { after: 125, more: 'more', ellipsis: '… ' },
} as const;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The text's user-perceived characters: an emoji with skin tone or a family is one, never split. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/**
 * The first `max` characters of `text` (whole graphemes), ended at a word boundary when one is near,
 * or null when the whole text fits.
 */
export function truncateText(text: string, max: number): string | null {
  const characters = graphemes(text);
  if (characters.length <= max) return null;
  const head = characters.slice(0, max).join('');
  const lastSpace = head.search(/\s\S*$/);
  const cut = lastSpace > head.length * 0.6 ? head.slice(0, lastSpace) : head;
  return cut.trimEnd();
}

/** A link as X writes it in a post: without the scheme and `www.`, cut after 23 characters with "…". */
export function displayUrl(url: string): string {
  const bare = url.replace(/^https?:\/\/(www\.)?/i, '');
  const characters = graphemes(bare);
  return characters.length > 23 ? `${characters.slice(0, 23).join('')}…` : bare;
}

/** Text split into plain runs and links, for previews that colour links as the network does. */
export function splitLinks(text: string): { text: string; url: string | null }[] {
  const parts: { text: string; url: string | null }[] = [];
  const pattern = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’”]/gi;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start), url: null });
    parts.push({ text: match[0], url: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), url: null });
  return parts;
}

/** The host of a link, for link cards ("example.com"); empty when it is not a URL. */
export function linkHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/**
 * The text a network receives: the body, then the link as its own paragraph, unless the body
 * already contains it (the server composes it the same way before sending).
 */
export function postText(body: string, link: string): string {
  const trimmedLink = link.trim();
  if (!trimmedLink || body.includes(trimmedLink)) return body;
  return body.trim() === '' ? trimmedLink : `${body}\n\n${trimmedLink}`;
}
