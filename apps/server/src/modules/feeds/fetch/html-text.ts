import { decodeHTMLAttribute, decodeHTMLStrict } from 'entities';

/**
 * Decodes character references once, as the HTML standard does (so `&amp;lt;` becomes the text
 * `&lt;`, as a browser shows it): every named reference with its semicolon, numeric ones (`&#8217;`,
 * `&#x2019;`) with NUL, surrogates and out-of-range values as U+FFFD. An unknown name stays as written.
 */
export function decodeEntities(text: string): string {
  return decodeHTMLStrict(text);
}

/** C0 controls other than tab and line breaks never belong in a caption. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Collapses runs of spaces, trims every line and keeps at most one blank line between paragraphs. */
function tidyWhitespace(text: string): string {
  return text
    .replace(CONTROL_CHARACTERS, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Cuts to `maxLength` characters at a word boundary where one is near, ending with an ellipsis. */
export function truncate(text: string, maxLength: number): string {
  const characters = [...text];
  if (characters.length <= maxLength) return text;
  const cut = characters.slice(0, maxLength - 1).join('');
  const boundary = cut.search(/\s\S*$/);
  const base = boundary > maxLength * 0.8 ? cut.slice(0, boundary) : cut;
  return `${base.trimEnd()}…`;
}

/** Plain text stays as written: only whitespace is tidied and the length capped. */
export function plainText(text: string, maxLength: number): string {
  return truncate(tidyWhitespace(text), maxLength);
}

const PARAGRAPH_TAGS =
  /<\/?(?:address|article|aside|blockquote|div|dl|figcaption|figure|footer|h[1-6]|header|hr|ol|p|pre|section|table|ul)\b[^>]*>/gi;
/** List items and table rows start a new line; their end tags add nothing. */
const LINE_TAGS = /<(?:dd|dt|li|tr)\b[^>]*>/gi;

/**
 * HTML (a feed's description or content) to readable plain text: scripts, styles and comments
 * dropped, paragraphs kept as blank lines, tags removed, character references decoded.
 */
export function htmlToText(html: string, maxLength: number): string {
  const text = html
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(PARAGRAPH_TAGS, '\n\n')
    .replace(LINE_TAGS, '\n')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/<![^>]*>|<\?[^>]*\?>/g, '');
  return truncate(tidyWhitespace(decodeEntities(text)), maxLength);
}

/** The `src` of the first `<img>` in an HTML fragment, decoded, or null. */
export function firstImageSource(html: string): string | null {
  const match = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
  const src = match?.[1] ?? match?.[2] ?? match?.[3];
  // An attribute value, decoded as a browser decodes one (`?a=1&copy=2` keeps its `&copy`).
  return src ? decodeHTMLAttribute(src.trim()) : null;
}
