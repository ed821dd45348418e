import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../../lib/tokens.js';

const cookieName = 'fitpost_connect';
const maxAgeSeconds = 15 * 60;

/** The browser's binding token from its cookie, or null. */
export function browserToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookieName) return rest.join('=') || null;
  }
  return null;
}

/**
 * Ensures this browser carries a binding cookie (HttpOnly, SameSite=Lax, scoped to /api/social) and
 * returns its value. Pending connections store its hash, so only the browser that started a
 * connect flow can finish it.
 */
export function bindBrowser(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const token = browserToken(request) ?? randomToken(24);
  const attributes = [
    `${cookieName}=${token}`,
    'Path=/api/social',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  void reply.header('set-cookie', attributes.join('; '));
  return token;
}
