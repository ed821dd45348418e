import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialConnections } from '../../db/schema.js';
import { createTokenCipher, newTokenKey, parseTokenKeys, type TokenCipher } from '../../lib/crypto.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import type { Actor } from '../auth/sessions.js';
import { saveConnection, tokenAad, type ConnectedAccount } from './connections.js';
import { reencryptTokens, resealConnection } from './rekey.js';

let t: TestApp;
let oldKeys: string;
let oldCipher: TokenCipher;
/** The rotation: a new key first, the old one kept after it so existing tokens still open. */
let rotated: TokenCipher;
let newKeyOnly: TokenCipher;
let actor: Actor;

const plain = (n: number) => ({ access: `access-${n}`, secret: `secret-${n}`, refresh: `refresh-${n}` });

beforeAll(async () => {
  t = await startTestApp();
  oldKeys = t.config.tokenKeys ?? '';
  oldCipher = createTokenCipher(parseTokenKeys(oldKeys));
  const newKey = newTokenKey('k2');
  rotated = createTokenCipher(parseTokenKeys(`${newKey},${oldKeys}`));
  newKeyOnly = createTokenCipher(parseTokenKeys(newKey));
  const made = await makeUser(t);
  actor = { sessionId: '', userId: made.user.id, portalId: made.user.portalId, isAdmin: false };
});

afterAll(async () => {
  await t.close();
});

async function connect(n: number, extra: Partial<ConnectedAccount> = {}) {
  const tokens = plain(n);
  const network = n % 3 === 0 ? 'x' : n % 3 === 1 ? 'linkedin' : 'facebook';
  return saveConnection(t.db, oldCipher, actor, {
    network,
    accountId: `account-${n}`,
    accountName: `Account ${n}`,
    handle: null,
    pictureUrl: '',
    accessToken: tokens.access,
    ...(network === 'x' ? { tokenSecret: tokens.secret } : {}),
    ...(network === 'linkedin' ? { refreshToken: tokens.refresh } : {}),
    ...extra,
  });
}

async function rows() {
  return t.db.select().from(socialConnections).orderBy(socialConnections.accountId);
}

describe('reencryptTokens', () => {
  it('re-seals every token under the new key, in batches, and they still open', async () => {
    for (let n = 0; n < 7; n += 1) await connect(n);
    const before = await rows();
    expect(before.every((r) => r.accessToken.startsWith('v1.test1.'))).toBe(true);

    const result = await reencryptTokens(t.db, rotated, { batchSize: 3 });
    expect(result).toEqual({ scanned: 7, resealed: 7, skipped: 0, unreadable: 0 });

    const after = await rows();
    for (const row of after) {
      const n = Number(row.accountId.replace('account-', ''));
      const sealed = [row.accessToken, row.tokenSecret, row.refreshToken].filter((v) => v !== null);
      expect(sealed.every((value) => value.startsWith('v1.k2.'))).toBe(true);
      // The old key is no longer needed to read anything.
      expect(newKeyOnly.decrypt(row.accessToken, tokenAad(row, 'access'))).toBe(plain(n).access);
      if (row.network === 'x') {
        expect(newKeyOnly.decrypt(row.tokenSecret ?? '', tokenAad(row, 'secret'))).toBe(plain(n).secret);
      }
      if (row.network === 'linkedin') {
        expect(newKeyOnly.decrypt(row.refreshToken ?? '', tokenAad(row, 'refresh'))).toBe(plain(n).refresh);
      }
    }
    // Nothing else about the connections changed.
    const unsealed = (row: (typeof before)[number]) =>
      Object.fromEntries(
        Object.entries(row).filter(([key]) => !['accessToken', 'tokenSecret', 'refreshToken'].includes(key)),
      );
    expect(after.map(unsealed)).toEqual(before.map(unsealed));
  });

  it('changes nothing on a second run', async () => {
    const before = await rows();
    expect(await reencryptTokens(t.db, rotated, { batchSize: 3 })).toEqual({
      scanned: before.length,
      resealed: 0,
      skipped: 0,
      unreadable: 0,
    });
    expect(await rows()).toEqual(before);
  });

  it('leaves tokens sealed with a key that is no longer configured, and counts them', async () => {
    const stranger = createTokenCipher(parseTokenKeys(newTokenKey('gone')));
    const saved = await saveConnection(t.db, stranger, actor, {
      network: 'facebook',
      accountId: 'account-unreadable',
      accountName: 'Unreadable',
      handle: null,
      pictureUrl: '',
      accessToken: 'lost',
    });
    const result = await reencryptTokens(t.db, rotated, { batchSize: 100 });
    expect(result).toMatchObject({ resealed: 0, unreadable: 1 });
    const [row] = await t.db.select().from(socialConnections).where(eq(socialConnections.id, saved.id));
    expect(row?.accessToken.startsWith('v1.gone.')).toBe(true);
    await t.db.delete(socialConnections).where(eq(socialConnections.id, saved.id));
  });

  it('never overwrites a token that changed after it was read (a refresh or reconnect meanwhile)', async () => {
    const saved = await connect(100);
    const [read] = await t.db.select().from(socialConnections).where(eq(socialConnections.id, saved.id));
    if (!read) throw new Error('no row');
    // A refresh lands (sealed with the current key) between the read and the write.
    const refreshed = rotated.encrypt('access-refreshed', tokenAad(read, 'access'));
    await t.db
      .update(socialConnections)
      .set({ accessToken: refreshed })
      .where(eq(socialConnections.id, read.id));
    expect(await resealConnection(t.db, rotated, read)).toBe('changed');
    const [row] = await t.db.select().from(socialConnections).where(eq(socialConnections.id, read.id));
    expect(row?.accessToken).toBe(refreshed);
    // The refresh token it did not touch is re-sealed on the next run.
    expect(row?.refreshToken?.startsWith('v1.test1.')).toBe(true);
    expect(await reencryptTokens(t.db, rotated, { batchSize: 10 })).toMatchObject({ resealed: 1 });
  });
});
