import { describe, expect, it } from 'vitest';

import { decodeEntities, firstImageSource, htmlToText, plainText, truncate } from './html-text.js';

describe('htmlToText', () => {
  it('keeps paragraphs and line breaks, drops tags, scripts, styles and comments', () => {
    const html =
      '<div><h2>Leg day</h2><p>Squats<br>Lunges</p><!-- hidden --><style>p{}</style><script>x()</script><ul><li>Rest 90 s</li><li>Hydrate</li></ul></div>';
    expect(htmlToText(html, 5000)).toBe('Leg day\n\nSquats\nLunges\n\nRest 90 s\nHydrate');
  });

  it('decodes named and numeric character references once', () => {
    expect(
      htmlToText('Sets &amp; reps &ndash; 3&times;8 &#8212; &#x1F4AA; &amp;lt;b&amp;gt; &bogus;', 5000),
    ).toBe('Sets & reps – 3×8 — 💪 &lt;b&gt; &bogus;');
  });

  it('leaves a less-than sign that starts no tag', () => {
    expect(htmlToText('Rest &lt; 60 s, then 3 < 5', 5000)).toBe('Rest < 60 s, then 3 < 5');
  });

  it('caps the length at a word boundary', () => {
    const text = htmlToText(`<p>${'squat '.repeat(2000)}</p>`, 5000);
    expect([...text].length).toBeLessThanOrEqual(5000);
    expect(text.endsWith('squat…')).toBe(true);
  });
});

describe('decodeEntities', () => {
  it('knows every named reference HTML defines, not a hand-picked few', () => {
    expect(decodeEntities('&alpha;&rarr;&Omega; &spades; &Scaron;koda &frac13;')).toBe('α→Ω ♠ Škoda ⅓');
  });

  it('replaces invalid code points with the replacement character', () => {
    expect(decodeEntities('&#0;&#xD800;&#1114112;')).toBe('\uFFFD\uFFFD\uFFFD');
  });
});

describe('plainText and truncate', () => {
  it('tidies whitespace and control characters without touching markup-looking text', () => {
    expect(plainText('  Row <b>heavy</b>\u0007 \r\n\r\n\r\n\tthen rest  ', 100)).toBe(
      'Row <b>heavy</b>\n\nthen rest',
    );
  });

  it('never splits a surrogate pair', () => {
    expect(truncate('💪💪💪💪', 3)).toBe('💪💪…');
  });
});

describe('firstImageSource', () => {
  it('finds the first img src in any quoting', () => {
    expect(firstImageSource('<p>x</p><img alt="a" src="/a.png?w=1&amp;h=2"><img src=b.png>')).toBe(
      '/a.png?w=1&h=2',
    );
    expect(firstImageSource("<IMG SRC='c.jpg'>")).toBe('c.jpg');
    expect(firstImageSource('<img src="/d.png?w=1&copy=2&amp;h=3">')).toBe('/d.png?w=1&copy=2&h=3');
    expect(firstImageSource('<p>no image</p>')).toBeNull();
  });
});
