import { z } from 'zod';
import { text } from './common.js';
import { networks } from './names.js';

export const network = z.enum(networks);

export const connectionStatuses = ['connected', 'needs_reconnect'] as const;
export const connectionStatus = z.enum(connectionStatuses);
export type ConnectionStatus = z.infer<typeof connectionStatus>;

/** What the member reads for a connected account's status. */
export const connectionStatusLabels: Record<ConnectionStatus, string> = {
  connected: 'Connected',
  needs_reconnect: 'Needs reconnect',
};

/** One connected social account of the signed-in member (never carries tokens). */
export const socialConnection = z
  .object({
    id: z.uuid(),
    network,
    accountId: z.string(),
    accountName: z.string(),
    handle: z.string().nullable(),
    pictureUrl: z.string(),
    status: connectionStatus,
    statusReason: z.string().nullable(),
    connectedAt: z.iso.datetime(),
  })
  .meta({ id: 'SocialConnection' });
export type SocialConnection = z.infer<typeof socialConnection>;

export const socialConnectionList = z.array(socialConnection);

export const connectionIdParams = z.object({ id: z.uuid() });

/** GET /api/social/twitter/authorizeurl (spec §7). */
export const twitterAuthorizeUrlResponse = z.object({ url: z.url() });

/** POST /api/social/twitter/authenticate (spec §7): both values from /validatetwitterauth. */
export const twitterAuthenticateBody = z.object({
  oauth_token: text.min(1).max(512),
  oauth_verifier: text.min(1).max(512),
});

/** The browser's own state of a popup flow: 20 letters or digits (spec §5). */
const popupState = z.string().regex(/^[A-Za-z0-9]{20}$/, 'state must be 20 letters or digits');

/** The popup flows (LinkedIn, Facebook): the browser's own 20-character state travels with the request. */
export const popupAuthorizeQuery = z.object({
  state: popupState,
});
export const popupAuthorizeResponse = z.object({ url: z.url() });

/** POST /api/social/{linkedin,facebook}/authenticate: the code the popup returned, with its state. */
export const popupAuthenticateBody = z.object({
  code: text.min(1).max(2048),
  state: popupState,
});
export type PopupAuthenticateBody = z.infer<typeof popupAuthenticateBody>;

/** Facebook login lists the Pages (and their Instagram accounts) the member may add. */
export const facebookChoice = z.object({
  pendingId: z.uuid(),
  pages: z.array(
    z.object({
      pageId: z.string(),
      name: z.string(),
      pictureUrl: z.string(),
      instagram: z.object({ igUserId: z.string(), username: z.string(), pictureUrl: z.string() }).nullable(),
    }),
  ),
});
export type FacebookChoice = z.infer<typeof facebookChoice>;

export const facebookConnectBody = z
  .object({
    pendingId: z.uuid(),
    pageIds: z.array(text.max(64)).max(50).default([]),
    instagramIds: z.array(text.max(64)).max(50).default([]),
  })
  .refine((b) => b.pageIds.length + b.instagramIds.length > 0, {
    message: 'Choose at least one Page or Instagram account',
  });
