import { randomBytes, timingSafeEqual } from 'node:crypto';

import type { MetricsClock } from './engagement.js';
import type { FaultBook, HeldResponses } from './faults.js';
import type { PublishedLog } from './published-log.js';
import type { RedirectPolicy } from './redirects.js';

/** What every network stand-in shares: the sandbox's address and its test controls. */
export interface NetworkContext {
  /** The origin clients reach the sandbox at; absolute URLs the networks hand out start with it. */
  publicUrl: string;
  published: PublishedLog;
  faults: FaultBook;
  held: HeldResponses;
  redirects: RedirectPolicy;
  /** The clock posts' metrics grow on (tests move it forward). */
  metricsClock: MetricsClock;
  /** Aborted when the sandbox closes, so delays and image fetches stop with it. */
  signal: AbortSignal;
}

/** An unguessable token; `bytes` of randomness, base64url so it survives URLs and headers unescaped. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** Numeric ids as the networks print them (decimal strings, too long for a JS number), counting up from `start`. */
export class IdSequence {
  private next: bigint;

  constructor(start: bigint) {
    this.next = start;
  }

  take(): string {
    const id = this.next;
    this.next += 1n;
    return id.toString();
  }
}

/** Parses a comma-separated list of names (scopes, fields); empty items are dropped. */
export function splitList(value: string | null | undefined, separator: RegExp = /[\s,]+/): string[] {
  return (value ?? '')
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Compares secrets (signatures, proofs) in constant time, so a forger learns nothing from how long a refusal takes. */
export function constantTimeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
