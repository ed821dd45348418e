import sanitizeHtml from 'sanitize-html';

/**
 * The one allowlist an announcement's HTML passes on write (the server keeps only its output):
 * formatting tags, lists and links; links to http(s) or mailto only, opening in a new tab with
 * `rel="noopener noreferrer"`. No styles, classes, scripts, event handlers, frames, forms, SVG or
 * MathML; anything else is dropped (its text kept, but for the raw-text elements below).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  // Elements whose content is code or markup, never text to keep.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'template',
    'iframe',
    'noembed',
    'noframes',
    'xmp',
    'plaintext',
    'svg',
    'math',
    'object',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href === undefined ? {} : { href: attribs.href }),
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    }),
  },
  // A link whose address was refused keeps no href at all: drop the empty anchor's shell.
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/** An announcement body as the server stores and every browser renders it. */
export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
