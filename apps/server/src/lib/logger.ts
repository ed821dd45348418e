import { pino, type DestinationStream, type Logger } from 'pino';
import { serializeError } from './database-errors.js';

export type { Logger } from 'pino';

/**
 * What never reaches a log line: credentials in requests and responses (bearer tokens, cookies),
 * and the secrets and post texts FitPost's own objects carry, wherever a caller logs them.
 */
export const redactPaths = [
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
      serializers: { err: serializeError, error: serializeError },
    },
    opts.destination,
  );
}
