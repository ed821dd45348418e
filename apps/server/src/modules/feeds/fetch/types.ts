export interface FeedFetchOptions {
  /** The FITPOST_FEEDS_ALLOW_LOOPBACK flag: lets the sandbox's demo feeds through; false in production. */
  allowLoopback: boolean;
  /** The whole request, redirects and body included; default 10,000. */
  timeoutMs?: number;
  /** Response body cap (after decompression); default 5 MiB. */
  maxBytes?: number;
  /** Default 3; every hop is checked like the first. */
  maxRedirects?: number;
  /** From the previous fetch, for a conditional GET. */
  etag?: string | null;
  lastModified?: string | null;
}

export interface FetchedFeedItem {
  /** guid/id, else link, else a hash of title and date: the stable key to deduplicate on. */
  guid: string;
  title: string;
  /** http(s) only. */
  link: string | null;
  /** Plain text: HTML stripped, character references decoded, trimmed, at most 5,000 characters. */
  summary: string;
  /** Enclosure, media or image of the item, http(s) only. */
  imageUrl: string | null;
  publishedAt: Date | null;
}

export type FeedFetchResult =
  | { status: 'not_modified' }
  | {
      status: 'ok';
      title: string | null;
      items: FetchedFeedItem[];
      etag: string | null;
      lastModified: string | null;
    };
