import type { MyStats, ReportResult } from '@fitpost/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, memberUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/setup';
import { MyResultsRoute } from './my-results';
import { ReportPageRoute } from './report-page';
import { ReportsIndexRoute } from './reports-index';

const admin = { ...adminUser, properties: [{ name: 'timeZone', value: 'America/New_York' }] };

const topUsers: ReportResult = {
  report: 'topusers',
  title: 'Top Users',
  from: '2026-03-01',
  to: '2026-03-10',
  timeZone: 'America/New_York',
  columns: [
    { key: 'member', label: 'Member', type: 'text' },
    { key: 'published', label: 'Published', type: 'number' },
    { key: 'impressions', label: 'Impressions', type: 'number' },
  ],
  rows: [{ member: 'Alice Coach', published: 2, impressions: null }],
  total: 1,
  page: 1,
  pageSize: 50,
  chart: { x: 'member', bars: ['published'], stacked: false },
};

describe('report screens', () => {
  it('the index links all eleven reports', async () => {
    renderScreen(<ReportsIndexRoute />, { user: admin });
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Basic Stats',
      'Posts Per Day',
      'Top Content',
      'Top Favorites',
      'Top Tags',
      'Top Platforms',
      'Posts Detail',
      'Upcoming Posts',
      'Inactive Users',
      'Feed Usage',
      'Top Users',
    ]);
  });

  it('shows the report with its title and rows, asking in the admin’s zone; an unknown figure is a dash', async () => {
    const asked: URL[] = [];
    server.use(
      http.get('/api/report/topusers', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json(topUsers);
      }),
    );
    renderScreen(<ReportPageRoute />, { user: admin, path: '/app/manage/reports/topusers' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Top Users' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    const row = within(table).getByRole('row', { name: /Alice Coach/ });
    expect(within(row).getByText('—')).toBeInTheDocument();
    expect(asked[0]?.searchParams.get('tz')).toBe('America/New_York');
    expect(screen.getByRole('button', { name: /Download CSV/ })).toBeInTheDocument();
  });

  it('Inactive Users: messages the listed members, opening the compose with them chosen', async () => {
    const ids = ['f0000000-0000-4000-8000-000000000002', 'f0000000-0000-4000-8000-000000000003'];
    const inactive: ReportResult = {
      ...topUsers,
      report: 'usersinactive',
      title: 'Inactive Users',
      columns: [
        { key: 'member', label: 'Member', type: 'text' },
        { key: 'email', label: 'Email', type: 'text' },
      ],
      rows: [
        { member: 'Ben Coach', email: 'ben@example.com' },
        { member: 'Cara Coach', email: 'cara@example.com' },
      ],
      total: 2,
      chart: null,
      memberIds: ids,
    };
    server.use(http.get('/api/report/usersinactive', () => HttpResponse.json(inactive)));
    const { user, router } = renderScreen(<ReportPageRoute />, {
      user: admin,
      path: '/app/manage/reports/usersinactive',
      routes: [{ path: '/app/manage/messages', element: <p>Messages</p> }],
    });
    await user.click(
      await screen.findByRole('button', { name: /Message these 2 members/ }, { timeout: 10_000 }),
    );
    expect(await screen.findByText('Messages')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/manage/messages');
    expect(router.state.location.state).toEqual({
      composeTo: [
        { id: ids[0], label: 'Ben Coach <ben@example.com>' },
        { id: ids[1], label: 'Cara Coach <cara@example.com>' },
      ],
    });
  });

  it('offers no message action on a report whose rows are not members', async () => {
    server.use(http.get('/api/report/topusers', () => HttpResponse.json(topUsers)));
    renderScreen(<ReportPageRoute />, { user: admin, path: '/app/manage/reports/topusers' });
    await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: /Message/ })).not.toBeInTheDocument();
  });

  it('says so when the report cannot be loaded', async () => {
    server.use(
      http.get('/api/report/topusers', () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'Only administrators can see reports' } },
          { status: 403 },
        ),
      ),
    );
    renderScreen(<ReportPageRoute />, { user: admin, path: '/app/manage/reports/topusers' });
    expect(await screen.findByText(/Only administrators can see reports/)).toBeInTheDocument();
  });
});

describe('My Results', () => {
  it('shows totals against the previous period and the Recent posts table with likes', async () => {
    const post = {
      targetId: 't1',
      network: 'x' as const,
      accountName: '@coach',
      text: 'Tempo squats today',
      status: 'published' as const,
      time: '2026-03-08T15:00:00.000Z',
      url: 'https://x.com/i/web/status/1',
      metrics: { impressions: 120, likes: 7, comments: 1, shares: 0, clicks: null },
    };
    const mine: MyStats = {
      from: '2026-03-01',
      to: '2026-03-10',
      timeZone: 'UTC',
      published: { current: 1, previous: 0 },
      byNetwork: [{ network: 'x', published: 1 }],
      engagement: {
        current: { impressions: 120, likes: 7, comments: 1, shares: 0, clicks: null },
        previous: { impressions: null, likes: null, comments: null, shares: null, clicks: null },
      },
      perDay: [{ day: '2026-03-08', published: 1, likes: 7, comments: 1 }],
      best: [post],
      recent: [post],
    };
    server.use(http.get('/api/stats/me', () => HttpResponse.json(mine)));
    renderScreen(<MyResultsRoute />, { user: memberUser });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Recent posts' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const recent = screen.getByRole('table', { name: 'Recent posts' });
    const row = within(recent).getByRole('row', { name: /Tempo squats today/ });
    expect(within(row).getByText('7')).toBeInTheDocument();
    // The status in the words every other screen uses.
    expect(within(row).getByText('Posted')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      'https://x.com/i/web/status/1',
    );
  });
});
