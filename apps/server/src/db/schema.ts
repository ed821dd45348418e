import { connectionStatuses, networks, notificationKinds, storedImageTypes } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A `timestamptz` column read as a Date: every instant is stored with its zone (style.md). */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Tenants: the organisation's portals. Ids come from the organisation's claims. */
export const portals = pgTable('portals', {
  id: integer('id').primaryKey(),
  alias: text('alias').notNull().unique(),
  name: text('name').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    /** The provider's `sub`; null for users an admin added who have not signed in yet. */
    subject: text('subject').unique(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    accountType: text('account_type').notNull().default('Member'),
    thumbnailUrl: text('thumbnail_url').notNull().default(''),
    profileUrl: text('profile_url').notNull().default(''),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    lastSignInAt: tz('last_sign_in_at'),
  },
  (t) => [
    uniqueIndex('users_portal_email_idx').on(t.portalId, sql`lower(${t.email})`),
    index('users_portal_name_idx').on(t.portalId, t.fullName),
  ],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
});

const roleSources = ['claims', 'bootstrap', 'admin'] as const;

/** The (user, role) pair keying role assignments and removals; a fresh set per table. */
const userAndRole = () => ({
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  roleId: integer('role_id')
    .notNull()
    .references(() => roles.id),
});

export const userRoles = pgTable(
  'user_roles',
  {
    ...userAndRole(),
    startDate: tz('start_date').notNull().defaultNow(),
    expiryDate: tz('expiry_date'),
    /** Who granted it: the organisation's claims, the bootstrap list, or an admin. */
    source: text('source', { enum: roleSources }).notNull(),
    grantedBy: uuid('granted_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/**
 * An admin removed this role: sign-in does not grant it back from the organisation's claims or the
 * bootstrap list while they keep saying the same. Cleared when they stop granting it (so a later
 * grant is a new one) or when an admin grants the role again.
 */
export const roleRemovals = pgTable(
  'role_removals',
  {
    ...userAndRole(),
    removedBy: uuid('removed_by'),
    removedAt: tz('removed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const userProperties = pgTable(
  'user_properties',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/** Opaque bearer sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    /** The ID token the session began with: the id_token_hint of the provider's logout. */
    idToken: text('id_token'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One pending sign-in: what the callback must find to accept a code. */
export const authRequests = pgTable('auth_requests', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  /** Hash of the browser-binding cookie set when it started: only that browser may finish it. */
  browserHash: text('browser_hash').notNull(),
  expiresAt: tz('expires_at').notNull(),
});

/** ID tokens /api/user/verify has accepted (by `jti`, else hash), kept until they expire: each works once. */
export const usedIdTokens = pgTable(
  'used_id_tokens',
  {
    key: text('key').primaryKey(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('used_id_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * A member's connected social account. Tokens are sealed with lib/crypto (AES-256-GCM, associated
 * data = portal, row id and column), never stored or logged in the clear.
 */
export const socialConnections = pgTable(
  'social_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network', { enum: networks }).notNull(),
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull(),
    handle: text('handle'),
    pictureUrl: text('picture_url').notNull().default(''),
    status: text('status', { enum: connectionStatuses }).notNull().default('connected'),
    statusReason: text('status_reason'),
    accessToken: text('access_token').notNull(),
    /** X's OAuth 1.0a token secret. */
    tokenSecret: text('token_secret'),
    refreshToken: text('refresh_token'),
    accessExpiresAt: tz('access_expires_at'),
    refreshExpiresAt: tz('refresh_expires_at'),
    /** Auto-Post opt-in for this account; `auto_post_since` keeps a fan-out from reaching back. */
    autoPost: boolean('auto_post').notNull().default(false),
    autoPostSince: tz('auto_post_since'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_connections_user_account_idx').on(t.userId, t.network, t.accountId),
    index('social_connections_portal_idx').on(t.portalId),
    // The Auto-Post fan-out pages through a portal's opted-in members by user id.
    index('social_connections_auto_post_idx')
      .on(t.portalId, t.userId)
      .where(sql`${t.autoPost}`),
  ],
);

/**
 * A connection being made: what the callback must find to accept it. Bound to the member who
 * started it and to their browser (the hash of a cookie set when it started).
 */
export const pendingConnections = pgTable(
  'pending_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network', { enum: networks }).notNull(),
    /** X: the request token; popup flows: the browser's 20-character state. */
    handle: text('handle').notNull(),
    /** X: the sealed request-token secret; Facebook: the sealed page list awaiting a choice. */
    secret: text('secret'),
    browserHash: text('browser_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [uniqueIndex('pending_connections_handle_idx').on(t.network, t.handle)],
);

/** What a member is told outside the request that caused it (publishing failures, reconnects). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The failed post (`post.failed`); no foreign key: the list links to the Failed view, not the post. */
    postId: uuid('post_id'),
    /** The account to reconnect: a reconnect is resolved once it is connected again or removed. */
    connectionId: uuid('connection_id').references(() => socialConnections.id, { onDelete: 'cascade' }),
    network: text('network', { enum: networks }),
    createdAt: tz('created_at').notNull().defaultNow(),
    readAt: tz('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    /** The bell's unread count reads only unread rows. */
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Raw bytes. node-postgres reads bytea as a Buffer and PGlite as a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

const mediaKinds = ['image'] as const;

/**
 * An uploaded image, re-encoded and stripped of metadata (modules/media). The bytes live in the
 * database so every API and worker process sees the same files with no shared disk, in both
 * database modes; the price is database size and backup time (≤ a few MB per image), and
 * queries must never select `data` unless they serve it.
 */
export const media = pgTable(
  'media',
  {
    /** Random (v4), so the public URL that carries it cannot be guessed. */
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    /** Who uploaded it; null for library graphics FitPost made itself (the demo seed). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: mediaKinds }).notNull().default('image'),
    /** What it was re-encoded to: image/jpeg, or image/png when it has transparency. */
    mimeType: text('mime_type', { enum: storedImageTypes }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** Hex SHA-256 of `data`; the public URL's ETag. */
    sha256: text('sha256').notNull(),
    altText: text('alt_text'),
    /**
     * Shared with the portal's members: a library item or brand uses it, so any member of the
     * portal may show it and post it. Private (false) images stay their owner's alone.
     */
    library: boolean('library').notNull().default(false),
    data: bytea('data').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('media_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Requests counted per rate-limit key in fixed windows (http/rate-limit), so every API process
 * shares one count; a key's row starts a new window once `resets_at` has passed.
 */
export const requestLimits = pgTable(
  'request_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: tz('resets_at').notNull(),
  },
  (t) => [index('request_limits_resets_at_idx').on(t.resetsAt)],
);
