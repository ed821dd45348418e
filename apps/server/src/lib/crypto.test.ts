import { describe, expect, it } from 'vitest';
import { createTokenCipher, newTokenKey, parseTokenKeys } from './crypto.js';

describe('token encryption', () => {
  const k1 = newTokenKey('k1');
  const k2 = newTokenKey('k2');

  it('round-trips and never stores the plain text', () => {
    const cipher = createTokenCipher(parseTokenKeys(k1));
    const sealed = cipher.encrypt('secret-token', 'portal:1|conn:a|access');
    expect(sealed).toMatch(/^v1\.k1\./);
    expect(sealed).not.toContain('secret-token');
    expect(cipher.decrypt(sealed, 'portal:1|conn:a|access')).toBe('secret-token');
    expect(cipher.encrypt('secret-token', 'x')).not.toBe(cipher.encrypt('secret-token', 'x'));
  });

  it('refuses a value moved to another row or column, or tampered with', () => {
    const cipher = createTokenCipher(parseTokenKeys(k1));
    const sealed = cipher.encrypt('secret-token', 'portal:1|conn:a|access');
    expect(() => cipher.decrypt(sealed, 'portal:1|conn:b|access')).toThrow();
    expect(() => cipher.decrypt(sealed, 'portal:1|conn:a|refresh')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() =>
      cipher.decrypt([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'portal:1|conn:a|access'),
    ).toThrow();
  });

  it('rotates: new values use the first key, old ones still decrypt and are reported stale', () => {
    const before = createTokenCipher(parseTokenKeys(k1));
    const old = before.encrypt('t', 'aad');
    const after = createTokenCipher(parseTokenKeys(`${k2},${k1}`));
    expect(after.decrypt(old, 'aad')).toBe('t');
    expect(after.isStale(old)).toBe(true);
    const fresh = after.encrypt('t', 'aad');
    expect(fresh).toMatch(/^v1\.k2\./);
    expect(after.isStale(fresh)).toBe(false);
    // Once the old key is dropped, values sealed with it are unreadable: re-encrypt first.
    expect(() => createTokenCipher(parseTokenKeys(k2)).decrypt(old, 'aad')).toThrow(/configured keys/);
  });

  it('rejects malformed key lists', () => {
    expect(() => parseTokenKeys('')).toThrow();
    expect(() => parseTokenKeys('k1:c2hvcnQ=')).toThrow(/32 bytes/);
    expect(() => parseTokenKeys(`${k1},${k1}`)).toThrow(/unique/);
    expect(() => parseTokenKeys('no-colon')).toThrow();
  });
});
