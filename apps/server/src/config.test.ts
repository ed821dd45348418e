import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { newTokenKey } from './lib/crypto.js';

/** A complete production environment: a real provider, the networks' apps, keys and admins. */
const production = (): Record<string, string> => ({
  FITPOST_PUBLIC_URL: 'https://fitpost.example.org',
  FITPOST_PUBLIC_HOSTS: 'fitpost.example.org',
  FITPOST_OIDC_ISSUER: 'https://sso.example.org',
  FITPOST_OIDC_CLIENT_ID: 'fitpost-prod',
  FITPOST_OIDC_CLIENT_SECRET: 's3cret-from-the-provider',
  FITPOST_BOOTSTRAP_ADMINS: 'Owner@Example.org',
  FITPOST_TOKEN_KEYS: newTokenKey('k1'),
  FITPOST_X_CONSUMER_KEY: 'x-key',
  FITPOST_X_CONSUMER_SECRET: 'x-secret',
  FITPOST_LINKEDIN_CLIENT_ID: 'li-id',
  FITPOST_LINKEDIN_CLIENT_SECRET: 'li-secret',
  FITPOST_FACEBOOK_CLIENT_ID: 'fb-id',
  FITPOST_FACEBOOK_CLIENT_SECRET: 'fb-secret',
  FITPOST_ORGANISATION_NAME: 'Example Fitness',
  FITPOST_SUPPORT_EMAIL: 'help@example.org',
});

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
};

const without = (env: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(Object.entries(env).filter(([k]) => !names.includes(k)));

describe('loadConfig without FITPOST_DEMO (production)', () => {
  it('refuses to start with nothing set, naming every missing variable in one message', () => {
    const message = refusal({});
    for (const name of Object.keys(production())) {
      expect(message, name).toMatch(new RegExp(`^  ${name}: is required`, 'm'));
    }
    expect(message).toContain('FITPOST_DEMO=true');
  });

  it('starts with the production set, with no sandbox address, demo admin, seed or loopback feeds', () => {
    const config = loadConfig(production());
    expect(config.demo).toBe(false);
    expect(config.oidc).toMatchObject({ issuer: 'https://sso.example.org', allowHttp: false });
    expect(config.bootstrapAdmins).toEqual(['owner@example.org']);
    expect(config.demoSeed).toBe(false);
    expect(config.feeds.allowLoopback).toBe(false);
    const { x, linkedin, facebook } = config.platforms;
    expect([x.apiUrl, linkedin.authUrl, linkedin.apiUrl, facebook.authUrl, facebook.graphUrl]).toEqual([
      'https://api.x.com',
      'https://www.linkedin.com/oauth/v2',
      'https://api.linkedin.com',
      'https://www.facebook.com/v23.0/dialog/oauth',
      'https://graph.facebook.com/v23.0',
    ]);
    // HOST is the listening address; sandboxUrl is read only by the demo seed.
    const used = JSON.stringify({ ...config, host: undefined, sandboxUrl: undefined });
    expect(used).not.toMatch(/127\.0\.0\.1|sandbox|example\.com/);
  });

  it('refuses a real provider whose secret was forgotten instead of using the sandbox one', () => {
    const message = refusal(without(production(), 'FITPOST_OIDC_CLIENT_SECRET'));
    expect(message).toMatch(/FITPOST_OIDC_CLIENT_SECRET: is required/);
    expect(message.split('\n')).toHaveLength(2);
  });

  it('refuses demo-only switches, a plain-http provider and made-up token keys, all at once', () => {
    const message = refusal({
      ...production(),
      FITPOST_DEMO_SEED: 'true',
      FITPOST_FEEDS_ALLOW_LOOPBACK: 'true',
      FITPOST_OIDC_ISSUER: 'http://sso.example.org',
      FITPOST_TOKEN_KEYS: `k1:${Buffer.alloc(32).toString('base64')}`,
      FITPOST_BOOTSTRAP_ADMINS: '',
    });
    expect(message).toMatch(/FITPOST_DEMO_SEED: .*FITPOST_DEMO=true/);
    expect(message).toMatch(/FITPOST_FEEDS_ALLOW_LOOPBACK: .*FITPOST_DEMO=true/);
    expect(message).toMatch(/FITPOST_OIDC_ISSUER: must use https/);
    expect(message).toMatch(/FITPOST_TOKEN_KEYS: token key k1 is not random/);
    expect(message).toMatch(/FITPOST_BOOTSTRAP_ADMINS: /);
  });

  it('refuses low-entropy token keys: a repeated pattern and a passphrase', () => {
    for (const key of [
      Buffer.from('abcd'.repeat(8)),
      Buffer.from('correct horse battery staple!!!!'),
      Buffer.from(Array.from({ length: 32 }, (_, i) => i % 8)),
    ]) {
      expect(key).toHaveLength(32);
      const message = refusal({ ...production(), FITPOST_TOKEN_KEYS: `k1:${key.toString('base64')}` });
      expect(message).toMatch(/FITPOST_TOKEN_KEYS: token key k1 is not random/);
    }
  });
});

describe('production refuses what is unsafe, by name (issue 25)', () => {
  it('refuses a plain-http public URL off loopback and hosts that are not host[:port]', () => {
    const message = refusal({
      ...production(),
      FITPOST_PUBLIC_URL: 'http://fitpost.example.org',
      FITPOST_PUBLIC_HOSTS: 'fitpost.example.org,https://fitpost.example.org,fitpost.example.org/app',
    });
    expect(message).toMatch(/^ {2}FITPOST_PUBLIC_URL: must use https/m);
    expect(message).toMatch(
      /^ {2}FITPOST_PUBLIC_HOSTS: .*\(not https:\/\/fitpost\.example\.org, fitpost\.example\.org\/app\)$/m,
    );
    // On this machine plain http is still allowed (a local trial behind no proxy).
    const local = { FITPOST_PUBLIC_URL: 'http://localhost:3000', FITPOST_PUBLIC_HOSTS: 'localhost:3000' };
    expect(loadConfig({ ...production(), ...local }).publicUrl).toBe('http://localhost:3000');
    expect(
      loadConfig({ ...production(), FITPOST_PUBLIC_HOSTS: 'FitPost.example.org:8443,[::1]:3000' }),
    ).toBeTruthy();
  });

  it("refuses the demo's email secret and made-up ones, and takes generated ones", () => {
    const withSecret = (secret: string) => ({
      ...production(),
      FITPOST_SMTP_URL: 'smtps://mailer:pw@smtp.example.org',
      FITPOST_MAIL_FROM: 'FitPost <no-reply@example.org>',
      FITPOST_EMAIL_SECRET: secret,
    });
    expect(refusal(withSecret('fitpost-demo-email-secret-not-for-production'))).toMatch(
      /^ {2}FITPOST_EMAIL_SECRET: is the demo's/m,
    );
    for (const madeUp of ['a'.repeat(40), 'ab'.repeat(20), 'abcdefgh'.repeat(4), 'secret!!'.repeat(6)])
      expect(refusal(withSecret(madeUp)), madeUp).toMatch(/^ {2}FITPOST_EMAIL_SECRET: is not random/m);
    for (const generated of [randomBytes(48).toString('base64'), randomBytes(32).toString('hex')])
      expect(loadConfig(withSecret(generated)).email.secret).toBe(generated);
  });

  it('drains an API process for 5 s on SIGTERM in production, not at all in the demo, or as set', () => {
    expect(loadConfig(production()).ops.drainMs).toBe(5000);
    expect(loadConfig({ FITPOST_DEMO: 'true' }).ops.drainMs).toBe(0);
    expect(loadConfig({ ...production(), FITPOST_SHUTDOWN_DRAIN_MS: '12000' }).ops.drainMs).toBe(12000);
    expect(refusal({ ...production(), FITPOST_SHUTDOWN_DRAIN_MS: '-1' })).toMatch(
      /FITPOST_SHUTDOWN_DRAIN_MS/,
    );
  });

  it('refuses one token key under two ids', () => {
    const material = randomBytes(32).toString('base64');
    const message = refusal({ ...production(), FITPOST_TOKEN_KEYS: `k2:${material}, k1:${material}` });
    expect(message).toMatch(/^ {2}FITPOST_TOKEN_KEYS: token keys k2 and k1 are the same key/m);
  });
});

describe('loadConfig with FITPOST_DEMO=true', () => {
  it('runs the demo on the sandbox with nothing else set', () => {
    const config = loadConfig({ FITPOST_DEMO: 'true', SANDBOX_PORT: '4321', PORT: '3210' });
    expect(config.oidc).toMatchObject({
      issuer: 'http://127.0.0.1:4321/sso',
      clientSecret: 'fitpost-sandbox-secret',
      allowHttp: true,
    });
    expect(config.publicHosts).toEqual(['localhost:3210', '127.0.0.1:3210']);
    expect(config.bootstrapAdmins).toEqual(['admin@example.com']);
    expect(config.demoSeed).toBe(true);
    expect(config.feeds.allowLoopback).toBe(true);
    expect(config.platforms.x.apiUrl).toBe('http://127.0.0.1:4321/x');
  });

  it('never hands the sandbox secret to a real provider or network', () => {
    const message = refusal({
      FITPOST_DEMO: 'true',
      FITPOST_OIDC_ISSUER: 'https://sso.example.org',
      FITPOST_X_API_URL: 'https://api.x.com',
    });
    expect(message).toMatch(/FITPOST_OIDC_CLIENT_SECRET: is required/);
    expect(message).toMatch(/FITPOST_X_CONSUMER_SECRET: is required/);
    expect(message).not.toMatch(/LINKEDIN|FACEBOOK/);
  });

  it('still needs shared token keys with PostgreSQL', () => {
    const message = refusal({ FITPOST_DEMO: 'true', DATABASE_URL: 'postgres://db.internal/fitpost' });
    expect(message).toMatch(/FITPOST_TOKEN_KEYS: is required with DATABASE_URL/);
  });

  it("sizes PGlite's buffer cache as set (npm start: 32MB), PGlite's own when unset; refuses a non-size", () => {
    expect(loadConfig({ FITPOST_DEMO: 'true' }).database).toMatchObject({ sharedBuffers: undefined });
    expect(
      loadConfig({ FITPOST_DEMO: 'true', FITPOST_PGLITE_SHARED_BUFFERS: '32MB' }).database,
    ).toMatchObject({ kind: 'pglite', sharedBuffers: '32MB' });
    for (const bad of ['32', '0MB', '32 MB', '32MB; drop'])
      expect(refusal({ FITPOST_DEMO: 'true', FITPOST_PGLITE_SHARED_BUFFERS: bad })).toMatch(
        /FITPOST_PGLITE_SHARED_BUFFERS: must be a size such as 32MB/,
      );
  });

  it("keeps PGlite's WebAssembly off V8's optimizing compiler unless FITPOST_PGLITE_OPTIMIZE_WASM is true", () => {
    expect(loadConfig({ FITPOST_DEMO: 'true' }).database).toMatchObject({ optimizeWasm: false });
    expect(loadConfig({ FITPOST_DEMO: 'true', FITPOST_PGLITE_OPTIMIZE_WASM: 'true' }).database).toMatchObject(
      { kind: 'pglite', optimizeWasm: true },
    );
    expect(refusal({ FITPOST_DEMO: 'true', FITPOST_PGLITE_OPTIMIZE_WASM: 'yes' })).toMatch(
      /FITPOST_PGLITE_OPTIMIZE_WASM/,
    );
  });
});

describe('FITPOST_TRUST_PROXY', () => {
  const trustProxy = (value?: string) =>
    loadConfig({ FITPOST_DEMO: 'true', ...(value === undefined ? {} : { FITPOST_TRUST_PROXY: value }) })
      .trustProxy;

  it('is off unless set', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
  });

  it('takes a hop count, proxy addresses and CIDR ranges, or true', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('10.0.0.0/8, 192.168.1.4,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.4', 'fd00::/8']);
    expect(trustProxy('true')).toBe(true);
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => trustProxy('proxy.internal')).toThrow(/FITPOST_TRUST_PROXY: "proxy.internal" is not an IP/);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/FITPOST_TRUST_PROXY/);
  });
});

describe('FITPOST_IMAGE_CONCURRENCY', () => {
  it("leaves two of libuv's threads free by default", () => {
    const demo = { FITPOST_DEMO: 'true' };
    expect(loadConfig({ ...demo, UV_THREADPOOL_SIZE: '3' }).imageConcurrency).toBe(1);
    expect(loadConfig({ ...demo, FITPOST_IMAGE_CONCURRENCY: '3' }).imageConcurrency).toBe(3);
  });
});

describe('email settings', () => {
  it('sends no email unless FITPOST_SMTP_URL is set, in production and in the demo', () => {
    expect(loadConfig(production()).email.smtpUrl).toBeNull();
    expect(loadConfig({ FITPOST_DEMO: 'true' }).email.smtpUrl).toBeNull();
  });

  it('needs a sender and its own unsubscribe secret in production once SMTP is set', () => {
    const message = refusal({ ...production(), FITPOST_SMTP_URL: 'smtps://mailer:pw@smtp.example.org' });
    expect(message).toContain('FITPOST_MAIL_FROM: is required with FITPOST_SMTP_URL');
    expect(message).toContain('FITPOST_EMAIL_SECRET: is required with FITPOST_SMTP_URL');
    const config = loadConfig({
      ...production(),
      FITPOST_SMTP_URL: 'smtps://mailer:pw@smtp.example.org',
      FITPOST_MAIL_FROM: 'FitPost <no-reply@example.org>',
      FITPOST_EMAIL_SECRET: randomBytes(48).toString('base64'),
    });
    expect(config.email).toMatchObject({ smtpUrl: 'smtps://mailer:pw@smtp.example.org', connections: 5 });
  });

  it('refuses a short secret, a sender without an address and a URL that is not SMTP', () => {
    const message = refusal({
      ...production(),
      FITPOST_SMTP_URL: 'https://smtp.example.org',
      FITPOST_MAIL_FROM: 'FitPost',
      FITPOST_EMAIL_SECRET: 'short',
    });
    expect(message).toContain('FITPOST_SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(message).toContain('FITPOST_MAIL_FROM: must be an address');
    expect(message).toContain('FITPOST_EMAIL_SECRET: must be at least 32 characters');
  });

  it('gives the demo its own secret, never production', () => {
    expect(loadConfig({ FITPOST_DEMO: 'true' }).email.secret).toMatch(/demo/);
    expect(loadConfig(production()).email.secret).toBeNull();
  });
});
