/**
 * What a published post has earned: the same figures behind every network's metrics API (X public_metrics,
 * LinkedIn social actions, Facebook Page post insights, Instagram media insights), each network showing the
 * part its real API shows. Deterministic per post (seeded from the network's post id) and growing with the
 * post's age on the sandbox's metrics clock, so tests can work the expected figures out by hand.
 */
import { createHash } from 'node:crypto';

import { z } from 'zod';

import { allowMethods, HttpError, readJson, type Route, sendJson } from '../http.js';

export interface Engagement {
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
  clicks: number;
}

const HOUR_MS = 60 * 60 * 1000;
/** The figures stop growing after 30 days, as a post's reach does. */
const GROWTH_HOURS = 30 * 24;

/**
 * The per-post rates: five bytes of SHA-256 of the post id. A post earns `units = 1 + full hours of age`
 * (at most 1 + 720): impressions `units × (40 + b0 mod 60)`, likes `units × (1 + b1 mod 5)`, comments
 * `⌊units × (1 + b2 mod 3) / 3⌋`, shares `⌊units × (1 + b3 mod 2) / 4⌋`, link clicks `⌊units × (1 + b4 mod 4) / 2⌋`.
 */
export function engagementAt(postId: string, publishedAtMs: number, nowMs: number): Engagement {
  const bytes = createHash('sha256').update(postId).digest();
  const b = (index: number) => bytes[index] ?? 0;
  const hours = Math.min(GROWTH_HOURS, Math.max(0, Math.floor((nowMs - publishedAtMs) / HOUR_MS)));
  const units = 1 + hours;
  return {
    impressions: units * (40 + (b(0) % 60)),
    likes: units * (1 + (b(1) % 5)),
    comments: Math.floor((units * (1 + (b(2) % 3))) / 3),
    shares: Math.floor((units * (1 + (b(3) % 2))) / 4),
    clicks: Math.floor((units * (1 + (b(4) % 4))) / 2),
  };
}

/** The clock metrics are read on: real time plus an offset tests move forward to age posts. */
export class MetricsClock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): number {
    this.offsetMs += ms;
    return this.offsetMs;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  get offset(): number {
    return this.offsetMs;
  }
}

const clockRequestSchema = z.strictObject({
  advanceSeconds: z
    .int()
    .min(0)
    .max(400 * 24 * 60 * 60),
});

/** `GET /_sandbox/metrics-clock` shows the offset, `POST { advanceSeconds }` moves it on, `DELETE` resets it. */
export function createMetricsClockRoute(clock: MetricsClock): Route {
  return {
    prefix: '/_sandbox/metrics-clock',
    handle: async (req, res, url) => {
      if (url.pathname !== '/_sandbox/metrics-clock') {
        throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
      }
      allowMethods(req, ['GET', 'POST', 'DELETE']);
      if (req.method === 'DELETE') clock.reset();
      if (req.method === 'POST') {
        const parsed = clockRequestSchema.safeParse(await readJson(req));
        if (!parsed.success) {
          throw new HttpError(
            400,
            'bad_request',
            'The body does not match { advanceSeconds }.',
            z.flattenError(parsed.error),
          );
        }
        clock.advance(parsed.data.advanceSeconds * 1000);
      }
      sendJson(res, 200, {
        offsetSeconds: Math.round(clock.offset / 1000),
        now: new Date(clock.now()).toISOString(),
      });
    },
  };
}
