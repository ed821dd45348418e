import ipaddr from 'ipaddr.js';
import { z } from 'zod';

// How the environment's variables are read: the value types config.ts builds its schema from.

export const csv = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string()));

export const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * FITPOST_TRUST_PROXY as Fastify's `trustProxy` takes it: `false` (default: the socket's address is
 * the client's), `true` (believe any X-Forwarded-For: only behind a proxy that always overwrites it),
 * a number of proxy hops, or a comma-separated list of proxy addresses and CIDR ranges.
 */
export const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isAddressOrRange(entry));
    if (bad) {
      ctx.addIssue({ code: 'custom', message: `"${bad}" is not an IP address or CIDR range` });
      return z.NEVER;
    }
    return entries;
  });

function isAddressOrRange(entry: string) {
  if (ipaddr.isValid(entry)) return true;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

export const isLoopback = (u: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);

export const missing = 'is required (set it, or run the demo with FITPOST_DEMO=true)';
/** A variable production must set: its absence is reported with the demo switch named. */
export const required = <T extends z.ZodType>(schema: (params: { error: z.core.$ZodErrorMap }) => T) =>
  schema({ error: (issue) => (issue.input === undefined ? missing : undefined) });
export const secret = required((p) => z.string(p).min(1));
