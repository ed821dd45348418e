import { createHmac, timingSafeEqual } from 'node:crypto';
import { emailKinds, type EmailKind } from '@fitpost/contract';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`fitpost-unsubscribe-v1|${payload}`).digest();

/**
 * An unsubscribe token: `base64url(userId:kind).base64url(HMAC-SHA256)`. It names one member and one
 * kind of email and nothing else, so it can only ever turn off that kind for that member; it has no
 * expiry (links in old emails keep working, as RFC 8058 expects of a List-Unsubscribe URL).
 */
export function unsubscribeToken(secret: string, userId: string, kind: EmailKind): string {
  const payload = `${userId}:${kind}`;
  return `${Buffer.from(payload).toString('base64url')}.${mac(secret, payload).toString('base64url')}`;
}

/** The member and kind a token names, or null when it was not made with `secret` (forged, altered). */
export function readUnsubscribeToken(
  secret: string | null,
  token: string,
): { userId: string; kind: EmailKind } | null {
  if (!secret) return null;
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const colon = payload.indexOf(':');
  const userId = payload.slice(0, colon);
  const kind = payload.slice(colon + 1);
  if (!uuidPattern.test(userId) || !(emailKinds as readonly string[]).includes(kind)) return null;
  return { userId, kind: kind as EmailKind };
}
