import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeAnnouncementHtml } from './sanitize.js';
import { xssCorpus } from './xss-corpus.js';

const allowedTags = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'UL',
  'OL',
  'LI',
  'A',
  'BLOCKQUOTE',
]);

/** Parses `html` the way a browser does (parse5) and lists every rule it breaks. */
function violations(html: string): string[] {
  const found: string[] = [];
  const fragment = JSDOM.fragment(html);
  for (const el of fragment.querySelectorAll('*')) {
    if (!allowedTags.has(el.tagName)) found.push(`tag ${el.tagName}`);
    for (const attr of el.getAttributeNames()) {
      if (el.tagName !== 'A' || !['href', 'target', 'rel'].includes(attr))
        found.push(`${el.tagName}[${attr}]`);
    }
    if (el.tagName === 'A') {
      const href = el.getAttribute('href');
      if (
        href !== null &&
        !['http:', 'https:', 'mailto:'].includes(new URL(href, 'https://base.invalid').protocol)
      )
        found.push(`href ${href}`);
      if (el.getAttribute('rel') !== 'noopener noreferrer') found.push('rel');
    }
  }
  return found;
}

const scratch = new JSDOM('').window.document.createElement('div');

/** `html` parsed and serialised again by a browser's parser. */
function asBrowserSees(html: string): string {
  scratch.innerHTML = html;
  return scratch.innerHTML;
}

describe('announcement sanitiser', () => {
  it('keeps the formatting an admin writes: bold, italics, lists and http(s)/mailto links', () => {
    const html =
      '<p>Hello <strong>coaches</strong> and <em>friends</em></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<p><a href="https://example.com/x?a=1&amp;b=2">read</a> <a href="mailto:help@example.com">mail</a></p>';
    expect(sanitizeAnnouncementHtml(html)).toBe(
      '<p>Hello <strong>coaches</strong> and <em>friends</em></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
        '<p><a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">read</a> ' +
        '<a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer">mail</a></p>',
    );
  });

  it('sets rel and target on every link, whatever the author wrote', () => {
    expect(sanitizeAnnouncementHtml('<a href="https://e.com" rel="opener" target="_self">x</a>')).toBe(
      '<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops styles, classes, ids, scripts and their content', () => {
    expect(sanitizeAnnouncementHtml('<p style="color:red" class="c" id="i">a<script>b()</script></p>')).toBe(
      '<p>a</p>',
    );
  });

  it(`leaves nothing executable of ${xssCorpus.length} XSS payloads, as a browser would parse the result`, () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(40);
    for (const payload of xssCorpus) {
      const clean = sanitizeAnnouncementHtml(payload);
      expect(violations(clean), payload).toEqual([]);
      expect(clean, payload).not.toMatch(/javascript:|data:|vbscript:|<script|<svg|<math|onerror|onload/i);
      // Stable: what a browser makes of the output, sanitised again, is what the browser made of it.
      const inBrowser = asBrowserSees(clean);
      expect(asBrowserSees(sanitizeAnnouncementHtml(inBrowser)), payload).toBe(inBrowser);
    }
  });

  it('the check itself catches what the sanitiser removes (positive control)', () => {
    expect(violations('<img src=x onerror="__xss(1)">')).toEqual(['tag IMG', 'IMG[src]', 'IMG[onerror]']);
    expect(violations('<a href="javascript:__xss(1)" rel="noopener noreferrer">x</a>')).toEqual([
      'href javascript:__xss(1)',
    ]);
  });
});
