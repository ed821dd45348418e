import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recommendedContentQuery } from '@/lib/api/content/get-content';
import { contentKeys } from '@/lib/api/content/keys';
import { clearStoredUser, setStoredUser } from '@/lib/session';
import { makeContentItem } from '@/features/autopost/test/autopost-kit';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { prefetchOpenedScreen } from './startup-prefetch';

const page = { items: [], total: 0, page: 1, pageSize: 3 };

/** Answers GET /api/content, noting each query string asked for. */
function contentHandler(asked: string[]) {
  return http.get('/api/content', ({ request }) => {
    asked.push(new URL(request.url).search);
    return HttpResponse.json(page);
  });
}

describe('prefetchOpenedScreen', () => {
  afterEach(() => clearStoredUser());

  it('asks for Recommended for You at once when a signed-in member opens the app at the dashboard', async () => {
    setStoredUser(makeUser());
    for (const path of ['/app/dashboard', '/app', '/app/', '/']) {
      const asked: string[] = [];
      server.use(contentHandler(asked));
      const queryClient = new QueryClient();
      await prefetchOpenedScreen(path, queryClient);
      expect(asked, path).toEqual([expect.stringContaining('recommended=true')]);
      // The dashboard's panel finds the answer already in the cache, under its own key.
      expect(queryClient.getQueryData(contentKeys.list(recommendedContentQuery))).toEqual(page);
    }
  });

  it('asks for nothing when signed out, or when the app opens on another screen', async () => {
    const asked: string[] = [];
    server.use(contentHandler(asked));
    await prefetchOpenedScreen('/app/dashboard', new QueryClient());
    setStoredUser(makeUser());
    await prefetchOpenedScreen('/app/calendar', new QueryClient());
    await prefetchOpenedScreen('/app/dashboardx', new QueryClient());
    expect(asked).toEqual([]);
  });

  it("fetches the first recommended card's graphic as soon as the answer is in, at high priority", async () => {
    setStoredUser(makeUser());
    const graphicUrl = 'https://cdn.example.com/squat-week.png';
    server.use(
      http.get('/api/content', () =>
        HttpResponse.json({ ...page, items: [makeContentItem({ graphicUrl })], total: 1 }),
      ),
    );
    const started: { src: string; fetchPriority: string }[] = [];
    class RecordingImage {
      fetchPriority = 'auto';
      decoding = 'auto';
      set src(src: string) {
        started.push({ src, fetchPriority: this.fetchPriority });
      }
    }
    vi.stubGlobal('Image', RecordingImage);
    try {
      await prefetchOpenedScreen('/app/dashboard', new QueryClient());
    } finally {
      vi.unstubAllGlobals();
    }
    expect(started).toEqual([{ src: graphicUrl, fetchPriority: 'high' }]);
  });
});
