import { expect, it } from 'vitest';
import { makeUser, startTestApp } from '../test/harness.js';
import { logLines } from '../test/log-lines.js';
import { exited, startServerProcess } from '../test/worker-process.js';
import { newTokenKey } from './crypto.js';
import { createLogger } from './logger.js';

/** A logger writing into an array of parsed lines. */
function capture(level = 'info') {
  const { lines, destination } = logLines();
  return { log: createLogger({ level, destination }), lines };
}

it('never writes bearer tokens, cookies, secrets or post texts', () => {
  const { log, lines } = capture();
  log.info(
    {
      req: { headers: { authorization: 'Bearer fp_secret', cookie: 'pending=abc' } },
      connection: { accessToken: 'tok', tokenSecret: 'sec' },
      post: { body: 'my private draft', text: 'tweet text' },
      targetId: 't1',
    },
    'hello',
  );
  const line = JSON.stringify(lines);
  for (const secret of ['fp_secret', 'pending=abc', 'tok"', 'sec"', 'my private draft', 'tweet text'])
    expect(line).not.toContain(secret);
  expect(lines[0]).toMatchObject({ targetId: 't1', msg: 'hello' });
});

it('logs API requests with their request id through the given logger, without the bearer token', async () => {
  const { log, lines } = capture('debug');
  const t = await startTestApp();
  try {
    const app = await (
      await import('../app/api.js')
    ).buildApp({
      ...t,
      config: { ...t.config, logLevel: 'debug' },
      logger: log,
    });
    const coach = await makeUser(t);
    const res = await app.inject({ method: 'GET', url: '/api/user/me', headers: coach.auth });
    expect(res.statusCode).toBe(200);
    const request = lines.find((l) => l.msg === 'incoming request');
    expect(request).toMatchObject({ reqId: expect.any(String) as unknown });
    expect(JSON.stringify(lines)).not.toContain(coach.token);
    await app.close();
  } finally {
    await t.close();
  }
  // Two apps on one fresh database: over 30 s on a loaded 2-core CI machine.
}, 60_000);

it('a start-up failure logs the error with its stack and exits with 1', async () => {
  const child = startServerProcess(
    ['--services=worker'],
    {
      // Nothing listens on port 9: the database connection is refused.
      DATABASE_URL: 'postgres://fitpost@127.0.0.1:9/fitpost',
      FITPOST_TOKEN_KEYS: newTokenKey('k1'),
      FITPOST_DEMO: 'true',
    },
    ['ignore', 'pipe', 'pipe'],
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  await exited(child);
  expect(child.exitCode, out).toBe(1);
  const fatal = out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; err?: { stack?: string } })
    .find((l) => l.level === 60);
  expect(fatal?.err?.stack, out).toMatch(/ECONNREFUSED[\s\S]*\n\s+at /);
}, 30_000);
