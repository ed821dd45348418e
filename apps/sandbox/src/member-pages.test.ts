import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { startSandbox, type Sandbox } from './app.js';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
});

afterAll(async () => {
  await sandbox.close();
});

describe('member pages', () => {
  it('serves an avatar with the member initials', async () => {
    const response = await fetch(`${sandbox.url}/avatars/member-1001.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await response.text();
    expect(svg).toContain('<title>Casey Coach</title>');
    expect(svg).toMatch(/<circle [^>]*fill="#[0-9a-f]{6}"/);
    expect(svg).toMatch(/>CC<\/text>/);
  });

  it('serves the member profile page', async () => {
    const response = await fetch(`${sandbox.url}/profile/member-2001`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1>.*Member profile<\/h1>/);
    expect(html).toContain('Olivia Other');
    expect(html).toContain('Group Fitness Instructor');
  });

  it('answers 404 for members that do not exist', async () => {
    for (const path of ['/avatars/member-9999.svg', '/avatars/member-1001.png', '/profile/member-9999']) {
      expect((await fetch(`${sandbox.url}${path}`)).status).toBe(404);
    }
  });
});

describe('startSandbox', () => {
  it('uses publicUrl for the issuer and the member URLs', async () => {
    const other = await startSandbox({
      port: 0,
      publicUrl: 'http://sandbox.example.test',
      redirectUris: ['http://localhost:3000/oauth'],
    });
    try {
      expect(other.issuer).toBe('http://sandbox.example.test/sso');
      const response = await fetch(`${other.url}/_sandbox/id-token`, {
        method: 'POST',
        body: JSON.stringify({ email: 'admin@example.com' }),
      });
      const { id_token: idToken } = z.object({ id_token: z.string() }).parse(await response.json());
      expect(decodeJwt(idToken)).toMatchObject({
        iss: 'http://sandbox.example.test/sso',
        picture: 'http://sandbox.example.test/avatars/member-1002.svg',
        profile: 'http://sandbox.example.test/profile/member-1002',
      });
    } finally {
      await other.close();
    }
  });

  it('rejects a publicUrl with a path', async () => {
    await expect(
      startSandbox({
        port: 0,
        publicUrl: 'http://example.test/prefix',
        redirectUris: ['http://localhost:3000/oauth'],
      }),
    ).rejects.toThrow(/publicUrl/);
  });
});
