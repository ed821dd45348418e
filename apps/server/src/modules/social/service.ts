import type { FacebookChoice, SocialConnection } from '@fitpost/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { TokenCipher } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { PlatformError, type Platforms } from '../../platforms/index.js';
import type { Actor } from '../auth/sessions.js';
import { saveConnection } from './connections.js';
import { connectionExpired, startPending, takePending } from './pending.js';

export interface SocialDeps {
  db: Db;
  cipher: TokenCipher;
  platforms: Platforms;
  /** FitPost's public origin: the networks send the browser back here. */
  publicUrl: string;
}

const pendingAad = (userId: string, network: string) => `pending:${userId}|${network}`;

/** A network's refusal, in words the member can act on; never the raw response. */
async function viaNetwork<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof PlatformError) throw new AppError('upstream', err.message);
    throw err;
  }
}

/** X step 1: a request token bound to this member and browser; returns X's authorize URL. */
export async function startX(deps: SocialDeps, actor: Actor, browser: string) {
  const callback = new URL('/validatetwitterauth', deps.publicUrl).toString();
  const request = await viaNetwork(() => deps.platforms.x.requestToken(callback));
  await startPending(deps.db, actor, {
    network: 'x',
    handle: request.oauthToken,
    secret: deps.cipher.encrypt(request.oauthTokenSecret, pendingAad(actor.userId, 'x')),
    browserToken: browser,
  });
  return request.authorizeUrl;
}

/** X step 3: the verifier from /validatetwitterauth becomes a stored connection. */
export async function finishX(
  deps: SocialDeps,
  actor: Actor,
  input: { oauthToken: string; oauthVerifier: string; browser: string | null },
): Promise<SocialConnection> {
  const pending = await takePending(deps.db, actor, {
    network: 'x',
    handle: input.oauthToken,
    browserToken: input.browser,
  });
  if (!pending.secret) throw connectionExpired();
  const secret = deps.cipher.decrypt(pending.secret, pendingAad(actor.userId, 'x'));
  const credentials = await viaNetwork(() =>
    deps.platforms.x.accessToken({
      oauthToken: input.oauthToken,
      oauthTokenSecret: secret,
      oauthVerifier: input.oauthVerifier,
    }),
  );
  const profile = await viaNetwork(() => deps.platforms.x.profile(credentials));
  return saveConnection(deps.db, deps.cipher, actor, {
    network: 'x',
    accountId: profile.accountId,
    accountName: profile.name,
    handle: profile.handle ?? null,
    pictureUrl: profile.pictureUrl ?? '',
    accessToken: credentials.token,
    tokenSecret: credentials.tokenSecret,
  });
}

type PopupNetwork = 'linkedin' | 'facebook';
const redirectUri = (deps: SocialDeps, network: PopupNetwork) =>
  new URL(`/${network}`, deps.publicUrl).toString();

/** Popup flows, step 1: the browser's own state, bound to this member and browser. */
export async function startPopup(
  deps: SocialDeps,
  actor: Actor,
  network: PopupNetwork,
  state: string,
  browser: string,
) {
  await startPending(deps.db, actor, { network, handle: state, browserToken: browser });
  const adapter = network === 'linkedin' ? deps.platforms.linkedin : deps.platforms.facebook;
  return adapter.authorizeUrl({ state, redirectUri: redirectUri(deps, network) });
}

/** LinkedIn: the popup's code becomes a stored connection. */
export async function finishLinkedIn(
  deps: SocialDeps,
  actor: Actor,
  input: { code: string; state: string; browser: string | null },
): Promise<SocialConnection> {
  await takePending(deps.db, actor, {
    network: 'linkedin',
    handle: input.state,
    browserToken: input.browser,
  });
  const tokens = await viaNetwork(() =>
    deps.platforms.linkedin.exchangeCode({ code: input.code, redirectUri: redirectUri(deps, 'linkedin') }),
  );
  const profile = await viaNetwork(() => deps.platforms.linkedin.profile(tokens.accessToken));
  return saveConnection(deps.db, deps.cipher, actor, {
    network: 'linkedin',
    accountId: profile.accountId,
    accountName: profile.name,
    handle: profile.handle ?? null,
    pictureUrl: profile.pictureUrl ?? '',
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessExpiresAt: tokens.expiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt,
  });
}

const pageChoiceSchema = z.array(
  z.object({
    pageId: z.string(),
    name: z.string(),
    pictureUrl: z.string().optional(),
    pageToken: z.string(),
    instagram: z
      .object({ igUserId: z.string(), username: z.string(), pictureUrl: z.string().optional() })
      .optional(),
  }),
);

/** Facebook: the popup's code becomes a list of Pages (and Instagram accounts) to choose from. */
export async function finishFacebookLogin(
  deps: SocialDeps,
  actor: Actor,
  input: { code: string; state: string; browser: string | null },
): Promise<FacebookChoice> {
  // The choice that follows is bound to the same browser, so there must be one.
  const browser = input.browser;
  if (!browser) throw connectionExpired();
  await takePending(deps.db, actor, {
    network: 'facebook',
    handle: input.state,
    browserToken: browser,
  });
  const user = await viaNetwork(() =>
    deps.platforms.facebook.exchangeCode({ code: input.code, redirectUri: redirectUri(deps, 'facebook') }),
  );
  const pages = await viaNetwork(() => deps.platforms.facebook.listPages(user.accessToken));
  const choiceId = crypto.randomUUID();
  await startPending(deps.db, actor, {
    network: 'facebook',
    handle: `choice:${choiceId}`,
    // Page tokens wait, sealed, until the member picks which accounts to add.
    secret: deps.cipher.encrypt(
      JSON.stringify(pages),
      pendingAad(actor.userId, `facebook-choice:${choiceId}`),
    ),
    browserToken: browser,
  });
  return {
    pendingId: choiceId,
    pages: pages.map((p) => ({
      pageId: p.pageId,
      name: p.name,
      pictureUrl: p.pictureUrl ?? '',
      instagram: p.instagram
        ? {
            igUserId: p.instagram.igUserId,
            username: p.instagram.username,
            pictureUrl: p.instagram.pictureUrl ?? '',
          }
        : null,
    })),
  };
}

/** Facebook: stores the Pages and Instagram accounts the member chose. */
export async function connectFacebookChoice(
  deps: SocialDeps,
  actor: Actor,
  input: { pendingId: string; pageIds: string[]; instagramIds: string[]; browser: string | null },
): Promise<SocialConnection[]> {
  const pending = await takePending(deps.db, actor, {
    network: 'facebook',
    handle: `choice:${input.pendingId}`,
    browserToken: input.browser,
  });
  if (!pending.secret) throw connectionExpired();
  const pages = pageChoiceSchema.parse(
    JSON.parse(
      deps.cipher.decrypt(pending.secret, pendingAad(actor.userId, `facebook-choice:${input.pendingId}`)),
    ),
  );
  const unknownPage = input.pageIds.find((id) => !pages.some((p) => p.pageId === id));
  const unknownIg = input.instagramIds.find((id) => !pages.some((p) => p.instagram?.igUserId === id));
  if (unknownPage ?? unknownIg) {
    throw new AppError(
      'bad_request',
      `${unknownPage ?? unknownIg} is not one of the accounts Facebook listed for you`,
    );
  }
  const saved: SocialConnection[] = [];
  for (const page of pages) {
    if (input.pageIds.includes(page.pageId)) {
      saved.push(
        await saveConnection(deps.db, deps.cipher, actor, {
          network: 'facebook',
          accountId: page.pageId,
          accountName: page.name,
          handle: null,
          pictureUrl: page.pictureUrl ?? '',
          accessToken: page.pageToken,
        }),
      );
    }
    if (page.instagram && input.instagramIds.includes(page.instagram.igUserId)) {
      saved.push(
        await saveConnection(deps.db, deps.cipher, actor, {
          network: 'instagram',
          accountId: page.instagram.igUserId,
          accountName: page.instagram.username,
          handle: page.instagram.username,
          pictureUrl: page.instagram.pictureUrl ?? '',
          // Instagram publishing uses the token of the Page the account is connected to.
          accessToken: page.pageToken,
        }),
      );
    }
  }
  return saved;
}
