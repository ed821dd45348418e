import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { originOf } from '../../lib/hosts.js';

/**
 * Powerful browser features FitPost never uses, switched off for its pages and anything they
 * embed: a script that got in could not reach the camera, microphone, location, payments or USB.
 */
const permissionsPolicy = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
  'xr-spatial-tracking',
  'browsing-topics',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Security headers with a strict CSP and a Permissions-Policy, `Cache-Control: no-store` on API
 * answers, and CORS limited to FitPost's own public hosts.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd injects its CSS-in-JS as <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The sign-in provider's avatars are other origins; let them load.
    crossOriginEmbedderPolicy: false,
    // The app opens LinkedIn / Facebook login in a popup and must keep talking to it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onSend', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    reply.header('permissions-policy', permissionsPolicy);
    // API answers are personal (the sign-in answer carries the session token): no cache, shared or
    // the browser's own, may keep them.
    if (path.startsWith('/api/')) reply.header('cache-control', 'no-store');
    // The popup's callback pages must not sever the link to the window that opened them: coming back
    // from another origin, any opener policy of theirs would put them in a new browsing context group.
    if (path === '/linkedin' || path === '/facebook') reply.removeHeader('cross-origin-opener-policy');
  });
  await app.register(cors, {
    origin: config.publicHosts.map((host) => originOf(host, config.publicUrl)),
    credentials: false,
  });
}
