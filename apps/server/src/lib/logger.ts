import { pino, type DestinationStream, type Logger } from 'pino';
import { serializeError } from './database-errors.js';

export type { Logger } from 'pino';

/**
 * What never reaches a log line: credentials in requests and responses (bearer tokens, cookies),
 * and the secrets and post texts FitPost's own objects carry, wherever a caller logs them.
 */
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.tokenSecret',
  '*.clientSecret',
  '*.password',
  '*.body',
  '*.text',
];

/**
 * Paths whose query string carries credentials or personal data: sign-in and network codes, state
 * and verifiers (`/oauth`, `/linkedin`, `/facebook`, `/validatetwitterauth`, `/api/auth/callback`),
 * unsubscribe tokens and emails (`/unsubscribe`), and tracked links (`/l/`).
 */
const credentialPaths =
  /^\/(oauth|linkedin|facebook|validatetwitterauth|api\/auth\/callback|unsubscribe|l)(\/|\?|$)/;

/** `url` as a request log may show it: the query string of a credential path is `[redacted]`. */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const path = url.slice(0, query);
  return credentialPaths.test(path) ? `${path}?[redacted]` : url;
}

/** Fastify's request serializer, with the URL through `loggableUrl` at every level. */
function serializeRequest(req: {
  method?: string;
  url?: unknown;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  // Anything else logged as `req` is left to the redaction paths.
  if (typeof req.url !== 'string') return req;
  return {
    method: req.method,
    url: loggableUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The one logger factory: the API (Fastify's `loggerInstance`) and the worker log through the same
 * pino instance, one JSON line per event on stdout. Children carry the ids of what is being worked
 * on: `reqId` (Fastify), `jobId`, `targetId`, `autoPostId`.
 */
export function createLogger(
  opts: { level: string; service?: string; destination?: DestinationStream } = { level: 'info' },
): Logger {
  return pino(
    {
      level: opts.level,
      base: { pid: process.pid, ...(opts.service ? { service: opts.service } : {}) },
      redact: { paths: redactPaths, censor: '[redacted]' },
      // A failed statement logs its name and SQLSTATE, never its parameters (lib/database-errors.ts).
      // A request's URL never carries a credential path's query string (loggableUrl).
      serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    },
    opts.destination,
  );
}
