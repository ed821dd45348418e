import { describe, expect, it } from 'vitest';
import { formatCount } from '../src/index.js';

describe('formatCount', () => {
  it('writes counts as en-US does, with thousands separators', () => {
    for (const n of [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, -2500, 9_007_199_254_740_991])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves numbers that are not whole counts to the browser', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});
