import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { newTokenKey } from '../../lib/crypto.js';
import { exited, startServerProcess } from '../../test/worker-process.js';

/**
 * Issue 25: on SIGTERM an API process answers readiness 503 while it keeps serving for
 * FITPOST_SHUTDOWN_DRAIN_MS (so a proxy's health check sees it go), only then closes its port,
 * finishes the request it has in hand and exits 0. A real process, as a deploy stops it.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fitpost-drain-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Resolves with the first log line `match` accepts, or rejects when the process ends first. */
function logLine(
  out: NodeJS.ReadableStream,
  child: ReturnType<typeof startServerProcess>,
  match: (l: Record<string, unknown>) => boolean,
) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines.filter((l) => l.startsWith('{'))) {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        if (match(parsed)) {
          out.off('data', onData);
          resolve(parsed);
        }
      }
    };
    out.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${String(code)}) first`)));
  });
}

/** One request on its own connection (`Connection: close`); the status code, or the error's code. */
async function statusOf(port: number, url: string): Promise<number | string> {
  return fetch(`http://127.0.0.1:${port}${url}`, { headers: { connection: 'close' } }).then(
    (res) => res.status,
    (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
  );
}

/** Asks `ask` again (each answer awaited) until it answers `wanted`; the test's timeout bounds it. */
async function until<T>(ask: () => Promise<T>, wanted: T) {
  for (;;) if ((await ask()) === wanted) return;
}

it('answers readiness 503 for the drain time while serving, then closes, finishes in-flight work and exits 0', async () => {
  const child = startServerProcess(
    ['--services=api'],
    {
      FITPOST_DEMO: 'true',
      FITPOST_DEMO_SEED: 'false',
      FITPOST_DATA_DIR: dataDir,
      FITPOST_TOKEN_KEYS: newTokenKey('k1'),
      PORT: '0',
      LOG_LEVEL: 'info',
      // Long enough that no stall of a busy machine outlasts it between SIGTERM and the checks.
      FITPOST_SHUTDOWN_DRAIN_MS: '8000',
    },
    ['ignore', 'pipe', 'inherit'],
  );
  const stdout = child.stdout;
  if (!stdout) throw new Error('no stdout');
  const ready = await logLine(stdout, child, (l) => typeof l.msg === 'string' && l.msg.includes(' ready '));
  const port = (ready.address as { port: number }).port;
  expect(await statusOf(port, '/api/health/ready')).toBe(200);

  // A request in hand when the signal comes: its headers are in, its body not yet.
  const inFlight = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => inFlight.once('connect', () => resolve()));
  const answer = new Promise<string>((resolve) => {
    let text = '';
    inFlight.on('data', (d: Buffer) => (text += d.toString()));
    inFlight.on('end', () => resolve(text));
  });
  const body = JSON.stringify({ portalId: 1 });
  inFlight.write(
    `POST /api/announcement/active HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );

  const drained = logLine(stdout, child, (l) => l.msg === 'FitPost drained: closing the port');
  child.kill('SIGTERM');
  // Draining: readiness says 503, yet new connections are still served.
  await until(() => statusOf(port, '/api/health/ready'), 503);
  expect(await statusOf(port, '/api/health/live')).toBe(200);
  // After the drain the port closes…
  await drained;
  const stopping = logLine(stdout, child, (l) => l.msg === 'FitPost port closed; requests in hand finished');
  await until(() => statusOf(port, '/api/health/live'), 'ECONNREFUSED');
  expect(child.exitCode).toBeNull();
  // …and the request in hand is still answered, after which the process stops cleanly.
  inFlight.write(body);
  expect(await answer).toMatch(/^HTTP\/1\.1 200 /);
  await stopping;
  await exited(child);
  expect(child.exitCode).toBe(0);
}, 90_000);
