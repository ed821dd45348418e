import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../lib/tokens.js';

/**
 * Ties a flow that leaves FitPost and comes back (a social connection, a sign-in) to the browser
 * that started it: an HttpOnly, SameSite=Lax cookie scoped to the flow's API path. The pending row
 * keeps only the cookie's hash, so a callback URL finished in another browser matches nothing.
 */
interface BrowserBinding {
  /** The browser's binding token from its cookie, or null when it has none of the right shape. */
  token(request: FastifyRequest): string | null;
  /** Ensures this browser carries the cookie and returns its value. */
  bind(request: FastifyRequest, reply: FastifyReply): string;
}

const tokenBytes = 24;
/** What `randomToken(tokenBytes)` makes; any other cookie value is not ours and is replaced. */
const tokenShape = /^[A-Za-z0-9_-]{32}$/;

export function browserBinding(options: {
  cookie: string;
  path: string;
  maxAgeSeconds: number;
  secure: boolean;
}): BrowserBinding {
  const token = (request: FastifyRequest) => {
    const header = request.headers.cookie ?? '';
    for (const part of header.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === options.cookie) {
        const value = rest.join('=');
        return tokenShape.test(value) ? value : null;
      }
    }
    return null;
  };
  return {
    token,
    bind(request, reply) {
      const value = token(request) ?? randomToken(tokenBytes);
      const attributes = [
        `${options.cookie}=${value}`,
        `Path=${options.path}`,
        `Max-Age=${options.maxAgeSeconds}`,
        'HttpOnly',
        'SameSite=Lax',
      ];
      if (options.secure) attributes.push('Secure');
      void reply.header('set-cookie', attributes.join('; '));
      return value;
    },
  };
}
