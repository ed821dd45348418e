/** graph.facebook.com/{version}/…: resolves the node and edge of a call and hands it to its handler. */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { sendJson } from '../../http.js';
import type { FacebookDeps } from './facebook-deps.js';
import type { FacebookPage } from './facebook-state.js';
import { graphError, unsupportedRequest } from './graph-errors.js';
import { exchangeToken } from './graph-oauth.js';
import {
  ACCOUNT_DEFAULT_FIELDS,
  presentContainer,
  presentInstagram,
  presentPage,
  presentUser,
} from './graph-nodes.js';
import { readMany } from './graph-insights.js';
import { instagramMedia, pageFeed } from './graph-reads.js';
import { authenticateGraph, type GraphCaller, parseFields, readGraphParams } from './graph-request.js';
import {
  createContainer,
  currentContainer,
  publishContainer,
  publishingLimit,
} from './instagram-publishing.js';
import { postPhoto, postToFeed } from './page-publishing.js';

/** Handles everything after `/{version}` on the Graph host. */
export async function handleGraph(
  deps: FacebookDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
) {
  const params = await readGraphParams(req, url);
  const method = req.method ?? 'GET';
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'oauth' && segments[1] === 'access_token' && segments.length === 2) {
    return exchangeToken(deps, params, res);
  }
  if (segments.length === 0 && method === 'GET' && params.values.has('ids')) {
    return readMany(deps, authenticateGraph(deps.state, req, params, deps.app), params, res, canManage);
  }
  const [nodeSegment, edge, ...rest] = segments;
  if (!nodeSegment || rest.length > 0) throw unknownPath(path);
  const caller = authenticateGraph(deps.state, req, params, deps.app);
  // `me` is whoever the token speaks for: the person, or the Page for a Page token.
  const nodeId =
    nodeSegment === 'me' ? (caller.kind === 'page' ? caller.page.id : caller.user.id) : nodeSegment;
  const key = `${method} ${edge ?? ''}`;

  const user = deps.state.users.get(nodeId);
  if (user) {
    if (caller.kind === 'page' || caller.user.id !== user.id) {
      throw unsupportedRequest(method, nodeId);
    }
    switch (key) {
      case 'GET ':
        return sendJson(
          res,
          200,
          presentUser(deps, user, parseFields(params.values.get('fields'), ['name', 'id'])),
        );
      case 'GET accounts': {
        if (caller.kind !== 'user') throw unsupportedRequest(method, nodeId);
        const fields = parseFields(params.values.get('fields'), ACCOUNT_DEFAULT_FIELDS);
        // Page tokens got with a long-lived user token never expire; otherwise they end with the user token.
        const expiresAt = caller.token.longLived ? undefined : caller.token.expiresAt;
        const data = user.pageIds
          .map((pageId) => deps.state.pages.get(pageId))
          .filter((page) => page !== undefined)
          .map((page) => presentPage(deps, page, fields, deps.state.issuePageToken(user, page, expiresAt)));
        return sendJson(res, 200, { data, paging: { cursors: { before: 'QVFIU0', after: 'QVFIU0' } } });
      }
      case 'DELETE permissions':
        // Revoking the app's permissions ends every token the person gave it ("Permissions" reference).
        deps.state.revokeUser(user.id);
        return sendJson(res, 200, { success: true });
    }
    throw unknownPath(path);
  }

  const page = deps.state.pages.get(nodeId);
  if (page) {
    if (!canManage(caller, page)) throw unsupportedRequest(method, nodeId);
    switch (key) {
      case 'GET ':
        return sendJson(
          res,
          200,
          presentPage(deps, page, parseFields(params.values.get('fields'), ['name', 'id'])),
        );
      case 'POST feed':
        return postToFeed(deps, caller, page, params, res);
      case 'POST photos':
        return postPhoto(deps, caller, page, params, res);
      case 'GET feed':
        return pageFeed(page, params, res);
    }
    throw unknownPath(path);
  }

  const account = deps.state.instagram.get(nodeId);
  if (account) {
    const owner = deps.state.pages.get(account.pageId);
    if (!owner || !canManage(caller, owner)) throw unsupportedRequest(method, nodeId);
    switch (key) {
      case 'GET ':
        return sendJson(
          res,
          200,
          presentInstagram(deps, account, parseFields(params.values.get('fields'), ['id'])),
        );
      case 'POST media':
        return createContainer(deps, account, params, res);
      case 'POST media_publish':
        return publishContainer(deps, account, params, res);
      case 'GET content_publishing_limit':
        return publishingLimit(account, params, res);
      case 'GET media':
        return instagramMedia(account, params, res);
    }
    throw unknownPath(path);
  }

  const container = deps.state.containers.get(nodeId);
  if (container && key === 'GET ') {
    const owner = deps.state.pages.get(deps.state.instagram.get(container.igUserId)?.pageId ?? '');
    if (!owner || !canManage(caller, owner)) throw unsupportedRequest(method, nodeId);
    return sendJson(
      res,
      200,
      presentContainer(currentContainer(container), parseFields(params.values.get('fields'), ['id'])),
    );
  }
  throw unsupportedRequest(method, nodeId);
}

/** A Page is reachable with its own Page token, or with the user token of someone who manages it. */
function canManage(caller: GraphCaller, page: FacebookPage): boolean {
  return caller.kind === 'page' ? caller.page.id === page.id : page.adminIds.includes(caller.user.id);
}

function unknownPath(path: string) {
  return graphError(400, { message: `Unknown path components: ${path}`, code: 2500 });
}
