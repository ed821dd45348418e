import { userInfo } from '@fitpost/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import {
  clearFlag,
  clearStoredUser,
  decodeUser,
  encodeUser,
  getFlag,
  getStoredUser,
  refreshStoredUser,
  setFlag,
  setStoredUser,
  setStoredUserProperties,
  storageKeys,
} from './session';

const toBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('stored user', () => {
  it('round-trips the record, non-ASCII names included', () => {
    const user = makeUser({
      fullName: 'Zoë Ångström-Ørsted 李小龍 🏋️',
      properties: [{ name: 'timeZone', value: 'Europe/Oslo' }],
    });
    setStoredUser(user);

    expect(getStoredUser()).toEqual(user);
    expect(decodeUser(localStorage.getItem('user'))).toEqual(user);
  });

  it('is stored encoded as base64 of the UTF-8 JSON under "user"', () => {
    const user = makeUser({ fullName: 'Zoë' });
    setStoredUser(user);

    const raw = localStorage.getItem(storageKeys.user);
    expect(raw).toBe(encodeUser(user));
    expect(raw).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(raw).not.toContain('Zoë');
  });

  it.each([
    ['not base64 at all', '%%% not base64 %%%'],
    ['base64 of something that is not JSON', btoa('hello there')],
    ['JSON of the wrong shape', toBase64(JSON.stringify({ id: 1, name: 'x' }))],
    ['invalid UTF-8', btoa('\xff\xfe\xfd')],
    ['an empty string', ''],
  ])('treats %s as signed out', (_case, raw) => {
    localStorage.setItem(storageKeys.user, raw);
    expect(getStoredUser()).toBeNull();
  });

  it("accepts a record exactly when the contract's userInfo schema does (the shape is checked by hand: no zod at start-up)", () => {
    const user = makeUser({ organisationTimeZone: 'Europe/Paris' });
    const wrongValues: unknown[] = [undefined, null, 7, 'text', true, [], {}, [{ name: 1, value: 'x' }]];
    const records: unknown[] = [user, { ...user, organisationTimeZone: null }];
    for (const field of Object.keys(user)) {
      const { [field]: _dropped, ...without } = user as Record<string, unknown>;
      records.push(without);
      // The id's uuid format aside (the server's to check): any other text is no id either way.
      for (const value of wrongValues)
        if (field !== 'id' || typeof value !== 'string') records.push({ ...user, [field]: value });
    }
    for (const record of records) {
      const encoded = toBase64(JSON.stringify(record));
      expect(decodeUser(encoded) !== null, JSON.stringify(record)).toBe(userInfo.safeParse(record).success);
    }
  });

  it('clears', () => {
    setStoredUser(makeUser());
    clearStoredUser();
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
  });

  it('refreshes from GET /api/user/me but keeps the token', () => {
    setStoredUser(makeUser({ token: 'keep-me', fullName: 'Old Name' }));
    const { token: _token, ...fresh } = makeUser({ fullName: 'New Name', fitPostAdminAccess: true });
    refreshStoredUser(fresh);

    expect(getStoredUser()).toMatchObject({
      token: 'keep-me',
      fullName: 'New Name',
      fitPostAdminAccess: true,
    });
  });

  it('writes nothing when GET /api/user/me brings no change, whatever the order of its fields', () => {
    const user = makeUser({ token: 'keep-me' });
    setStoredUser(user);
    const stored = getStoredUser();
    const { token: _token, ...fresh } = user;
    const reordered = Object.fromEntries(Object.entries(fresh).reverse()) as typeof fresh;
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    try {
      refreshStoredUser(reordered);
      expect(writes).not.toHaveBeenCalled();
      // The same record, so nothing reading it is drawn again.
      expect(getStoredUser()).toBe(stored);
    } finally {
      writes.mockRestore();
    }
  });

  it('replaces the stored properties', () => {
    setStoredUser(makeUser());
    setStoredUserProperties([{ name: 'timeZone', value: 'America/Chicago' }]);
    expect(getStoredUser()?.properties).toEqual([{ name: 'timeZone', value: 'America/Chicago' }]);
  });
});

describe('flags', () => {
  it('sets and clears "tutorial" and "filter"', () => {
    setFlag(storageKeys.tutorial);
    setFlag(storageKeys.filter, '{"tag":"yoga"}');
    expect(localStorage.getItem('tutorial')).toBe('true');
    expect(getFlag(storageKeys.filter)).toBe('{"tag":"yoga"}');

    clearFlag(storageKeys.filter);
    expect(localStorage.getItem('filter')).toBeNull();
  });
});
