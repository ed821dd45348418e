import { HttpError, type Route } from '../../http.js';
import { demoFacebookUsers } from '../demo-accounts.js';
import type { NetworkContext } from '../network.js';
import { loginDialog } from './facebook-dialog.js';
import type { FacebookDeps } from './facebook-deps.js';
import { FacebookState } from './facebook-state.js';
import { handleGraph } from './graph-routes.js';

/**
 * `/facebook` stands for https://www.facebook.com (the Login dialog), `/facebook/graph` for
 * https://graph.facebook.com, which serves Facebook Pages and Instagram alike.
 */
const FACEBOOK_PREFIX = '/facebook';
const DIALOG_PATH = /^\/facebook\/(v\d+\.\d+)\/dialog\/oauth$/;
const GRAPH_PATH = /^\/facebook\/graph\/(v\d+\.\d+)(\/.*)?$/;

export interface FacebookPageCredentials {
  /** The Page id: what posts go to, and the `accountId` of faults and published entries. */
  id: string;
  name: string;
  pageAccessToken: string;
  userId: string;
  userAccessToken: string;
}

export interface InstagramAccountCredentials {
  /** The Instagram professional account's id (`ig-user-id`). */
  id: string;
  username: string;
  pageId: string;
  /** The connected Page's token, which Graph accepts for the Instagram account's edges. */
  accessToken: string;
  userAccessToken: string;
}

/** The Facebook and Instagram stand-ins: the Login dialog and the parts of Graph FitPost uses. */
export class FacebookNetwork {
  private readonly deps: FacebookDeps;

  constructor(context: NetworkContext, app: { appId: string; appSecret: string }) {
    const state = new FacebookState();
    for (const demo of demoFacebookUsers) {
      const user = state.addUser(demo);
      for (const demoPage of demo.pages) {
        const page = state.addPage(user, demoPage);
        if (demoPage.instagram) state.addInstagram(page, demoPage.instagram);
      }
    }
    this.deps = { state, context, app, demoUserIds: demoFacebookUsers.map((user) => user.id) };
  }

  route(): Route {
    return {
      prefix: FACEBOOK_PREFIX,
      handle: (req, res, url) => {
        if (DIALOG_PATH.test(url.pathname)) return loginDialog(this.deps, req, res, url);
        const graph = GRAPH_PATH.exec(url.pathname);
        if (graph) return handleGraph(this.deps, req, res, url, graph[2] ?? '/');
        throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
      },
    };
  }

  nameOf(id: string): string | undefined {
    const { state } = this.deps;
    return state.users.get(id)?.name ?? state.pages.get(id)?.name;
  }

  instagramNameOf(id: string): string | undefined {
    return this.deps.state.instagram.get(id)?.name;
  }

  /** Adds people who each manage one connected Page, with never-expiring Page tokens, for load tests. */
  createPages(count: number, prefix: string): FacebookPageCredentials[] {
    return Array.from({ length: count }, (_, index) => {
      const { user, page, userToken, pageToken } = this.addConnectedPage(prefix, index + 1);
      return {
        id: page.id,
        name: page.name,
        pageAccessToken: pageToken,
        userId: user.id,
        userAccessToken: userToken,
      };
    });
  }

  /** Like createPages, with an Instagram professional account on every Page. */
  createInstagramAccounts(count: number, prefix: string): InstagramAccountCredentials[] {
    return Array.from({ length: count }, (_, index) => {
      const { page, userToken, pageToken } = this.addConnectedPage(prefix, index + 1);
      const account = this.deps.state.addInstagram(page, {
        username: `${prefix}_${index + 1}`,
        name: page.name,
      });
      return {
        id: account.id,
        username: account.username,
        pageId: page.id,
        accessToken: pageToken,
        userAccessToken: userToken,
      };
    });
  }

  private addConnectedPage(prefix: string, number: number) {
    const { state } = this.deps;
    const user = state.addUser({ name: `${prefix} ${number}`, email: `${prefix}.${number}@example.com` });
    const page = state.addPage(user, { name: `${prefix} ${number} Fitness`, category: 'Personal Coach' });
    const userToken = state.issueUserToken(user, true).token;
    return { user, page, userToken, pageToken: state.issuePageToken(user, page, undefined) };
  }
}
