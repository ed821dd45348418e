import type { ContentItem, MemberAutoPost, UserInfo } from '@fitpost/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '@/app/providers';
import { setStoredUser } from '@/lib/session';
import { autoPostId, makeUser } from '@/test/fixtures';

export { autoPostId, makeAutoPost, makeDetail } from '@/test/fixtures';

/** An admin in New York, so the form's times are read in a zone with daylight saving. */
export const admin = makeUser({
  id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  token: 'admin-token',
  fullName: 'Ada Admin',
  fitPostAdminAccess: true,
  properties: [{ name: 'timeZone', value: 'America/New_York' }],
});
/** A member in London. */
export const member = makeUser({ properties: [{ name: 'timeZone', value: 'Europe/London' }] });

export const contentId = 'c2c2c2c2-2222-4222-8222-222222222222';
export const mediaId = 'd3d3d3d3-3333-4333-8333-333333333333';
export const customPostId = 'e4e4e4e4-4444-4444-8444-444444444444';
export const xConnectionId = 'f5f5f5f5-5555-4555-8555-555555555555';
export const linkedInConnectionId = 'a6a6a6a6-6666-4666-8666-666666666666';

export function makeMemberAutoPost(overrides: Partial<MemberAutoPost> = {}): MemberAutoPost {
  return {
    id: autoPostId,
    contentId: null,
    body: 'Five squat cues that keep your knees happy.',
    mediaUrl: null,
    link: null,
    scheduledAt: '2030-03-15T13:30:00.000Z',
    timeZone: 'America/New_York',
    status: 'scheduled',
    accounts: [
      { connectionId: xConnectionId, network: 'x', accountName: '@casey_coach_fit' },
      { connectionId: linkedInConnectionId, network: 'linkedin', accountName: 'Casey Coach' },
    ],
    choice: 'auto',
    customPostId: null,
    ...overrides,
  };
}

export function makeContentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: contentId,
    type: 'library',
    title: 'Squat cues',
    body: 'Knees out, chest up, brace.',
    mediaId,
    graphicUrl: `http://localhost:3000/media/${mediaId}.jpg`,
    link: 'https://fitpro.example.org/squats',
    brand: null,
    tags: [],
    feed: null,
    activeFrom: null,
    activeUntil: null,
    active: true,
    recommended: false,
    createdBy: null,
    publishedAt: '2030-01-01T00:00:00.000Z',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    favorite: false,
    scheduled: false,
    posted: false,
    warnings: [],
    ...overrides,
  };
}

/** Shows where navigation went, for the routes a screen leads to. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

interface MountOptions {
  user: UserInfo;
  /** The screen's route path, e.g. `/app/manage/autopost/:id`. */
  path: string;
  /** The URL to open, e.g. `/app/manage/autopost/<id>`. */
  at: string;
}

/** One screen on its route (no signed-in shell), any other URL landing on a marker that shows where. */
export function mount(element: ReactElement, { user, path, at }: MountOptions) {
  setStoredUser(user);
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [at] },
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, user: userEvent.setup() };
}
