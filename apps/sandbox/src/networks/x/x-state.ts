import { IdSequence, randomToken } from '../network.js';

/** An X account (a user) the sandbox knows. */
export interface XAccount {
  id: string;
  username: string;
  name: string;
  /** Bumped when the account's tokens are revoked; tokens minted under an older generation stop working. */
  generation: number;
  /** Texts already posted, for X's duplicate-content rule. */
  texts: Set<string>;
  /** The account's posts, oldest first, for its timeline (GET /2/users/:id/tweets). */
  tweets: XTweet[];
}

/** A post, for the account's timeline. */
export interface XTweet {
  id: string;
  /** As posted. */
  text: string;
  mediaCount: number;
  createdAt: number;
  /** As the timeline shows it (tweet-text.ts displayText), worked out on first read and kept, as X's t.co links are. */
  shown?: string;
}

/** A user access token (OAuth 1.0a token credentials); X keeps one per user and app. */
export interface XAccessToken {
  token: string;
  secret: string;
  accountId: string;
  generation: number;
  revoked: boolean;
}

/** A request token (temporary credentials) between request_token and access_token. */
export interface XRequestToken {
  token: string;
  secret: string;
  callback: string;
  expiresAt: number;
  /** Set once the user has authorized the app on the consent page. */
  grant?: { accountId: string; verifier: string };
}

export interface XMedia {
  id: string;
  /** Accounts allowed to attach it: the uploader and `additional_owners`. */
  owners: Set<string>;
  size: number;
  expiresAt: number;
  /** Set with POST /2/media/metadata (or the v1.1 media/metadata/create). */
  altText?: string;
}

/** Request tokens are good for one authorization attempt of reasonable length. */
const REQUEST_TOKEN_TTL_MS = 15 * 60 * 1000;

/** Everything X remembers, in Maps so that publishing stays O(1) per call under load. */
export class XState {
  readonly accounts = new Map<string, XAccount>();
  readonly accessTokens = new Map<string, XAccessToken>();
  readonly requestTokens = new Map<string, XRequestToken>();
  readonly media = new Map<string, XMedia>();
  /** Every post by id, with its author, for lookups (GET /2/tweets?ids=). */
  readonly tweets = new Map<string, { tweet: XTweet; authorId: string }>();
  /** Account id → its current access token, so re-authorizing returns the same credentials as X does. */
  private readonly currentToken = new Map<string, string>();
  readonly tweetIds = new IdSequence(1_900_000_000_000_000_000n);
  readonly mediaIds = new IdSequence(1_880_000_000_000_000_000n);
  private readonly accountIds = new IdSequence(1_600_000_000_000_000_000n);

  addAccount(account: { id?: string; username: string; name: string }): XAccount {
    const created: XAccount = {
      id: account.id ?? this.accountIds.take(),
      username: account.username,
      name: account.name,
      generation: 0,
      texts: new Set(),
      tweets: [],
    };
    this.accounts.set(created.id, created);
    return created;
  }

  createRequestToken(callback: string): XRequestToken {
    const requestToken: XRequestToken = {
      token: randomToken(24),
      secret: randomToken(30),
      callback,
      expiresAt: Date.now() + REQUEST_TOKEN_TTL_MS,
    };
    this.requestTokens.set(requestToken.token, requestToken);
    return requestToken;
  }

  findRequestToken(token: string): XRequestToken | undefined {
    const found = this.requestTokens.get(token);
    if (found && found.expiresAt < Date.now()) {
      this.requestTokens.delete(token);
      return undefined;
    }
    return found;
  }

  /** The account's access token, minting one if it has none that still works. */
  accessTokenFor(account: XAccount): XAccessToken {
    const current = this.accessTokens.get(this.currentToken.get(account.id) ?? '');
    if (current && this.isValid(current)) return current;
    // X's access tokens start with the user id, e.g. "370773112-GmHx…".
    const accessToken: XAccessToken = {
      token: `${account.id}-${randomToken(24)}`,
      secret: randomToken(30),
      accountId: account.id,
      generation: account.generation,
      revoked: false,
    };
    this.accessTokens.set(accessToken.token, accessToken);
    this.currentToken.set(account.id, accessToken.token);
    return accessToken;
  }

  isValid(accessToken: XAccessToken): boolean {
    const account = this.accounts.get(accessToken.accountId);
    return !accessToken.revoked && account !== undefined && account.generation === accessToken.generation;
  }

  revokeAccount(accountId: string): void {
    const account = this.accounts.get(accountId);
    if (account) account.generation += 1;
  }
}
