import dns from 'node:dns';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { PlatformError } from './errors.js';
import { commonFailure, type HttpRequest, readJson, retryAfterHeader, send } from './http.js';

/** One local HTTP server whose behaviour each path picks. */
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/ok': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}'),
  // Reads the whole request, then never answers: the post may have been taken.
  '/hang': (req) => {
    req.resume();
  },
  // Reads the whole request, then drops the connection.
  '/drop': (req) => {
    req.resume();
    req.on('end', () => req.socket.destroy());
  },
  // Sends the status line and half a body, then drops the connection.
  '/half': (req, res) => {
    req.resume();
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"id":');
    setTimeout(() => res.destroy(), 20);
  },
  '/429': (_req, res) => res.writeHead(429, { 'retry-after': '7' }).end(),
  '/503': (_req, res) => res.writeHead(503).end(),
  '/504': (_req, res) => res.writeHead(504).end(),
};

let http: ReturnType<typeof createHttpServer>;
let base: string;
/** Accepts TCP connections and never speaks: a TLS handshake against it never completes. */
let silent: Server;
let silentPort: number;
const sockets = new Set<Socket>();
/** A port nothing listens on. */
let closedPort: number;

function portOf(server: { address(): AddressInfo | string | null }): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  return address.port;
}

beforeAll(async () => {
  http = createHttpServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${portOf(http)}`;
  silent = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = portOf(silent);
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = portOf(probe);
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  http.closeAllConnections();
  for (const socket of sockets) socket.destroy();
  await Promise.all([
    new Promise((resolve) => http.close(resolve)),
    new Promise((resolve) => silent.close(resolve)),
  ]);
});

function request(url: string, publishes: boolean): HttpRequest {
  return { network: 'x', method: 'POST', url, body: '{"text":"hello"}', timeoutMs: 300, publishes };
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PlatformError)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

describe('send: was the request sent?', () => {
  it('a refused connection is retry, even for a publish', async () => {
    const error = await failure(send(request(`http://127.0.0.1:${closedPort}/`, true)));
    expect(error).toMatchObject({ kind: 'retry', code: 'ECONNREFUSED', network: 'x' });
    expect(error.message).toBe('FitPost could not reach X. It will try again shortly.');
  });

  it.each(['ENOTFOUND', 'EAI_AGAIN'])('a DNS failure (%s) is retry, even for a publish', async (code) => {
    // The test answers for the resolver, so no query leaves the machine: fetch connects through net,
    // which asks dns.lookup, the very function the resolver's own failures come from.
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation((hostname: string, ...rest: unknown[]) => {
      const callback = rest.at(-1) as (error: NodeJS.ErrnoException) => void;
      const error: NodeJS.ErrnoException = new Error(`getaddrinfo ${code} ${hostname}`);
      Object.assign(error, { code, syscall: 'getaddrinfo', hostname });
      process.nextTick(callback, error);
    });
    try {
      const error = await failure(send(request('http://api.x.example/2/tweets', true)));
      expect(error).toMatchObject({ kind: 'retry', code, network: 'x' });
      expect(error.message).toBe('FitPost could not reach X. It will try again shortly.');
      expect(lookup).toHaveBeenCalledWith('api.x.example', expect.anything(), expect.any(Function));
    } finally {
      lookup.mockRestore();
    }
  });

  it('a timeout while connecting (TLS handshake never answered) is retry, even for a publish', async () => {
    const error = await failure(send(request(`https://127.0.0.1:${silentPort}/`, true)));
    expect(error).toMatchObject({ kind: 'retry', code: 'timeout' });
  });

  it('a timeout after the request was sent is unknown for a publish and retry for anything else', async () => {
    const published = await failure(send(request(`${base}/hang`, true)));
    expect(published).toMatchObject({ kind: 'unknown', code: 'timeout' });
    expect(published.message).toMatch(/checking whether it was published/);
    expect(await failure(send(request(`${base}/hang`, false)))).toMatchObject({
      kind: 'retry',
      code: 'timeout',
    });
  });

  it('a connection dropped after the request was sent is unknown for a publish', async () => {
    expect(await failure(send(request(`${base}/drop`, true)))).toMatchObject({ kind: 'unknown' });
    expect(await failure(send(request(`${base}/drop`, false)))).toMatchObject({ kind: 'retry' });
  });

  it('a 2xx whose body never completes is unknown for a publish (it worked, the id was lost)', async () => {
    expect(await failure(send(request(`${base}/half`, true)))).toMatchObject({
      kind: 'unknown',
      status: 201,
    });
    expect(await failure(send(request(`${base}/half`, false)))).toMatchObject({ kind: 'retry', status: 201 });
  });

  it('answers the status, headers and body otherwise', async () => {
    const answer = await send(request(`${base}/ok`, true));
    expect(answer).toMatchObject({ status: 200, ok: true, text: '{"id":"1"}' });
    expect(readJson({ network: 'x', publishes: true }, answer, z.object({ id: z.string() }))).toEqual({
      id: '1',
    });
  });
});

describe('commonFailure and readJson', () => {
  it('429 is rate_limited with Retry-After; 5xx is retry; 502/504 on a publish is unknown', async () => {
    const limited = commonFailure(request(`${base}/429`, true), await send(request(`${base}/429`, true)));
    expect(limited).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000, status: 429 });
    expect(
      commonFailure(request(`${base}/503`, true), await send(request(`${base}/503`, true))),
    ).toMatchObject({
      kind: 'retry',
    });
    expect(
      commonFailure(request(`${base}/504`, true), await send(request(`${base}/504`, true))),
    ).toMatchObject({
      kind: 'unknown',
    });
    expect(
      commonFailure(request(`${base}/504`, false), await send(request(`${base}/504`, false))),
    ).toMatchObject({
      kind: 'retry',
    });
    expect(
      commonFailure(request(`${base}/ok`, true), await send(request(`${base}/ok`, true))),
    ).toBeUndefined();
  });

  it('an answer that does not fit its schema is unknown for a publish, retry otherwise', async () => {
    const answer = await send(request(`${base}/ok`, true));
    const schema = z.object({ data: z.object({ id: z.string() }) });
    expect(() => readJson({ network: 'x', publishes: true }, answer, schema)).toThrow(
      expect.objectContaining({ kind: 'unknown', code: 'unexpected_response' }),
    );
    expect(() => readJson({ network: 'x' }, answer, schema)).toThrow(
      expect.objectContaining({ kind: 'retry' }),
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterHeader(new Headers({ 'retry-after': '120' }), now)).toBe(120_000);
    expect(retryAfterHeader(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:01:00 GMT' }), now)).toBe(
      60_000,
    );
    expect(retryAfterHeader(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
  });
});
