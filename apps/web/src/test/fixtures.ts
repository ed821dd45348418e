import type {
  AutoPost,
  AutoPostDetail,
  MediaRecord,
  OrganisationSettings,
  SocialConnection,
  UserInfo,
  UserSummary,
} from '@fitpost/contract';
import { http, HttpResponse } from 'msw';
import { getStoredUser } from '@/lib/session';

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    token: 'session-token-1',
    portalId: 7,
    fullName: 'Zoë Ångström',
    email: 'zoe@example.org',
    accountType: 'Member',
    thumbnailUrl: '',
    fitPostAdminAccess: false,
    properties: [],
    isNewUser: false,
    profileUrl: 'https://members.example.org/profile/zoe',
    ...overrides,
  };
}

export const memberUser = makeUser();
export const adminUser = makeUser({
  id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  token: 'admin-token',
  fullName: 'Ada Admin',
  email: 'ada@example.org',
  fitPostAdminAccess: true,
});

export function makeUserSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    portalId: 7,
    email: 'sam@example.org',
    fullName: 'Sam Squat',
    accountType: 'Member',
    thumbnailUrl: '',
    fitPostAdminAccess: false,
    hasAccess: true,
    lastSignInAt: '2025-03-04T15:00:00.000Z',
    createdAt: '2024-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/user/me answered with the stored user (without its token), as the server would. */
/** PUT /api/user/:id/properties: records each body in `saved` and answers the property it set. */
export function savePropertiesHandler(saved: unknown[]) {
  return http.put('/api/user/:id/properties', async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    saved.push(body);
    return HttpResponse.json(Object.entries(body).map(([name, value]) => ({ name, value })));
  });
}

export const meHandler = http.get('/api/user/me', () => {
  const user = getStoredUser();
  if (!user)
    return HttpResponse.json({ error: { code: 'unauthenticated', message: 'Sign in' } }, { status: 401 });
  const { token: _token, ...me } = user;
  return HttpResponse.json(me);
});

export function makeConnection(overrides: Partial<SocialConnection> = {}): SocialConnection {
  return {
    id: '3c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
    network: 'linkedin',
    accountId: 'li-member-1',
    accountName: 'Zoë Coaching',
    handle: null,
    pictureUrl: 'https://media.example.org/zoe.png',
    status: 'connected',
    statusReason: null,
    connectedAt: '2025-03-04T15:00:00.000Z',
    ...overrides,
  };
}

/** A member's X and LinkedIn accounts, as the previews show them. */
export const xConnection = makeConnection({
  id: '11111111-1111-4111-8111-111111111111',
  network: 'x',
  accountName: 'Casey Coach',
  handle: 'casey_coach_fit',
  pictureUrl: '',
});
export const linkedInConnection = makeConnection({
  id: '22222222-2222-4222-8222-222222222222',
  network: 'linkedin',
  accountName: 'Casey Coach',
  pictureUrl: '',
});

/**
 * GET /api/posts answered with no posts, for tests that pass through screens listing the member's
 * posts (the dashboard's 'My Scheduled Posts') without being about them.
 */
export const noPostsHandler = http.get('/api/posts', () =>
  HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 }),
);

/**
 * The dashboard's Auto-Post panels (upcoming Auto-Posts, 'At a Glance') answered with nothing, for
 * tests that pass through the dashboard without being about them.
 */
export const noAutoPostsHandlers = [
  http.get('/api/autoposts/upcoming', () => HttpResponse.json([])),
  http.get('/api/autoposts/settings', () => HttpResponse.json({ accounts: [] })),
  // The dashboard shows the recommended library content beside the Auto-Posts.
  http.get('/api/content', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 6 })),
];

export const uploadedMediaId = '88888888-8888-4888-8888-888888888888';

/** What POST /api/media answers for an upload. */
export function makeMedia(overrides: Partial<MediaRecord> = {}): MediaRecord {
  return {
    id: uploadedMediaId,
    url: `http://localhost/media/${uploadedMediaId}.jpg`,
    mimeType: 'image/jpeg',
    width: 1200,
    height: 800,
    bytes: 120_000,
    altText: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    owned: true,
    ...overrides,
  };
}

/** The organisation's settings as a portal nobody configured answers them (GET /api/settings/organisation). */
export function makeOrganisationSettings(
  overrides: Partial<OrganisationSettings> = {},
): OrganisationSettings {
  return {
    displayName: null,
    supportEmail: null,
    defaultTimeZone: null,
    xSpreadMinutes: 0,
    utmEnabled: true,
    xVariantsRequired: 0,
    xVariantsAboveMembers: 0,
    feedRefreshMinutes: null,
    trackLinks: true,
    claimRulesOff: [],
    claimPhrases: [],
    defaults: {
      displayName: 'FitPro Academy',
      supportEmail: 'support@example.com',
      defaultTimeZone: null,
      feedRefreshMinutes: 30,
    },
    changes: [],
    ...overrides,
  };
}

export const autoPostId = 'a1a1a1a1-1111-4111-8111-111111111111';

export function makeAutoPost(overrides: Partial<AutoPost> = {}): AutoPost {
  return {
    id: autoPostId,
    contentId: null,
    body: 'Five squat cues that keep your knees happy.',
    mediaId: null,
    mediaUrl: null,
    link: null,
    networks: ['x', 'linkedin'],
    xVariants: [],
    xSpreadMinutes: 0,
    // 3/15/2030 9:30 AM in New York (EDT, UTC−4).
    scheduledAt: '2030-03-15T13:30:00.000Z',
    timeZone: 'America/New_York',
    status: 'scheduled',
    utm: true,
    createdAt: '2030-03-01T10:00:00.000Z',
    updatedAt: '2030-03-01T10:00:00.000Z',
    warnings: [],
    claimsAcknowledged: null,
    ...overrides,
  };
}

export function makeDetail(
  overrides: Partial<AutoPost> = {},
  progress: Partial<AutoPostDetail['progress']> = {},
): AutoPostDetail {
  return {
    ...makeAutoPost(overrides),
    progress: {
      membersReached: 0,
      skippedAccounts: 0,
      skippedMembers: 0,
      customised: 0,
      byNetwork: [],
      fanoutStartedAt: null,
      fanoutFinishedAt: null,
      ...progress,
    },
  };
}
