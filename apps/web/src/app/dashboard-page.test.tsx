import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, meHandler, noPostsHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/setup';

const user = makeUser({ properties: [{ name: 'timeZone', value: 'America/Chicago' }] });

describe('/app/dashboard (Recommended Posts)', () => {
  it("shows the upcoming Auto-Posts and 'At a Glance' (composed in from the autopost feature) beside 'My Scheduled Posts'", async () => {
    server.use(
      meHandler,
      noPostsHandler,
      http.get('/api/autoposts/upcoming', () =>
        HttpResponse.json([
          {
            id: 'a1a1a1a1-1111-4111-8111-111111111111',
            contentId: null,
            body: 'Five squat cues that keep your knees happy.',
            mediaUrl: null,
            link: null,
            scheduledAt: '2030-03-15T13:30:00.000Z',
            timeZone: 'America/New_York',
            status: 'scheduled',
            accounts: [
              { connectionId: 'f5f5f5f5-5555-4555-8555-555555555555', network: 'x', accountName: '@zoe' },
            ],
            choice: 'auto',
            customPostId: null,
          },
        ]),
      ),
      http.get('/api/autoposts/settings', () =>
        HttpResponse.json({
          accounts: [
            {
              connectionId: 'f5f5f5f5-5555-4555-8555-555555555555',
              network: 'x',
              accountName: '@zoe',
              status: 'connected',
              enabled: true,
            },
          ],
        }),
      ),
    );
    renderApp('/app/dashboard', { user });

    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a Post' })).toBeEnabled();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Auto-Posts' });
    // 13:30 UTC is 8:30 AM in Chicago (CDT).
    const item = await within(upcoming).findByRole('article', { name: /3\/15\/2030 8:30 AM/ });
    expect(within(item).getByRole('button', { name: 'Skip' })).toBeEnabled();
    const glance = await screen.findByRole('region', { name: 'At a Glance' });
    expect(await within(glance).findByText('On for 1 of 1 account')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'My Scheduled Posts' })).toBeInTheDocument();
  });
});
