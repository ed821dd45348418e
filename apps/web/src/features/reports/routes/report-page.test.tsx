import { reportRoutes, reportTitles, type MyStats, type ReportResult } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, memberUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { MyResultsRoute } from './my-results';
import { ReportPageRoute } from './report-page';
import { ReportsIndexRoute } from './reports-index';

const admin = { ...adminUser, properties: [{ name: 'timeZone', value: 'America/New_York' }] };

/** Today in `zone`, YYYY-MM-DD (worked out apart from the screen's own date code). */
const dayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const range = (url: URL | undefined) => [url?.searchParams.get('from'), url?.searchParams.get('to')];

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
  it('the index links every report, in the contract’s order', async () => {
    renderScreen(<ReportsIndexRoute />, { user: admin });
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(reportRoutes.map((route) => reportTitles[route]));
    expect(links.map((l) => l.textContent)).toContain('Link Clicks');
    expect(links.map((l) => l.textContent)).toContain('Best Times');
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

  it('offers periods with one click: Last 7 days, Last 30 days (the default), This month, Last month', async () => {
    const asked: URL[] = [];
    server.use(
      http.get('/api/report/topusers', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json(topUsers);
      }),
    );
    const { user } = renderScreen(<ReportPageRoute />, { user: admin, path: '/app/manage/reports/topusers' });
    const period = await screen.findByRole('radiogroup', { name: 'Period' }, { timeout: 10_000 });
    expect(
      within(period)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Last 7 days', 'Last 30 days', 'This month', 'Last month']);
    const today = dayIn('America/New_York');
    expect(within(period).getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    expect(range(asked.at(-1))).toEqual([shift(today, -29), today]);
    await user.click(within(period).getByText('Last 7 days'));
    await waitFor(() => expect(range(asked.at(-1))).toEqual([shift(today, -6), today]));
    await user.click(within(period).getByText('Last month'));
    const [year, month] = today.split('-').map(Number) as [number, number];
    const lastMonth = new Date(Date.UTC(year, month - 2, 1));
    const lastDay = new Date(Date.UTC(year, month - 1, 0));
    await waitFor(() =>
      expect(range(asked.at(-1))).toEqual([
        lastMonth.toISOString().slice(0, 10),
        lastDay.toISOString().slice(0, 10),
      ]),
    );
    await user.click(within(period).getByText('This month'));
    await waitFor(() => expect(range(asked.at(-1))).toEqual([`${today.slice(0, 8)}01`, today]));
  });

  it('Upcoming Posts looks ahead: the next 30 days by default, with periods ahead', async () => {
    const asked: URL[] = [];
    server.use(
      http.get('/api/report/upcoming', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json({ ...topUsers, report: 'upcoming', title: 'Upcoming Posts', chart: null });
      }),
    );
    const { user } = renderScreen(<ReportPageRoute />, { user: admin, path: '/app/manage/reports/upcoming' });
    const period = await screen.findByRole('radiogroup', { name: 'Period' }, { timeout: 10_000 });
    const today = dayIn('America/New_York');
    await waitFor(() => expect(range(asked.at(-1))).toEqual([today, shift(today, 29)]));
    expect(within(period).getByRole('radio', { name: 'Next 30 days' })).toBeChecked();
    await user.click(within(period).getByText('Next 7 days'));
    await waitFor(() => expect(range(asked.at(-1))).toEqual([today, shift(today, 6)]));
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

  it('Link Clicks: by post, by member or by network, each asked with by= and downloaded as its CSV', async () => {
    const asked: URL[] = [];
    const byMember: ReportResult = {
      ...topUsers,
      report: 'linkclicks',
      title: 'Link Clicks',
      view: 'member',
      columns: [
        { key: 'member', label: 'Member', type: 'text' },
        { key: 'links', label: 'Links clicked', type: 'number' },
        { key: 'clicks', label: 'Clicks', type: 'number' },
      ],
      rows: [{ member: 'Casey Clicks', links: 2, clicks: 7 }],
      chart: null,
    };
    const byPost: ReportResult = {
      ...byMember,
      view: 'post',
      columns: [
        { key: 'text', label: 'Post', type: 'text' },
        { key: 'clicks', label: 'Clicks', type: 'number' },
      ],
      rows: [{ text: 'Book your first session', clicks: 6 }],
    };
    server.use(
      http.get('/api/report/linkclicks', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        if (url.searchParams.get('format') === 'csv')
          return new HttpResponse('Member,Links clicked,Clicks\r\n', {
            headers: { 'content-type': 'text/csv' },
          });
        return HttpResponse.json(url.searchParams.get('by') === 'member' ? byMember : byPost);
      }),
    );
    const { user } = renderScreen(<ReportPageRoute />, {
      user: admin,
      path: '/app/manage/reports/linkclicks',
      at: '/app/manage/reports/linkclicks?sort=clicks&desc=false',
    });
    const views = await screen.findByRole('radiogroup', { name: 'View' }, { timeout: 10_000 });
    expect(
      within(views)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['By post', 'By member', 'By network']);
    expect(within(views).getByRole('radio', { name: 'By post' })).toBeChecked();
    expect(await screen.findByRole('row', { name: /Book your first session/ })).toBeInTheDocument();
    expect(asked[0]?.searchParams.has('by')).toBe(false);

    await user.click(within(views).getByText('By member'));
    expect(await screen.findByRole('row', { name: /Casey Clicks/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Links clicked' })).toBeInTheDocument();
    const memberAsk = asked.at(-1);
    expect(memberAsk?.searchParams.get('by')).toBe('member');
    // Another view has other columns: its rows come in its own order, from its first page.
    expect(memberAsk?.searchParams.has('sort')).toBe(false);
    expect(memberAsk?.searchParams.get('page')).toBe('1');

    URL.createObjectURL = vi.fn(() => 'blob:link-clicks');
    URL.revokeObjectURL = vi.fn();
    await user.click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(asked.some((u) => u.searchParams.get('format') === 'csv')).toBe(true));
    const download = asked.find((u) => u.searchParams.get('format') === 'csv');
    expect(download?.searchParams.get('by')).toBe('member');
  });

  it('offers no views on a report of one view', async () => {
    server.use(http.get('/api/report/topusers', () => HttpResponse.json(topUsers)));
    renderScreen(<ReportPageRoute />, { user: admin, path: '/app/manage/reports/topusers' });
    await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(screen.queryByRole('radiogroup', { name: 'View' })).not.toBeInTheDocument();
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
      linkClicks: { clicks: 4, uniqueClicks: 3, previews: 2 },
      clickedPosts: [
        {
          targetId: 't1',
          network: 'x',
          accountName: '@coach',
          text: 'Tempo squats today',
          time: '2026-03-08T15:00:00.000Z',
          url: 'https://x.com/i/web/status/1',
          linkClicks: { clicks: 4, uniqueClicks: 3, previews: 2 },
        },
      ],
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
    // Clicks on the member's FitPost links: totals, and the post with its clicks.
    const clicks = screen.getByRole('list', { name: 'Clicks on your links in this period' });
    expect(within(clicks).getByText('Unique clicks').nextSibling).toHaveTextContent('3');
    const clicked = screen.getByRole('table', { name: 'Posts by clicks' });
    const clickedRow = within(clicked).getByRole('row', { name: /Tempo squats today/ });
    expect(within(clickedRow).getByText('4')).toBeInTheDocument();
  });
});
