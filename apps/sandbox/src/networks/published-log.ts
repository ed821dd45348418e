import { z } from 'zod';

import { allowMethods, HttpError, type Route, sendJson } from '../http.js';
import { NETWORKS, type NetworkName } from './network-names.js';

/** One post a network accepted, as tests and the benchmark see it. */
export interface PublishedEntry {
  network: NetworkName;
  /** The account's id on its network: X user id, LinkedIn member id, Page id, Instagram user id. */
  accountId: string;
  /** How the network shows the account: `@handle` on X and Instagram, the name on LinkedIn, the Page name. */
  accountName: string;
  text: string;
  mediaCount: number;
  /** The alt text the post's (first) image carries, when it has one. */
  altText?: string;
  /** The id the network answered with (tweet id, post URN, `{page}_{post}`, Instagram media id). */
  remoteId: string;
  /** ISO 8601, UTC. */
  publishedAt: string;
}

const querySchema = z.object({
  network: z.enum(NETWORKS).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
});

/** Every post accepted by any network, oldest first; kept in memory for the life of the sandbox. */
export class PublishedLog {
  private entries: PublishedEntry[] = [];

  record(entry: Omit<PublishedEntry, 'publishedAt'>): PublishedEntry {
    const recorded = { ...entry, publishedAt: new Date().toISOString() };
    this.entries.push(recorded);
    return recorded;
  }

  list(filter: { network?: NetworkName; since?: string } = {}): PublishedEntry[] {
    const since = filter.since === undefined ? undefined : Date.parse(filter.since);
    return this.entries.filter(
      (entry) =>
        (filter.network === undefined || entry.network === filter.network) &&
        (since === undefined || Date.parse(entry.publishedAt) >= since),
    );
  }

  /** How many posts were accepted, in all and per network: a cheap poll for load tests. */
  count(): { total: number; networks: Record<NetworkName, number> } {
    const networks = Object.fromEntries(NETWORKS.map((n) => [n, 0])) as Record<NetworkName, number>;
    for (const entry of this.entries) networks[entry.network] += 1;
    return { total: this.entries.length, networks };
  }

  clear(): void {
    this.entries = [];
  }
}

/**
 * `GET /_sandbox/published[?network=&since=]` lists accepted posts; `DELETE` forgets them;
 * `GET /_sandbox/published/count` says how many there are, without sending them all.
 */
export function createPublishedRoute(log: PublishedLog): Route {
  return {
    prefix: '/_sandbox/published',
    handle: (req, res, url) => {
      if (url.pathname === '/_sandbox/published/count') {
        allowMethods(req, ['GET']);
        sendJson(res, 200, log.count());
        return;
      }
      if (url.pathname !== '/_sandbox/published') {
        throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
      }
      allowMethods(req, ['GET', 'DELETE']);
      if (req.method === 'DELETE') {
        log.clear();
        res.statusCode = 204;
        res.end();
        return;
      }
      const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!parsed.success) {
        throw new HttpError(
          400,
          'bad_request',
          `Filter with ?network=${NETWORKS.join('|')} and ?since=<ISO 8601 date-time>.`,
          z.flattenError(parsed.error),
        );
      }
      sendJson(res, 200, log.list(parsed.data));
    },
  };
}
