import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import { readBytes } from '../../http.js';
import { constantTimeEqual } from '../network.js';
import { graphError, invalidParameter, invalidToken, revokedToken } from './graph-errors.js';
import type { FacebookPage, FacebookState, FacebookUser, GraphToken } from './facebook-state.js';

/** Photo uploads carry the image itself; Page photos are limited to 10 MB. */
const BODY_LIMIT = 10 * 1024 * 1024;

/** A Graph call's arguments: query string and body merged, as Graph itself treats them. */
export interface GraphParams {
  values: Map<string, string>;
  files: Map<string, Blob>;
}

/** Reads arguments from the query string and a form, multipart or JSON body. */
export async function readGraphParams(req: IncomingMessage, url: URL): Promise<GraphParams> {
  const values = new Map(url.searchParams);
  const files = new Map<string, Blob>();
  if (req.method === 'GET' || req.method === 'HEAD') return { values, files };
  const bytes = await readBytes(req, BODY_LIMIT);
  const contentType = (req.headers['content-type'] ?? '').toLowerCase();
  if (contentType.startsWith('application/json')) {
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw invalidParameter('The request body is not valid JSON');
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) {
      throw invalidParameter('The request body must be a JSON object');
    }
    for (const [name, value] of Object.entries(json)) {
      values.set(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  } else if (contentType.startsWith('multipart/form-data')) {
    const form = await new Request('http://graph.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(bytes),
    })
      .formData()
      .catch(() => {
        throw invalidParameter('The multipart body could not be read');
      });
    for (const [name, value] of form) {
      if (typeof value === 'string') values.set(name, value);
      else files.set(name, value);
    }
  } else if (bytes.length > 0) {
    for (const [name, value] of new URLSearchParams(bytes.toString('utf8'))) values.set(name, value);
  }
  return { values, files };
}

/** Who a Graph call is made as: a person (user token) or a Page (Page token, on behalf of a person). */
export type GraphCaller =
  | { kind: 'user'; user: FacebookUser; token: Extract<GraphToken, { kind: 'user' }> }
  | { kind: 'page'; user: FacebookUser; page: FacebookPage; token: Extract<GraphToken, { kind: 'page' }> };

/**
 * Resolves the access token: the `access_token` argument or an `Authorization: Bearer|OAuth` header, as Graph
 * accepts either. Checks `appsecret_proof` when the app sends one ("Securing Graph API Requests").
 */
export function authenticateGraph(
  state: FacebookState,
  req: IncomingMessage,
  params: GraphParams,
  app: { appId: string; appSecret: string },
): GraphCaller {
  const header = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const value = params.values.get('access_token') ?? header;
  if (!value) {
    throw graphError(400, { message: 'An access token is required to request this resource.', code: 104 });
  }
  const token = state.tokens.get(value);
  if (!token) throw invalidToken('Invalid OAuth access token - Cannot parse access token');
  const proof = params.values.get('appsecret_proof');
  if (proof !== undefined) {
    const expected = createHmac('sha256', app.appSecret).update(value).digest('hex');
    if (!constantTimeEqual(expected, proof)) {
      throw invalidParameter('Invalid appsecret_proof provided in the API argument');
    }
  }
  const user = state.users.get(token.userId);
  if (!user) throw invalidToken('Invalid OAuth access token - Cannot parse access token');
  if (token.expiresAt !== undefined && token.expiresAt < Date.now()) {
    throw invalidToken(
      `Error validating access token: Session has expired on ${new Date(token.expiresAt).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
      463,
    );
  }
  if (token.kind === 'user') {
    if (token.revoked || token.generation !== user.generation) throw revokedToken(app.appId);
    return { kind: 'user', user, token };
  }
  const page = state.pages.get(token.pageId);
  if (
    !page ||
    token.revoked ||
    token.userGeneration !== user.generation ||
    token.pageGeneration !== page.generation
  ) {
    throw revokedToken(app.appId);
  }
  return { kind: 'page', user, page, token };
}

/** A `fields` argument: top-level names, each with the nested field list it asked for, if any. */
export type FieldSelection = Map<string, string[] | undefined>;

/** Parses `fields=a,b{c,d},e`; `fallback` applies when the argument is absent. */
export function parseFields(value: string | undefined, fallback: readonly string[]): FieldSelection {
  const selection: FieldSelection = new Map();
  if (value === undefined || value.trim() === '') {
    for (const name of fallback) selection.set(name, undefined);
    return selection;
  }
  let depth = 0;
  let current = '';
  const items: string[] = [];
  for (const character of value) {
    if (character === '{') depth += 1;
    if (character === '}') depth -= 1;
    if (character === ',' && depth === 0) {
      items.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  items.push(current);
  for (const item of items) {
    const match = /^\s*([\w.]+)\s*(?:\{(.*)\})?\s*$/.exec(item);
    if (!match?.[1]) continue;
    const nested = match[2]
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    selection.set(match[1], nested);
  }
  return selection;
}
