import type {
  ContentItem,
  PostUpsert,
  PublishTarget,
  ScheduledPost,
  SocialConnection,
  UserInfo,
} from '@fitpost/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { setFlag, setStoredUser, storageKeys } from '@/lib/session';
import { makeConnection, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { ComposerRoute } from '../routes/composer';

/** A member in New York, so times in these tests are read in a zone with daylight saving. */
export const coach = makeUser({ properties: [{ name: 'timeZone', value: 'America/New_York' }] });

export const xAccount = makeConnection({
  id: '11111111-1111-4111-8111-111111111111',
  network: 'x',
  accountId: 'x-1',
  accountName: 'Casey Coach',
  handle: 'casey_coach_fit',
  pictureUrl: '',
});
export const linkedInAccount = makeConnection({
  id: '22222222-2222-4222-8222-222222222222',
  network: 'linkedin',
  accountId: 'li-1',
  accountName: 'Casey Coach',
  pictureUrl: '',
});
export const lapsedFacebook = makeConnection({
  id: '33333333-3333-4333-8333-333333333333',
  network: 'facebook',
  accountId: 'fb-1',
  accountName: 'Casey Coach Fitness',
  pictureUrl: '',
  status: 'needs_reconnect',
  statusReason: 'Facebook ended FitPost’s access.',
});
export const postId = '55555555-5555-4555-8555-555555555555';
export const contentId = '66666666-6666-4666-8666-666666666666';
export const libraryMediaId = '77777777-7777-4777-8777-777777777777';

export function makeContentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: contentId,
    type: 'library',
    title: 'Squat week',
    body: 'Five squat variations to try this week 💪',
    mediaId: libraryMediaId,
    graphicUrl: `http://localhost/media/${libraryMediaId}.jpg`,
    link: 'https://fitpro.example.org/squats',
    brand: { id: '99999999-9999-4999-8999-999999999999', name: 'FitPro Academy' },
    tags: [{ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'strength', searchable: true }],
    feed: null,
    activeFrom: null,
    activeUntil: null,
    active: true,
    recommended: false,
    createdBy: null,
    publishedAt: '2026-01-02T10:00:00.000Z',
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    favorite: true,
    scheduled: false,
    posted: false,
    warnings: [],
    ...overrides,
  };
}

export function makeTarget(overrides: Partial<PublishTarget> = {}): PublishTarget {
  return {
    id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    connectionId: xAccount.id,
    network: 'x',
    accountName: xAccount.accountName,
    status: 'scheduled',
    attempts: 0,
    error: null,
    remoteId: null,
    remoteUrl: null,
    publishedAt: null,
    ...overrides,
  };
}

/** The post the server would answer for `body` (targets one per account, in the given states). */
export function makePost(overrides: Partial<ScheduledPost> = {}): ScheduledPost {
  return {
    id: postId,
    body: 'Morning mobility routine',
    mediaId: null,
    link: null,
    contentId: null,
    scheduledAt: '2030-03-08T14:00:00.000Z',
    timeZone: 'America/New_York',
    status: 'scheduled',
    connectionIds: [xAccount.id],
    targets: [makeTarget()],
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/social/connections. */
export function connectionsApi(
  connections: SocialConnection[] = [xAccount, linkedInAccount, lapsedFacebook],
) {
  server.use(http.get('/api/social/connections', () => HttpResponse.json(connections)));
}

/** POST /api/posts and PUT /api/posts/:id, recording each body; answers with `answer(body)`. */
export function savePostApi(answer: (body: PostUpsert, id: string | null) => ScheduledPost | Response) {
  const saved: { id: string | null; body: PostUpsert }[] = [];
  const respond = (body: PostUpsert, id: string | null, status: number) => {
    saved.push({ id, body });
    const result = answer(body, id);
    return result instanceof Response ? result : HttpResponse.json(result, { status });
  };
  server.use(
    http.post('/api/posts', async ({ request }) => respond((await request.json()) as PostUpsert, null, 201)),
    http.put('/api/posts/:id', async ({ request, params }) =>
      respond((await request.json()) as PostUpsert, String(params.id), 200),
    ),
  );
  return saved;
}

/** What GET /api/queue answers unless a test says otherwise. */
const queueAnswer = {
  timeZone: 'America/New_York',
  nextFree: '2030-03-09T14:00:00.000Z',
  usualConnectionIds: [] as string[],
};

/** Chooses Post Now, clicks the main button and confirms in the dialog that names the accounts. */
export async function postNow(user: ReturnType<typeof userEvent.setup>, accounts?: string[]) {
  await user.click(screen.getByRole('radio', { name: 'Post Now' }));
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  const dialog = await screen.findByRole('dialog');
  for (const account of accounts ?? []) expect(dialog).toHaveTextContent(account);
  await user.click(within(dialog).getByRole('button', { name: 'Post Now' }));
}

/** Renders the composer at `/app/posts/post<search>` for `user`, with a fresh query client. */
export function renderComposer(search = '', options: { user?: UserInfo } = {}) {
  setStoredUser(options.user ?? coach);
  setFlag(storageKeys.tutorial);
  const router = createMemoryRouter(
    [
      { path: '/app/posts/post', element: <ComposerRoute /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [`/app/posts/post${search}`] },
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  // GET /api/queue: no usual accounts (tests tick their own), a next free slot in New York.
  server.use(http.get('/api/queue', () => HttpResponse.json(queueAnswer)));
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, user };
}
