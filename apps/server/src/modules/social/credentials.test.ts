import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { answerConsent } from '@fitpost/sandbox/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, socialConnections } from '../../db/schema.js';
import { createTokenCipher, newTokenKey, parseTokenKeys } from '../../lib/crypto.js';
import { createPlatforms, PlatformError, type Platforms } from '../../platforms/index.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import type { Actor } from '../auth/sessions.js';
import { saveConnection, tokenAad, type ConnectedAccount } from './connections.js';
import { freshCredentials } from './credentials.js';
import { resealConnection } from './rekey.js';

const COACH_ID = 'CaseyCoach1001';
const ADMIN_ID = 'AlexAdmin1002';
const REDIRECT_URI = 'http://localhost:3000/linkedin';
const DAY_MS = 86_400_000;

let sandbox: Sandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp({
    FITPOST_PUBLIC_URL: 'http://localhost:3000',
    FITPOST_X_API_URL: `${sandbox.url}/x`,
    FITPOST_LINKEDIN_AUTH_URL: `${sandbox.url}/linkedin/oauth/v2`,
    FITPOST_LINKEDIN_API_URL: `${sandbox.url}/linkedin/api`,
    FITPOST_FACEBOOK_AUTH_URL: `${sandbox.url}/facebook/v23.0/dialog/oauth`,
    FITPOST_FACEBOOK_GRAPH_URL: `${sandbox.url}/facebook/graph/v23.0`,
  });
});

afterAll(async () => {
  await t.close();
  await sandbox.close();
});

async function sandboxControl(path: string, method: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}/_sandbox/linkedin${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}

async function member() {
  const made = await makeUser(t);
  const actor: Actor = { sessionId: '', userId: made.user.id, portalId: made.user.portalId, isAdmin: false };
  return actor;
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(socialConnections).where(eq(socialConnections.id, id));
  if (!row) throw new Error(`connection ${id} is gone`);
  return row;
}

/** Connects a LinkedIn demo member through the consent page, its access token living `accessTokenSeconds`. */
async function connectLinkedIn(actor: Actor, memberId: string, accessTokenSeconds: number) {
  await sandboxControl('/tokens', 'POST', { accessTokenSeconds });
  try {
    const url = t.platforms.linkedin.authorizeUrl({ state: 'st-credentials', redirectUri: REDIRECT_URI });
    const callback = await answerConsent(url, { accountId: memberId });
    const tokens = await t.platforms.linkedin.exchangeCode({
      code: callback.searchParams.get('code') ?? '',
      redirectUri: REDIRECT_URI,
    });
    const saved = await saveConnection(t.db, t.cipher, actor, {
      network: 'linkedin',
      accountId: memberId,
      accountName: memberId,
      handle: null,
      pictureUrl: '',
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessExpiresAt: tokens.expiresAt,
      refreshExpiresAt: tokens.refreshExpiresAt,
    });
    return { row: await rowOf(saved.id), tokens };
  } finally {
    await sandboxControl('/tokens', 'DELETE');
  }
}

/** The real adapters, counting the refreshes that reach LinkedIn. */
function countingRefreshes(platforms: Platforms = t.platforms) {
  const counter = { refreshes: 0 };
  const counted: Platforms = {
    ...platforms,
    linkedin: {
      ...platforms.linkedin,
      refresh: (refreshToken) => {
        counter.refreshes += 1;
        return platforms.linkedin.refresh(refreshToken);
      },
    },
  };
  return { counter, platforms: counted };
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PlatformError)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

describe('freshCredentials on LinkedIn', () => {
  it('refreshes a token that expires within five minutes once, stores it sealed and uses it', async () => {
    const actor = await member();
    const { row, tokens } = await connectLinkedIn(actor, COACH_ID, 120);
    const { counter, platforms } = countingRefreshes();
    const deps = { db: t.db, cipher: t.cipher, platforms };

    const fresh = await freshCredentials(deps, row);
    expect(counter.refreshes).toBe(1);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.tokenSecret).toBe('');
    const stored = await rowOf(row.id);
    expect(stored.accessToken).toMatch(/^v1\./);
    expect(stored.accessToken).not.toContain(fresh.accessToken);
    expect(t.cipher.decrypt(stored.accessToken, tokenAad(stored, 'access'))).toBe(fresh.accessToken);
    expect(stored.accessExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * DAY_MS);
    expect(stored.refreshToken).toMatch(/^v1\./);
    expect(stored.status).toBe('connected');
    // The new token works at LinkedIn.
    expect((await t.platforms.linkedin.profile(fresh.accessToken)).accountId).toBe(COACH_ID);

    // Fresh now: no second refresh, whether the caller holds the new row or the stale one.
    expect(await freshCredentials(deps, stored)).toEqual(fresh);
    expect(await freshCredentials(deps, row)).toEqual(fresh);
    expect(counter.refreshes).toBe(1);
  });

  it('refreshes once for many concurrent callers', async () => {
    const actor = await member();
    const { row } = await connectLinkedIn(actor, COACH_ID, 60);
    const { counter, platforms } = countingRefreshes();
    const deps = { db: t.db, cipher: t.cipher, platforms };
    const all = await Promise.all(Array.from({ length: 8 }, () => freshCredentials(deps, row)));
    expect(counter.refreshes).toBe(1);
    expect(new Set(all.map((c) => c.accessToken)).size).toBe(1);
    expect(t.cipher.decrypt((await rowOf(row.id)).accessToken, tokenAad(row, 'access'))).toBe(
      all[0]?.accessToken,
    );
  });

  it('uses the tokens another worker stored first and drops its own', async () => {
    const actor = await member();
    const { row } = await connectLinkedIn(actor, COACH_ID, 60);
    let winner = '';
    const racing: Platforms = {
      ...t.platforms,
      linkedin: {
        ...t.platforms.linkedin,
        refresh: async (refreshToken) => {
          // Another process refreshes and stores its token while this one waits for LinkedIn.
          const theirs = await t.platforms.linkedin.refresh(refreshToken);
          winner = theirs.accessToken;
          await t.db
            .update(socialConnections)
            .set({
              accessToken: t.cipher.encrypt(theirs.accessToken, tokenAad(row, 'access')),
              accessExpiresAt: theirs.expiresAt ?? null,
            })
            .where(eq(socialConnections.id, row.id));
          return t.platforms.linkedin.refresh(refreshToken);
        },
      },
    };
    const fresh = await freshCredentials({ db: t.db, cipher: t.cipher, platforms: racing }, row);
    expect(fresh.accessToken).toBe(winner);
    expect(t.cipher.decrypt((await rowOf(row.id)).accessToken, tokenAad(row, 'access'))).toBe(winner);
  });

  it('stores its refresh over a row that a key rotation re-sealed meanwhile', async () => {
    const actor = await member();
    const { row, tokens } = await connectLinkedIn(actor, COACH_ID, 60);
    const rotated = createTokenCipher(parseTokenKeys(`${newTokenKey('k9')},${t.config.tokenKeys ?? ''}`));
    const rotating: Platforms = {
      ...t.platforms,
      linkedin: {
        ...t.platforms.linkedin,
        refresh: async (refreshToken) => {
          expect(await resealConnection(t.db, rotated, await rowOf(row.id))).toBe('resealed');
          return t.platforms.linkedin.refresh(refreshToken);
        },
      },
    };
    const fresh = await freshCredentials({ db: t.db, cipher: rotated, platforms: rotating }, row);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    const stored = await rowOf(row.id);
    expect(stored.accessToken).toMatch(/^v1\.k9\./);
    expect(rotated.decrypt(stored.accessToken, tokenAad(stored, 'access'))).toBe(fresh.accessToken);
  });

  it('marks the connection needs_reconnect, tells the member and throws auth when LinkedIn refuses', async () => {
    const actor = await member();
    const { row } = await connectLinkedIn(actor, ADMIN_ID, 60);
    await sandboxControl('/revoke', 'POST', { memberId: ADMIN_ID });
    const { counter, platforms } = countingRefreshes();
    const deps = { db: t.db, cipher: t.cipher, platforms };

    const error = await failure(freshCredentials(deps, row));
    expect(error.kind).toBe('auth');
    expect(error.network).toBe('linkedin');
    expect(error.message).toMatch(/reconnect/i);
    const stored = await rowOf(row.id);
    expect(stored.status).toBe('needs_reconnect');
    expect(stored.statusReason).toBe(error.message);
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, actor.userId), eq(notifications.kind, 'connection.needs_reconnect')),
      );
    expect(told).toHaveLength(1);

    // Flagged now: later callers fail at once, without asking LinkedIn or telling the member again.
    expect((await failure(freshCredentials(deps, row))).kind).toBe('auth');
    expect(counter.refreshes).toBe(1);
    const toldAgain = await t.db.select().from(notifications).where(eq(notifications.userId, actor.userId));
    expect(toldAgain).toHaveLength(1);
  });

  it('keeps a still-valid token when LinkedIn cannot be reached, and fails with retry once it has expired', async () => {
    const actor = await member();
    const { row, tokens } = await connectLinkedIn(actor, COACH_ID, 120);
    const unreachable = createPlatforms({
      ...t.config.platforms,
      linkedin: { ...t.config.platforms.linkedin, authUrl: 'http://127.0.0.1:1/oauth/v2' },
    });
    const deps = { db: t.db, cipher: t.cipher, platforms: unreachable };
    expect((await freshCredentials(deps, row)).accessToken).toBe(tokens.accessToken);

    const later = { ...deps, now: () => new Date(Date.now() + 10 * 60_000) };
    const error = await failure(freshCredentials(later, row));
    expect(error.kind).toBe('retry');
    expect((await rowOf(row.id)).status).toBe('connected');
  });
});

describe('freshCredentials without a refresh token', () => {
  async function saved(account: Partial<ConnectedAccount> & Pick<ConnectedAccount, 'network'>) {
    const actor = await member();
    const connection = await saveConnection(t.db, t.cipher, actor, {
      accountId: `acct-${crypto.randomUUID()}`,
      accountName: 'Casey',
      handle: null,
      pictureUrl: '',
      accessToken: 'plain-access-token',
      ...account,
    });
    return { actor, row: await rowOf(connection.id) };
  }

  it('passes X, Facebook and Instagram tokens through untouched: they do not expire', async () => {
    const { counter, platforms } = countingRefreshes();
    const deps = { db: t.db, cipher: t.cipher, platforms, now: () => new Date(Date.now() + 3650 * DAY_MS) };
    const x = await saved({ network: 'x', tokenSecret: 'plain-secret' });
    expect(await freshCredentials(deps, x.row)).toEqual({
      accessToken: 'plain-access-token',
      tokenSecret: 'plain-secret',
    });
    for (const network of ['facebook', 'instagram'] as const) {
      const { row } = await saved({ network });
      expect(await freshCredentials(deps, row)).toEqual({
        accessToken: 'plain-access-token',
        tokenSecret: '',
      });
      expect(await rowOf(row.id)).toEqual(row);
    }
    expect(await rowOf(x.row.id)).toEqual(x.row);
    expect(counter.refreshes).toBe(0);
  });

  it('uses a LinkedIn token without a refresh token until it expires, then asks for a reconnect', async () => {
    const { counter, platforms } = countingRefreshes();
    const deps = { db: t.db, cipher: t.cipher, platforms };
    const soon = await saved({ network: 'linkedin', accessExpiresAt: new Date(Date.now() + 60_000) });
    expect((await freshCredentials(deps, soon.row)).accessToken).toBe('plain-access-token');
    expect((await rowOf(soon.row.id)).status).toBe('connected');

    const gone = await saved({ network: 'linkedin', accessExpiresAt: new Date(Date.now() - 1000) });
    const error = await failure(freshCredentials(deps, gone.row));
    expect(error.kind).toBe('auth');
    expect((await rowOf(gone.row.id)).status).toBe('needs_reconnect');
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, gone.actor.userId));
    expect(told.map((n) => n.kind)).toEqual(['connection.needs_reconnect']);
    expect(counter.refreshes).toBe(0);
  });
});
