import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

import { isAddressAllowed, type AddressKind } from './address-policy.js';
import { blockedAddress, FeedFetchError } from './errors.js';

interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Turns a host name into addresses; the default is the system resolver, tests inject their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, order: 'verbatim' });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

interface HopOptions {
  allowLoopback: boolean;
  /** This hop follows a redirect; only changes the wording of a refusal. */
  redirected: boolean;
  headers: Record<string, string>;
  /** Aborts the hop (the whole fetch's deadline). */
  signal: AbortSignal;
  resolve: Resolver;
  /** classifyAddress, unless a test needs one loopback address to stand for the public internet. */
  classify: (address: string) => AddressKind;
}

export interface HopResponse {
  status: number;
  statusMessage: string;
  headers: IncomingHttpHeaders;
  /** Reads the body, decoded per Content-Encoding, refusing it as soon as it passes `maxBytes`. */
  read(maxBytes: number): Promise<Buffer>;
  /** Drops the body and the connection (redirects, errors, 304). */
  discard(): void;
}

/** The error refusing a connection to `address`, or null when FitPost may connect to it. */
function refusalFor(address: string, options: HopOptions): FeedFetchError | null {
  const kind = options.classify(address);
  return kind === 'public' || isAddressAllowed(kind, options.allowLoopback)
    ? null
    : blockedAddress(kind, options.redirected);
}

/**
 * The socket's DNS step: resolves the name, then refuses the connection unless EVERY address is
 * allowed (a name answering with one public and one private address is a rebinding attempt). The
 * socket connects to exactly the addresses checked here; nothing resolves the name a second time.
 */
function guardedLookup(options: HopOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    options
      .resolve(hostname)
      .then((found) => {
        for (const { address } of found) {
          const refusal = refusalFor(address, options);
          if (refusal) throw refusal;
        }
        const wanted = found.filter((a) => !lookupOptions.family || a.family === lookupOptions.family);
        const first = wanted[0];
        if (!first) throw new FeedFetchError('feed.unreachable', notFoundMessage(hostname));
        if (lookupOptions.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      })
      .catch((error: unknown) => callback(asLookupError(error, hostname), ''));
  };
}

const notFoundMessage = (hostname: string) =>
  `FitPost could not find the feed's server: the name ${hostname} does not resolve.`;

function asLookupError(error: unknown, hostname: string): Error {
  if (error instanceof FeedFetchError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : undefined;
  if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'EAI_NONAME')
    return new FeedFetchError('feed.unreachable', notFoundMessage(hostname), { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}

function decoderFor(encoding: string | undefined): NodeJS.ReadWriteStream | null {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new FeedFetchError(
        'feed.malformed',
        `The feed's server compressed it in a way FitPost cannot read (${encoding}).`,
      );
  }
}

function tooLarge(maxBytes: number): FeedFetchError {
  const size = maxBytes >= 1024 * 1024 ? `${+(maxBytes / (1024 * 1024)).toFixed(1)} MB` : `${maxBytes} bytes`;
  return new FeedFetchError('feed.too_large', `This feed is larger than ${size}, the most FitPost reads.`);
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooLarge(maxBytes);
  }
  const decoder = decoderFor(res.headers['content-encoding']);
  // pipeline passes an error or abort of the response on to the decoder, so the loop below sees it.
  const source: Readable | NodeJS.ReadWriteStream = decoder ? pipeline(res, decoder, () => undefined) : res;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      // Neither an http response nor a zlib stream has an encoding set, so every chunk is a Buffer.
      const bytes = chunk as Buffer;
      size += bytes.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(bytes);
    }
  } finally {
    res.destroy();
  }
  return Buffer.concat(chunks);
}

/**
 * One GET, without following redirects, through the SSRF guard: an IP literal is checked before
 * connecting, a name at DNS time inside the socket's own lookup, and the connected peer once more.
 */
export function requestHop(url: URL, options: HopOptions): Promise<HopResponse> {
  return new Promise((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    const refusal = isIP(literal) ? refusalFor(literal, options) : null;
    if (refusal) {
      reject(refusal);
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        headers: options.headers,
        // A private agent: a pooled keep-alive socket opened by other code could skip the guard.
        agent: false,
        lookup: guardedLookup(options),
        signal: options.signal,
      },
      (res) =>
        resolve({
          status: res.statusCode ?? 0,
          statusMessage: res.statusMessage ?? '',
          headers: res.headers,
          read: (maxBytes) => readBody(res, maxBytes),
          discard: () => res.destroy(),
        }),
    );
    req.on('socket', (socket) => {
      // Belt and braces: whatever path led here, the peer we actually reached must be allowed too.
      socket.once('connect', () => {
        const peerRefusal = refusalFor(socket.remoteAddress ?? '', options);
        if (peerRefusal) req.destroy(peerRefusal);
      });
    });
    req.on('error', reject);
    req.end();
  });
}
