import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('response headers', () => {
  it('keeps every API answer out of caches, errors included', async () => {
    const member = await makeUser(t);
    const requests = [
      { url: '/api/user/me', headers: member.auth },
      { url: '/api/user/me' },
      { url: '/api/public-config' },
      { url: '/api/no-such-route' },
    ];
    for (const request of requests) {
      const res = await t.app.inject(request);
      expect(res.headers['cache-control'], request.url).toBe('no-store');
    }
  });

  it('switches off browser features FitPost never uses, on every response', async () => {
    for (const url of ['/api/health', '/app/dashboard']) {
      const policy = String((await t.app.inject({ url })).headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(policy).toContain(`${feature}=()`);
    }
  });
});
