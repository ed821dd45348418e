import { createHmac, timingSafeEqual } from 'node:crypto';
import { emailKinds, type EmailKind } from '@fitpost/contract';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How long an unsubscribe link works after its email was written. */
export const unsubscribeTokenLifetimeMs = 365 * 86_400_000;

/**
 * Links written before tokens carried their issue time (v1, issue 25) name none: they are taken as
 * issued on this day, so they too stop working a year after the upgrade that introduced expiry.
 */
export const legacyTokensIssuedAt = new Date('2026-12-01T00:00:00Z');

const mac = (secret: string, version: 'v1' | 'v2', payload: string) =>
  createHmac('sha256', secret).update(`fitpost-unsubscribe-${version}|${payload}`).digest();

/**
 * An unsubscribe token: `base64url(userId:kind:issuedAtSeconds).base64url(HMAC-SHA256)`. It names one
 * member and one kind of email and nothing else, so it can only ever turn off that kind for that
 * member, and it expires `unsubscribeTokenLifetimeMs` after it was issued.
 */
export function unsubscribeToken(
  secret: string,
  userId: string,
  kind: EmailKind,
  issuedAt = new Date(),
): string {
  const payload = `${userId}:${kind}:${Math.floor(issuedAt.getTime() / 1000)}`;
  return `${Buffer.from(payload).toString('base64url')}.${mac(secret, 'v2', payload).toString('base64url')}`;
}

interface UnsubscribeTokenContent {
  userId: string;
  kind: EmailKind;
  /** When it stops working: a year after it was issued. */
  expiresAt: Date;
}

/**
 * The member, kind and expiry a token names, or null when it was not made with `secret` (forged,
 * altered). Whether it has expired is the caller's to decide (a used link still answers).
 */
export function readUnsubscribeToken(secret: string | null, token: string): UnsubscribeTokenContent | null {
  if (!secret) return null;
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const [userId = '', kind = '', issued, ...extra] = payload.split(':');
  if (extra.length > 0) return null;
  const expected = mac(secret, issued === undefined ? 'v1' : 'v2', payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!uuidPattern.test(userId) || !(emailKinds as readonly string[]).includes(kind)) return null;
  const issuedAt = issued === undefined ? legacyTokensIssuedAt : new Date(Number(issued) * 1000);
  if (issued !== undefined && !/^\d{1,12}$/.test(issued)) return null;
  return {
    userId,
    kind: kind as EmailKind,
    expiresAt: new Date(issuedAt.getTime() + unsubscribeTokenLifetimeMs),
  };
}
