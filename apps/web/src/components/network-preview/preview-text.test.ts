import { describe, expect, it } from 'vitest';
import { displayUrl, graphemes, linkHost, splitLinks, truncateText } from './preview-text';

describe('truncateText', () => {
  it('leaves text that fits alone', () => {
    expect(truncateText('Short post', 210)).toBeNull();
  });

  it('cuts at a word boundary near the limit', () => {
    const text = `${'word '.repeat(50)}end`;
    const cut = truncateText(text, 125);
    expect(cut).not.toBeNull();
    expect(cut?.length).toBeLessThanOrEqual(125);
    expect(cut?.endsWith('word')).toBe(true);
  });

  it('never splits an emoji, even one made of several code points', () => {
    const text = '👨‍👩‍👧‍👦'.repeat(5);
    expect(truncateText(text, 3)).toBe('👨‍👩‍👧‍👦'.repeat(3));
    expect(graphemes('a👍🏽b')).toEqual(['a', '👍🏽', 'b']);
  });
});

describe('links', () => {
  it('shortens a link as X shows it', () => {
    expect(displayUrl('https://www.fitpro.example.org/programmes/squats')).toBe('fitpro.example.org/prog…');
    expect(displayUrl('http://fit.example/a')).toBe('fit.example/a');
  });

  it('finds links in text, leaving trailing punctuation outside', () => {
    expect(splitLinks('See https://fit.example/a. Then rest')).toEqual([
      { text: 'See ', url: null },
      { text: 'https://fit.example/a', url: 'https://fit.example/a' },
      { text: '. Then rest', url: null },
    ]);
    expect(linkHost('https://www.fit.example/a')).toBe('fit.example');
    expect(linkHost('not a link')).toBe('');
  });
});
