import type { UserInfo, UserProperty } from '@fitpost/contract';
import { useSyncExternalStore } from 'react';

/** localStorage keys the product uses (spec §2, §4). */
export const storageKeys = {
  /** The encoded user-info record: its presence is what "signed in" means. */
  user: 'user',
  /** Set once the dashboard tour has been seen; cleared by 'Take a Tour' and 'Reset Tutorial'. */
  tutorial: 'tutorial',
  /** The content/post screens' saved filter; cleared when leaving them. */
  filter: 'filter',
} as const;

export type StoredFlag = typeof storageKeys.tutorial | typeof storageKeys.filter;

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === localStorage) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled: behave as signed out
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the session simply does not persist.
  }
  notify();
}

/** Base64 of the UTF-8 JSON, so names such as "Zoë Ångström" survive `btoa`. */
export function encodeUser(user: UserInfo): string {
  const bytes = new TextEncoder().encode(JSON.stringify(user));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The stored record, or null for anything that is not a valid encoded user-info record. */
export function decodeUser(encoded: string | null): UserInfo | null {
  if (!encoded) return null;
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return isUserInfo(json) ? json : null;
  } catch {
    return null;
  }
}

/**
 * Whether `value` has the shape of the contract's `userInfo` (session.test.ts holds the two to the
 * same answers). Checked here rather than with the schema: the stored record is read before the
 * first screen draws, and that first load has no zod (docs/architecture.md §5). The record is one
 * this app wrote from a server answer; GET /api/user/me replaces it as soon as the shell shows.
 */
function isUserInfo(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  // A trust boundary (local storage): every field is checked below.
  const record = value as Record<string, unknown>;
  const text = (key: string) => typeof record[key] === 'string';
  const flag = (key: string) => typeof record[key] === 'boolean';
  const zone = record.organisationTimeZone;
  return (
    ['id', 'token', 'fullName', 'email', 'accountType', 'thumbnailUrl', 'profileUrl'].every(text) &&
    ['fitPostAdminAccess', 'isNewUser'].every(flag) &&
    Number.isInteger(record.portalId) &&
    Array.isArray(record.properties) &&
    record.properties.every(
      (property: unknown) =>
        typeof property === 'object' &&
        property !== null &&
        'name' in property &&
        typeof property.name === 'string' &&
        'value' in property &&
        typeof property.value === 'string',
    ) &&
    (zone === undefined || zone === null || typeof zone === 'string')
  );
}

let cache: { raw: string | null; user: UserInfo | null } = { raw: null, user: null };

export function getStoredUser(): UserInfo | null {
  const raw = read(storageKeys.user);
  if (raw !== cache.raw) cache = { raw, user: decodeUser(raw) };
  return cache.user;
}

export function setStoredUser(user: UserInfo): void {
  write(storageKeys.user, encodeUser(user));
}

export function clearStoredUser(): void {
  write(storageKeys.user, null);
}

/**
 * Replaces the stored record's fields but keeps its token (GET /api/user/me carries none). An
 * answer that changes nothing writes nothing, so the screens reading the user are not drawn again
 * (it comes with every start, while the first screen is still drawing).
 */
export function refreshStoredUser(fresh: Omit<UserInfo, 'token'>): void {
  const current = getStoredUser();
  if (!current) return;
  const next: UserInfo = { ...fresh, token: current.token };
  if (!sameRecord(current, next)) setStoredUser(next);
}

/** Whether two records hold the same values, whatever the order of their fields. */
function sameRecord(a: UserInfo, b: UserInfo): boolean {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...fields].every(
    (field) => JSON.stringify(a[field as keyof UserInfo]) === JSON.stringify(b[field as keyof UserInfo]),
  );
}

export function setStoredUserProperties(properties: UserProperty[]): void {
  const current = getStoredUser();
  if (current) setStoredUser({ ...current, properties });
}

/** The signed-in user, re-rendering when it changes (here or in another tab). */
export function useStoredUser(): UserInfo | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}

export function getFlag(name: StoredFlag): string | null {
  return read(name);
}

export function setFlag(name: StoredFlag, value = 'true'): void {
  write(name, value);
}

export function clearFlag(name: StoredFlag): void {
  write(name, null);
}

export function useFlag(name: StoredFlag): string | null {
  return useSyncExternalStore(
    subscribe,
    () => read(name),
    () => null,
  );
}
