import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startSandbox, type Sandbox } from '../app.js';
import { clearFaults, createBulkAccounts, injectFault, publishedPosts } from '../testing.js';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
});

afterAll(async () => {
  await sandbox.close();
});

/** Publishes one post on the Graph host with a bulk Page, the cheapest way to fill the log. */
async function postToNewPage(message: string) {
  const [page] = await createBulkAccounts(sandbox.url, { network: 'facebook', count: 1 });
  if (!page) throw new Error('no page');
  const response = await fetch(`${sandbox.url}/facebook/graph/v23.0/${page.id}/feed`, {
    method: 'POST',
    headers: { authorization: `Bearer ${page.pageAccessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(200);
  return page;
}

describe('/_sandbox/published', () => {
  it('lists accepted posts oldest first, filters by network and since, and clears', async () => {
    await postToNewPage('first');
    // publishedAt has millisecond resolution: keep `between` strictly between the two posts.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await postToNewPage('second');
    expect((await publishedPosts(sandbox.url)).map((entry) => entry.text)).toEqual(['first', 'second']);
    expect((await publishedPosts(sandbox.url, { since: between })).map((entry) => entry.text)).toEqual([
      'second',
    ]);
    expect(await publishedPosts(sandbox.url, { network: 'x' })).toEqual([]);
    const [entry] = await publishedPosts(sandbox.url, { network: 'facebook' });
    expect(Object.keys(entry ?? {}).sort()).toEqual([
      'accountId',
      'accountName',
      'mediaCount',
      'network',
      'publishedAt',
      'remoteId',
      'text',
    ]);
    const counted = await fetch(`${sandbox.url}/_sandbox/published/count`);
    expect(await counted.json()).toEqual({
      total: 2,
      networks: { x: 0, linkedin: 0, facebook: 2, instagram: 0 },
    });
    expect((await fetch(`${sandbox.url}/_sandbox/published`, { method: 'DELETE' })).status).toBe(204);
    expect(await publishedPosts(sandbox.url)).toEqual([]);
    expect(await (await fetch(`${sandbox.url}/_sandbox/published/count`)).json()).toMatchObject({ total: 0 });
  });

  it('answers 400 to an unknown network or a since that is not a date-time', async () => {
    for (const query of ['network=myspace', 'since=yesterday']) {
      expect((await fetch(`${sandbox.url}/_sandbox/published?${query}`)).status).toBe(400);
    }
  });
});

describe('/_sandbox/faults', () => {
  it('lists pending faults with what is left of them, and clears them', async () => {
    await injectFault(sandbox.url, { network: 'linkedin', kind: 'slow', delayMs: 10, times: 3 });
    await injectFault(sandbox.url, {
      network: 'instagram',
      kind: 'rate_limit',
      accountId: '1',
      resetSeconds: 60,
    });
    const pending = await (await fetch(`${sandbox.url}/_sandbox/faults`)).json();
    expect(pending).toMatchObject([
      { network: 'linkedin', kind: 'slow', remaining: 3, delayMs: 10 },
      { network: 'instagram', kind: 'rate_limit', remaining: 1, accountId: '1', resetSeconds: 60 },
    ]);
    await clearFaults(sandbox.url);
    expect(await (await fetch(`${sandbox.url}/_sandbox/faults`)).json()).toEqual([]);
  });

  it('answers 400 to unknown fields and kinds, and 405 to other methods', async () => {
    for (const body of [
      { network: 'x', kind: 'hang', extra: true },
      { network: 'x', kind: 'flaky' },
      'not json',
    ]) {
      const response = await fetch(`${sandbox.url}/_sandbox/faults`, {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(response.status).toBe(400);
    }
    expect((await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'PUT' })).status).toBe(405);
  });
});

describe('/_sandbox/accounts', () => {
  it('creates accounts on every network, each with its own credentials', async () => {
    const x = await createBulkAccounts(sandbox.url, { network: 'x', count: 2 });
    const linkedin = await createBulkAccounts(sandbox.url, { network: 'linkedin', count: 2 });
    const instagram = await createBulkAccounts(sandbox.url, { network: 'instagram', count: 2 });
    expect(new Set(x.map((account) => account.oauthToken)).size).toBe(2);
    expect(new Set(linkedin.map((account) => account.accessToken)).size).toBe(2);
    expect(instagram[0]).toMatchObject({
      username: 'load_1',
      pageId: expect.any(String),
      accessToken: expect.any(String),
    });
  });

  it('answers 400 to a malformed request', async () => {
    for (const body of [
      { network: 'x' },
      { network: 'x', count: 1, prefix: 'has space' },
      { network: 'x', count: 1.5 },
    ]) {
      const response = await fetch(`${sandbox.url}/_sandbox/accounts`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
    }
  });
});
