import type { ServerResponse } from 'node:http';

import { z } from 'zod';

import { allowMethods, HttpError, readJson, type Route, sendJson } from '../http.js';
import { NETWORKS, type NetworkName } from './network-names.js';

const FAULT_KINDS = ['rate_limit', 'server_error', 'slow', 'hang', 'revoked'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
/** Which calls a fault hits: publishing (the default) or reading a post's metrics. */
const FAULT_CALLS = ['publish', 'metrics'] as const;
export type FaultCall = (typeof FAULT_CALLS)[number];

/** `POST /_sandbox/faults`: the next `times` publish calls on `network` (for `accountId`, if given) fail. */
export const faultRequestSchema = z.strictObject({
  network: z.enum(NETWORKS),
  kind: z.enum(FAULT_KINDS),
  times: z.int().min(1).max(1_000_000).default(1),
  accountId: z.string().min(1).optional(),
  call: z.enum(FAULT_CALLS).default('publish'),
  /** `slow` only: how long the answer is held back. */
  delayMs: z
    .int()
    .min(0)
    .max(10 * 60 * 1000)
    .optional(),
  /** `rate_limit` only: when the network says the limit resets. */
  resetSeconds: z
    .int()
    .min(0)
    .max(24 * 60 * 60)
    .optional(),
});
export type FaultRequest = z.input<typeof faultRequestSchema>;

/** A pending fault; `remaining` counts down with every publish call it affects. */
export interface Fault {
  id: number;
  network: NetworkName;
  kind: FaultKind;
  remaining: number;
  accountId?: string;
  call: FaultCall;
  delayMs?: number;
  resetSeconds?: number;
  createdAt: string;
}

/** Faults injected by tests, consumed oldest first by the publish calls they match. */
export class FaultBook {
  private faults: Fault[] = [];
  private nextId = 1;

  add(request: z.output<typeof faultRequestSchema>): Fault {
    const { times, ...rest } = request;
    const fault: Fault = {
      id: this.nextId++,
      remaining: times,
      ...rest,
      createdAt: new Date().toISOString(),
    };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.faults = [];
  }

  /** Uses up one application of the oldest fault matching this call (a publish unless `call` says), if any. */
  take(network: NetworkName, accountId: string, call: FaultCall = 'publish'): Fault | undefined {
    // The common case (no faults at all) must stay a single length check: publish paths are benchmarked.
    if (this.faults.length === 0) return undefined;
    const index = this.faults.findIndex(
      (fault) =>
        fault.network === network &&
        fault.call === call &&
        (fault.accountId === undefined || fault.accountId === accountId),
    );
    const fault = this.faults[index];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.faults.splice(index, 1);
    return { ...fault };
  }
}

/** Responses a `hang` fault never finishes; released when the client gives up or the sandbox closes. */
export class HeldResponses {
  private readonly held = new Set<ServerResponse>();

  hold(res: ServerResponse): void {
    this.held.add(res);
    res.once('close', () => this.held.delete(res));
  }

  releaseAll(): void {
    for (const res of this.held) res.destroy();
    this.held.clear();
  }
}

/** `GET` lists pending faults, `POST` adds one, `DELETE` clears them all. */
export function createFaultsRoute(book: FaultBook): Route {
  return {
    prefix: '/_sandbox/faults',
    handle: async (req, res, url) => {
      if (url.pathname !== '/_sandbox/faults') {
        throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
      }
      allowMethods(req, ['GET', 'POST', 'DELETE']);
      if (req.method === 'GET') return sendJson(res, 200, book.list());
      if (req.method === 'DELETE') {
        book.clear();
        res.statusCode = 204;
        res.end();
        return;
      }
      const parsed = faultRequestSchema.safeParse(await readJson(req));
      if (!parsed.success) {
        throw new HttpError(
          400,
          'bad_request',
          'The body does not match { network, kind, times?, accountId?, call?, delayMs?, resetSeconds? }.',
          z.flattenError(parsed.error),
        );
      }
      sendJson(res, 201, book.add(parsed.data));
    },
  };
}
