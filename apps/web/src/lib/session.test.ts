import { describe, expect, it } from 'vitest';
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
