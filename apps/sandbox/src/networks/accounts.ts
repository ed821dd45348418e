import { z } from 'zod';

import { allowMethods, HttpError, readJson, type Route, sendJson } from '../http.js';
import type { FacebookPageCredentials, InstagramAccountCredentials } from './facebook/facebook-network.js';
import type { LinkedInAccountCredentials } from './linkedin/linkedin-network.js';
import { NETWORKS, type NetworkName } from './network-names.js';
import type { XAccountCredentials } from './x/x-network.js';

/** Load and crash tests publish to thousands of accounts; more than this is a mistake, not a test. */
const MAX_BULK_ACCOUNTS = 20_000;

/** `POST /_sandbox/accounts`: `count` extra accounts on `network`, already connected. */
const bulkAccountsRequestSchema = z.strictObject({
  network: z.enum(NETWORKS),
  count: z.int().min(1).max(MAX_BULK_ACCOUNTS),
  /** Starts every handle and name, so runs can tell their accounts apart. */
  prefix: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,20}$/)
    .default('load'),
});
export type BulkAccountsRequest = z.input<typeof bulkAccountsRequestSchema>;

/** Per network, creates ready-to-use accounts and returns their ids and credentials. */
export interface BulkAccountFactories {
  x: (count: number, prefix: string) => XAccountCredentials[];
  linkedin: (count: number, prefix: string) => LinkedInAccountCredentials[];
  facebook: (count: number, prefix: string) => FacebookPageCredentials[];
  instagram: (count: number, prefix: string) => InstagramAccountCredentials[];
}

/** The accounts `POST /_sandbox/accounts` creates on network N, with their credentials. */
export type BulkAccounts<N extends NetworkName> = ReturnType<BulkAccountFactories[N]>;

/** The answer of `POST /_sandbox/accounts`, by network. */
export type BulkAccountsResponse = {
  [N in NetworkName]: { network: N; accounts: BulkAccounts<N> };
}[NetworkName];

/** The control endpoint that adds connected accounts in bulk, for load tests. */
export function createAccountsRoute(factories: BulkAccountFactories): Route {
  return {
    prefix: '/_sandbox/accounts',
    handle: async (req, res, url) => {
      if (url.pathname !== '/_sandbox/accounts') {
        throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
      }
      allowMethods(req, ['POST']);
      const parsed = bulkAccountsRequestSchema.safeParse(await readJson(req));
      if (!parsed.success) {
        throw new HttpError(
          400,
          'bad_request',
          `The body does not match { network, count (1–${MAX_BULK_ACCOUNTS}), prefix? }.`,
          z.flattenError(parsed.error),
        );
      }
      const { network, count, prefix } = parsed.data;
      sendJson(res, 201, { network, accounts: factories[network](count, prefix) });
    },
  };
}
