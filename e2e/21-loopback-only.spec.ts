import { expect, test } from '@playwright/test';

// The test browser resolves only the names the tests use (scripts/lib/chromium.mjs). app.localhost is
// the proof: Chromium itself would resolve any *.localhost name to loopback without asking DNS, so
// it loads without the rules and fails with them; a public name would fail here either way.
test('the test browser reaches FitPost on localhost and resolves no other name', async ({
  page,
  baseURL,
}) => {
  const health = new URL('/api/health', baseURL);
  expect((await page.goto(health.href))?.status()).toBe(200);
  health.hostname = 'app.localhost';
  await expect(page.goto(health.href)).rejects.toThrow(/ERR_NAME_NOT_RESOLVED/);
});
