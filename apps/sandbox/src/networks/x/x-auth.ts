import { constantTimeEqual } from '../network.js';
import {
  baseStringUri,
  hmacSha1Signature,
  type OAuthParam,
  parseAuthorizationHeader,
  signatureBaseString,
} from './oauth1.js';

/** X accepts a timestamp within this many seconds of its own clock ("Authorizing a request"). */
const TIMESTAMP_WINDOW_SECONDS = 5 * 60;

export interface ConsumerCredentials {
  consumerKey: string;
  consumerSecret: string;
}

/** Why a request was refused; X answers them all alike, but tests and logs can tell them apart. */
type AuthFailure =
  | 'missing_header'
  | 'bad_header'
  | 'unsupported_method'
  | 'bad_version'
  | 'unknown_consumer'
  | 'timestamp'
  | 'nonce_reused'
  | 'unknown_token'
  | 'bad_signature';

export type AuthResult = { ok: true; oauth: Map<string, string> } | { ok: false; failure: AuthFailure };

export interface SignedRequest {
  method: string;
  /** The Authorization and Host request headers. */
  authorization: string | undefined;
  host: string | undefined;
  url: URL;
  /** Form body parameters; only bodies of type application/x-www-form-urlencoded are signed (RFC 5849 §3.4.1.3.1). */
  form: URLSearchParams | undefined;
  /** Secret of `oauth_token`; undefined when the token is unknown or no longer valid. `null` = no token expected. */
  tokenSecret: (token: string | undefined) => string | undefined | null;
}

/**
 * Verifies OAuth 1.0a HMAC-SHA1 signatures exactly as RFC 5849 §3.4 defines them, plus X's timestamp window
 * and nonce rule. One instance per network, since nonces are remembered across requests.
 */
export class OAuth1Verifier {
  /** Nonces seen, by the timestamp they came with: a whole second is forgotten once it leaves the window. */
  private readonly nonces = new Map<number, Set<string>>();
  private lastPrune = 0;

  constructor(
    private readonly consumer: ConsumerCredentials,
    private readonly publicUrl: string,
  ) {}

  verify(request: SignedRequest): AuthResult {
    const header = request.authorization;
    if (!header) return { ok: false, failure: 'missing_header' };
    const protocol = parseAuthorizationHeader(header);
    if (!protocol) return { ok: false, failure: 'bad_header' };
    const oauth = new Map(protocol);
    // A repeated protocol parameter is ambiguous, so it is refused (RFC 5849 §3.1).
    if (oauth.size !== protocol.length) return { ok: false, failure: 'bad_header' };
    const signature = oauth.get('oauth_signature');
    const nonce = oauth.get('oauth_nonce');
    const timestamp = oauth.get('oauth_timestamp');
    if (!signature || !nonce || !timestamp || !oauth.get('oauth_consumer_key')) {
      return { ok: false, failure: 'bad_header' };
    }
    if (oauth.get('oauth_signature_method') !== 'HMAC-SHA1')
      return { ok: false, failure: 'unsupported_method' };
    const version = oauth.get('oauth_version');
    if (version !== undefined && version !== '1.0') return { ok: false, failure: 'bad_version' };
    if (oauth.get('oauth_consumer_key') !== this.consumer.consumerKey) {
      return { ok: false, failure: 'unknown_consumer' };
    }
    const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
    const now = Date.now() / 1000;
    if (!(Math.abs(now - seconds) <= TIMESTAMP_WINDOW_SECONDS)) return { ok: false, failure: 'timestamp' };
    const token = oauth.get('oauth_token');
    const tokenSecret = request.tokenSecret(token);
    if (tokenSecret === undefined) return { ok: false, failure: 'unknown_token' };
    // RFC 5849 §3.3: a nonce is unique per timestamp, client credentials and token.
    const nonceKey = `${token ?? ''}\n${nonce}`;
    if (this.nonces.get(seconds)?.has(nonceKey)) return { ok: false, failure: 'nonce_reused' };

    const params: OAuthParam[] = [
      ...request.url.searchParams.entries(),
      ...(request.form?.entries() ?? []),
      ...protocol.filter(([name]) => name !== 'oauth_signature'),
    ];
    const matched = this.baseUris(request).some((baseUri) =>
      constantTimeEqual(
        hmacSha1Signature(
          signatureBaseString(request.method, baseUri, params),
          this.consumer.consumerSecret,
          tokenSecret ?? '',
        ),
        signature,
      ),
    );
    if (!matched) return { ok: false, failure: 'bad_signature' };
    this.rememberNonce(nonceKey, seconds);
    return { ok: true, oauth };
  }

  /**
   * The base string URI is the URL the client sent the request to. Behind `publicUrl` that is the public
   * origin; on loopback it is whatever host the client used (localhost or 127.0.0.1), read from Host.
   */
  private baseUris(request: SignedRequest): string[] {
    const path = request.url.pathname;
    const publicUrl = new URL(this.publicUrl);
    const uris = [baseStringUri(publicUrl.protocol, publicUrl.host, path)];
    const host = request.host;
    if (host) uris.push(baseStringUri(publicUrl.protocol, host, path), baseStringUri('http', host, path));
    return [...new Set(uris)];
  }

  private rememberNonce(key: string, timestamp: number): void {
    const now = Date.now() / 1000;
    if (now - this.lastPrune >= 1) {
      this.lastPrune = now;
      for (const second of this.nonces.keys()) {
        if (second < now - TIMESTAMP_WINDOW_SECONDS - 1) this.nonces.delete(second);
      }
    }
    const seen = this.nonces.get(timestamp) ?? new Set<string>();
    seen.add(key);
    this.nonces.set(timestamp, seen);
  }
}
