import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { assetsRoute, faviconRoute } from './assets.js';
import { createControlRoute } from './control.js';
import { createFeedsRoute } from './feeds/routes.js';
import { createDispatcher } from './http.js';
import { startMailCatcher, type MailCatcher } from './mail/catcher.js';
import { avatarsRoute, profileRoute } from './member-pages.js';
import { createNetworks, type Networks } from './networks/networks.js';
import { createProvider, SSO_PATH } from './sso/provider.js';
import { createSsoRoutes } from './sso/routes.js';
import { generateSigningKey } from './sso/signing-key.js';

export { DEMO_PASSWORD, demoMembers, type DemoMember } from './sso/members.js';
export type { NetworkName } from './networks/network-names.js';
export type { PublishedEntry } from './networks/published-log.js';
export type { Fault, FaultKind, FaultRequest } from './networks/faults.js';
export type { CaughtMail, MailFault } from './mail/catcher.js';
export type { BulkAccounts, BulkAccountsRequest, BulkAccountsResponse } from './networks/accounts.js';
export type { XAccountCredentials } from './networks/x/x-network.js';
export type { LinkedInAccountCredentials } from './networks/linkedin/linkedin-network.js';
export type {
  FacebookPageCredentials,
  InstagramAccountCredentials,
} from './networks/facebook/facebook-network.js';
export {
  demoFacebookUsers,
  demoLinkedInMembers,
  demoXAccounts,
  type DemoFacebookPage,
  type DemoFacebookUser,
  type DemoInstagramAccount,
  type DemoLinkedInMember,
  type DemoXAccount,
} from './networks/demo-accounts.js';

export interface SandboxOptions {
  /** 0 picks a free port; the returned `url` has the real one. */
  port: number;
  /** Defaults to 127.0.0.1: the sandbox accepts any demo member's password, so it stays on loopback. */
  host?: string;
  /** The origin clients use to reach the sandbox (no path); defaults to http://host:port. */
  publicUrl?: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  clientId?: string;
  clientSecret?: string;
  /** FitPost's X app (OAuth 1.0a consumer); defaults to fitpost-x-key / fitpost-x-secret. */
  x?: { consumerKey: string; consumerSecret: string };
  /** FitPost's LinkedIn app; defaults to fitpost-linkedin / fitpost-linkedin-secret. */
  linkedin?: { clientId: string; clientSecret: string };
  /** FitPost's Meta app (Facebook and Instagram); defaults to fitpost-facebook / fitpost-facebook-secret. */
  facebook?: { appId: string; appSecret: string };
  /**
   * Origins whose URIs the social networks accept as OAuth redirect/callback URIs, besides any loopback
   * host (always accepted) and the origins of `redirectUris`.
   */
  networkRedirectOrigins?: string[];
  /** Starts the SMTP catcher on this port (0: a free one) on the same host; unset, no catcher. */
  smtpPort?: number;
}

export interface Sandbox {
  /** Where the server listens, e.g. http://127.0.0.1:4000. */
  url: string;
  /** The OpenID Connect issuer, `${publicUrl}/sso`. */
  issuer: string;
  /** The SMTP catcher, `smtp://host:port`, when `smtpPort` was given. */
  smtpUrl?: string;
  close(): Promise<void>;
}

/** Requests still open this long after close() are cut, so shutdown never hangs on a stuck client. */
const CLOSE_GRACE_MS = 2000;

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      // A TCP listen always yields AddressInfo; the string form is only for pipes and sockets.
      if (address === null || typeof address === 'string')
        reject(new Error('sandbox: expected a TCP address'));
      else resolve(address);
    });
  });
}

function originOf(publicUrl: string): string {
  const url = new URL(publicUrl);
  // Pages link to /assets and /sso from the root, so a path prefix would break them.
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`sandbox: publicUrl must be an origin without a path, got ${publicUrl}`);
  }
  return url.origin;
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });
}

/**
 * Starts the sandbox: the organisation's OpenID Connect provider, its member pages, the four social networks
 * (X, LinkedIn, Facebook, Instagram), demo content feeds and the control endpoints tests drive them with.
 */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  // The port is only known after listen (port 0), and the provider needs it for its issuer, so
  // requests that arrive before the routes exist wait for them instead of going unanswered.
  let handle: RequestListener | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const server = createServer((req, res) => {
    if (handle) return handle(req, res);
    void ready.then(() => handle?.(req, res));
  });
  const address = await listen(server, options.port, host);
  let networks: Networks | undefined;
  let catcher: MailCatcher | undefined;
  try {
    if (options.smtpPort !== undefined) catcher = await startMailCatcher(options.smtpPort, host);
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    const publicUrl = originOf(options.publicUrl ?? url);
    const issuer = `${publicUrl}${SSO_PATH}`;
    const clientId = options.clientId ?? 'fitpost';
    const signingKey = await generateSigningKey();
    const provider = createProvider({
      issuer,
      publicUrl,
      signingKey,
      client: {
        clientId,
        clientSecret: options.clientSecret ?? 'fitpost-sandbox-secret',
        redirectUris: options.redirectUris,
        postLogoutRedirectUris: options.postLogoutRedirectUris ?? [],
      },
    });
    networks = createNetworks({
      publicUrl,
      redirectOrigins: [
        ...options.redirectUris.map((uri) => new URL(uri).origin),
        ...(options.networkRedirectOrigins ?? []),
      ],
      x: options.x ?? { consumerKey: 'fitpost-x-key', consumerSecret: 'fitpost-x-secret' },
      linkedin: options.linkedin ?? { clientId: 'fitpost-linkedin', clientSecret: 'fitpost-linkedin-secret' },
      facebook: options.facebook ?? { appId: 'fitpost-facebook', appSecret: 'fitpost-facebook-secret' },
    });
    handle = createDispatcher([
      ...(catcher ? [catcher.route] : []),
      // The control endpoints with their own paths come before the catch-all /_sandbox route.
      ...networks.routes,
      createControlRoute({ issuer, publicUrl, clientId, signingKey }),
      ...createSsoRoutes(provider),
      createFeedsRoute({ publicUrl }),
      avatarsRoute,
      profileRoute,
      assetsRoute,
      faviconRoute,
    ]);
    markReady();
    const started = networks;
    const mail = catcher;
    return {
      url,
      issuer,
      ...(mail ? { smtpUrl: mail.url } : {}),
      close: async () => {
        started.close();
        await mail?.close();
        return close(server);
      },
    };
  } catch (error) {
    networks?.close();
    await catcher?.close();
    await close(server);
    throw error;
  }
}
