import type { Route } from '../../http.js';
import { HttpError } from '../../http.js';
import { demoXAccounts } from '../demo-accounts.js';
import type { NetworkContext } from '../network.js';
import { OAuth1Verifier, type ConsumerCredentials } from './x-auth.js';
import { createMediaMetadata, createTweet, uploadMedia, usersMe } from './x-api-routes.js';
import type { XDeps } from './x-deps.js';
import { accessToken, authorize, invalidateToken, requestToken } from './x-oauth-routes.js';
import { XState } from './x-state.js';
import { userTweets } from './x-timeline.js';
import { lookupTweets } from './x-lookup.js';

/** Where X lives in the sandbox: `/x` stands for https://api.x.com. */
const X_PREFIX = '/x';
const USER_TWEETS_PATH = /^\/2\/users\/(\d{1,19})\/tweets$/;

type XHandler = (deps: XDeps, ...args: Parameters<Route['handle']>) => Promise<void> | void;

const ROUTES: Record<string, XHandler> = {
  '/oauth/request_token': requestToken,
  '/oauth/authorize': authorize,
  '/oauth/authenticate': authorize,
  '/oauth/access_token': accessToken,
  '/1.1/oauth/invalidate_token': invalidateToken,
  '/2/tweets': (deps, req, res, url) =>
    req.method === 'GET' ? lookupTweets(deps, req, res, url) : createTweet(deps, req, res, url),
  '/2/users/me': usersMe,
  '/2/media/upload': uploadMedia,
  '/2/media/metadata': createMediaMetadata,
  '/1.1/media/metadata/create.json': createMediaMetadata,
};

/** A credential set for one X account, as the load-test control endpoint hands it out. */
export interface XAccountCredentials {
  id: string;
  username: string;
  name: string;
  oauthToken: string;
  oauthTokenSecret: string;
}

/** The X stand-in: OAuth 1.0a three-legged flow and the v2 endpoints (posts, media, timeline), under /x. */
export class XNetwork {
  private readonly deps: XDeps;

  constructor(context: NetworkContext, consumer: ConsumerCredentials) {
    const state = new XState();
    for (const account of demoXAccounts) state.addAccount(account);
    this.deps = {
      state,
      context,
      verifier: new OAuth1Verifier(consumer, context.publicUrl),
      demoAccountIds: demoXAccounts.map((account) => account.id),
    };
  }

  route(): Route {
    return {
      prefix: X_PREFIX,
      handle: (req, res, url) => {
        const path = url.pathname.slice(X_PREFIX.length);
        const handler = ROUTES[path];
        if (handler) return handler(this.deps, req, res, url);
        const timelineOf = USER_TWEETS_PATH.exec(path)?.[1];
        if (timelineOf) return userTweets(this.deps, req, res, url, timelineOf);
        throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
      },
    };
  }

  nameOf(id: string): string | undefined {
    return this.deps.state.accounts.get(id)?.name;
  }

  /** Adds accounts that are already connected, for load tests that publish to thousands of them. */
  createAccounts(count: number, prefix: string): XAccountCredentials[] {
    return Array.from({ length: count }, (_, index) => {
      const account = this.deps.state.addAccount({
        username: `${prefix}_${index + 1}`,
        name: `${prefix} ${index + 1}`,
      });
      const token = this.deps.state.accessTokenFor(account);
      return {
        id: account.id,
        username: account.username,
        name: account.name,
        oauthToken: token.token,
        oauthTokenSecret: token.secret,
      };
    });
  }
}
