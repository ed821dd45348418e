import { describe, expect, it } from 'vitest';
import { isDevHost, isIos } from './platform';

const nav = (userAgent: string, platform = '', maxTouchPoints = 0) => ({
  userAgent,
  platform,
  maxTouchPoints,
});

describe('isIos', () => {
  it.each([
    ['iPhone', nav('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15')],
    ['iPad', nav('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)')],
    ['iPod', nav('Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)')],
    [
      'iPadOS reporting a Mac with touch',
      nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5),
    ],
  ])('recognises %s', (_name, navigator) => expect(isIos(navigator)).toBe(true));

  it.each([
    ['a Mac', nav('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0)],
    ['Android', nav('Mozilla/5.0 (Linux; Android 14; Pixel 8)', 'Linux armv8l', 5)],
  ])('does not flag %s', (_name, navigator) => expect(isIos(navigator)).toBe(false));
});

describe('isDevHost', () => {
  it.each(['localhost', '127.0.0.1', '::1', '[::1]'])('%s is a development host', (host) =>
    expect(isDevHost(host)).toBe(true),
  );
  it('a real host is not', () => expect(isDevHost('fitpost.example.org')).toBe(false));
});
