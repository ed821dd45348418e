import type { CalendarPost } from '@fitpost/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUpdateAutoPostSettings } from '@/lib/api/auto-posts/get-auto-post-settings';
import { useCalendarPosts } from '@/lib/api/posts/get-calendar-posts';
import { useSavePost } from '@/lib/api/posts/save-post';
import { makeContentItem } from '@/features/autopost/test/autopost-kit';
import { makePost } from '@/features/composer/test/composer-kit';
import { useUpsertContent } from '@/lib/api/content/upsert-content';
import { useCancelPost } from '@/lib/api/posts/cancel-post';
import { useDeleteConnection } from '@/lib/api/connections/delete-connection';
import { useUpcomingAutoPosts } from '@/lib/api/auto-posts/get-upcoming-auto-posts';
import { useSetAutoPostChoice } from '@/lib/api/auto-posts/set-auto-post-choice';
import { autoPostKeys } from '@/lib/api/auto-posts/keys';
import { useConnections } from '@/lib/api/connections/get-connections';
import { contentKeys } from '@/lib/api/content/keys';
import { usePost } from '@/lib/api/posts/get-post';
import { usePosts, type PostListQuery } from '@/lib/api/posts/get-posts';
import { useReschedulePost } from '@/lib/api/posts/reschedule-post';
import { useRetryTarget } from '@/lib/api/posts/retry-target';
import { server } from '@/test/msw-server';

/**
 * One server-state layer: a change to a resource made on any screen refreshes every screen's view
 * of it. Each test mounts the views' real hooks side by side, as the app has them cached, makes the
 * change through the real mutation, and counts the requests each view makes again.
 */

const postId = '2b6f4c1e-8d3a-4f5b-9c7e-1a2b3c4d5e6f';
const targetId = '3c7a5d2f-9e4b-4a6c-8d8f-2b3c4d5e6f7a';
const range = { from: '2030-03-01T05:00:00.000Z', to: '2030-04-12T04:00:00.000Z' };
const listQuery: PostListQuery = { status: ['scheduled'], order: 'desc', page: 1, pagesize: 20 };
const dashboardQuery: PostListQuery = {
  status: ['scheduled', 'publishing'],
  order: 'asc',
  page: 1,
  pagesize: 5,
};

const post = makePost({ id: postId, connectionIds: [], targets: [] });

const calendarPost: CalendarPost = {
  id: postId,
  excerpt: post.body,
  hasMedia: false,
  scheduledAt: post.scheduledAt ?? '',
  status: 'scheduled',
  targets: [],
};

let requests: Record<string, number>;
const count = (name: string) => {
  requests[name] = (requests[name] ?? 0) + 1;
};

beforeEach(() => {
  requests = {};
  server.use(
    http.get('/api/posts', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      count(status === 'scheduled,publishing' ? 'dashboard' : 'list');
      return HttpResponse.json({ items: [post], total: 1, page: 1, pageSize: 20 });
    }),
    http.get('/api/posts/calendar', () => {
      count('calendar');
      return HttpResponse.json({ items: [calendarPost], truncated: false });
    }),
    http.get(`/api/posts/${postId}`, () => {
      count('detail');
      return HttpResponse.json(post);
    }),
    http.get('/api/autoposts/upcoming', ({ request }) => {
      count(new URL(request.url).searchParams.has('from') ? 'calendar auto-posts' : 'dashboard auto-posts');
      return HttpResponse.json([]);
    }),
    http.get('/api/social/connections', () => {
      count('connections');
      return HttpResponse.json([]);
    }),
    http.post('/api/posts', () => HttpResponse.json(post, { status: 201 })),
    http.post(`/api/posts/${postId}/reschedule`, () => HttpResponse.json(post)),
    http.post(`/api/posts/${postId}/cancel`, () => HttpResponse.json({ ...post, status: 'cancelled' })),
    http.post(`/api/posts/${postId}/targets/${targetId}/retry`, () => HttpResponse.json(post)),
  );
});

function setup<T>(mutation: () => T) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const views = renderHook(
    () => ({
      list: usePosts(listQuery, { keepPrevious: true }),
      dashboard: usePosts(dashboardQuery),
      calendar: useCalendarPosts(range),
      detail: usePost(postId),
      dashboardAutoPosts: useUpcomingAutoPosts(),
      calendarAutoPosts: useUpcomingAutoPosts(range),
      connections: useConnections(),
      mutation: mutation(),
    }),
    { wrapper },
  );
  return { queryClient, views };
}

async function loaded(views: ReturnType<typeof setup>['views']) {
  await waitFor(() => {
    const { list, dashboard, calendar, detail, dashboardAutoPosts, calendarAutoPosts, connections } =
      views.result.current;
    for (const view of [
      list,
      dashboard,
      calendar,
      detail,
      dashboardAutoPosts,
      calendarAutoPosts,
      connections,
    ]) {
      expect(view.isSuccess).toBe(true);
    }
  });
  expect(requests).toEqual({
    list: 1,
    dashboard: 1,
    calendar: 1,
    detail: 1,
    'dashboard auto-posts': 1,
    'calendar auto-posts': 1,
    connections: 1,
  });
}

const postViews = ['list', 'dashboard', 'calendar', 'detail'] as const;
/** A post's own view is not asked again after a change the server answered with that post: the answer is it. */
const otherPostViews = ['list', 'dashboard', 'calendar'] as const;

describe('one server-state layer', () => {
  it("a post saved in the composer refreshes the list, the calendar and the dashboard, not other resources'", async () => {
    const { views } = setup(() => useSavePost());
    await loaded(views);
    await act(() =>
      views.result.current.mutation.mutateAsync({
        id: null,
        post: { body: post.body, connectionIds: [], scheduledAt: post.scheduledAt, timeZone: post.timeZone },
      }),
    );
    await waitFor(() => {
      for (const view of otherPostViews) expect(requests[view], view).toBe(2);
    });
    expect(requests.detail).toBe(1);
    expect(views.result.current.detail.data).toEqual(post);
    expect(requests.connections).toBe(1);
    expect(requests['dashboard auto-posts']).toBe(1);
  });

  it.each([
    [
      'a reschedule (calendar or list)',
      () => useReschedulePost(),
      { id: postId, scheduledAt: '2030-03-09T14:00:00.000Z' },
    ],
    ['a cancel on Schedule a Post', () => useCancelPost(), postId],
    ['a retry in the composer', () => useRetryTarget(), { id: postId, targetId }],
  ] as const)('%s refreshes every view of the posts', async (_name, mutation, input) => {
    const { views } = setup(mutation as () => { mutateAsync: (input: unknown) => Promise<unknown> });
    await loaded(views);
    await act(() => views.result.current.mutation.mutateAsync(input));
    await waitFor(() => {
      for (const view of otherPostViews) expect(requests[view], view).toBe(2);
    });
    expect(requests.detail).toBe(1);
  });

  it("a member's Auto-Post choice refreshes the Auto-Posts on the dashboard and the calendar, and their posts", async () => {
    server.use(
      http.put('/api/autoposts/:id/choice', () =>
        HttpResponse.json({ choice: 'custom', customPostId: postId }),
      ),
    );
    const { views } = setup(() => useSetAutoPostChoice());
    await loaded(views);
    await act(() =>
      views.result.current.mutation.mutateAsync({
        id: '4d8b6e3a-1f5c-4b7d-9e9a-3c4d5e6f7a8b',
        choice: 'custom',
      }),
    );
    await waitFor(() => {
      expect(requests['dashboard auto-posts']).toBe(2);
      expect(requests['calendar auto-posts']).toBe(2);
      for (const view of postViews) expect(requests[view], view).toBe(2);
    });
  });

  it('disconnecting an account refreshes every view of the connections and the Auto-Post opt-in', async () => {
    server.use(http.delete('/api/social/connections/:id', () => new HttpResponse(null, { status: 204 })));
    const { views, queryClient } = setup(() => useDeleteConnection());
    queryClient.setQueryData(autoPostKeys.settings, { accounts: [] });
    await loaded(views);
    await act(() => views.result.current.mutation.mutateAsync('5e9c7f4b-2a6d-4c8e-8fab-4d5e6f7a8b9c'));
    await waitFor(() => expect(requests.connections).toBe(2));
    expect(queryClient.getQueryState(autoPostKeys.settings)?.isInvalidated).toBe(true);
    expect(requests.list).toBe(1);
  });

  it('an opt-in change refreshes the upcoming Auto-Posts everywhere', async () => {
    server.use(http.put('/api/autoposts/settings', () => HttpResponse.json({ accounts: [] })));
    const { views } = setup(() => useUpdateAutoPostSettings());
    await loaded(views);
    await act(() => views.result.current.mutation.mutateAsync([]));
    await waitFor(() => {
      expect(requests['dashboard auto-posts']).toBe(2);
      expect(requests['calendar auto-posts']).toBe(2);
    });
  });

  it("a change in the library marks the picker's searches and a loaded item stale", async () => {
    const item = makeContentItem();
    server.use(http.post('/api/content', () => HttpResponse.json(item, { status: 201 })));
    const { views, queryClient } = setup(() => useUpsertContent());
    const search = [...contentKeys.searches, 10, { q: 'squat' }];
    queryClient.setQueryData(search, { items: [], total: 0, page: 1, pageSize: 10 });
    queryClient.setQueryData(contentKeys.item(item.id), item);
    await loaded(views);
    await act(() => views.result.current.mutation.mutateAsync({ title: item.title, body: item.body }));
    await waitFor(() => expect(queryClient.getQueryState(search)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(contentKeys.item(item.id))?.isInvalidated).toBe(true);
    expect(requests.list).toBe(1);
  });
});
