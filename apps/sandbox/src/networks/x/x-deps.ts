import type { IncomingMessage } from 'node:http';

import { readBytes } from '../../http.js';
import type { NetworkContext } from '../network.js';
import type { OAuth1Verifier } from './x-auth.js';
import type { XState } from './x-state.js';

/** What X's route handlers share. */
export interface XDeps {
  state: XState;
  verifier: OAuth1Verifier;
  context: NetworkContext;
  /** Accounts offered on the consent page: the demo ones, not the thousands a load test may add. */
  demoAccountIds: readonly string[];
}

export interface ReceivedBody {
  bytes: Buffer;
  contentType: string;
  /** The body's parameters when it is a form; only those take part in the OAuth signature. */
  form: URLSearchParams | undefined;
}

/** The parts of a request the OAuth 1.0a verifier reads. */
export function signedParts(req: IncomingMessage, url: URL, body: ReceivedBody | undefined) {
  return {
    method: req.method ?? 'GET',
    authorization: req.headers.authorization,
    host: req.headers.host,
    url,
    form: body?.form,
  };
}

/** Reads the body once, so the signature check and the handler both see it. */
export async function receiveBody(req: IncomingMessage, limitBytes?: number): Promise<ReceivedBody> {
  const bytes = await readBytes(req, limitBytes);
  const contentType = (req.headers['content-type'] ?? '').toLowerCase();
  const form = contentType.startsWith('application/x-www-form-urlencoded')
    ? new URLSearchParams(bytes.toString('utf8'))
    : undefined;
  return { bytes, contentType, form };
}
