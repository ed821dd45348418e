import { weekdayNames, type ReportResult } from '@fitpost/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { ReportPageRoute } from '../routes/report-page';

const admin = { ...adminUser, properties: [{ name: 'timeZone', value: 'America/New_York' }] };
const busy: Record<string, { posts: number; engagement: number; perPost: number }> = {
  'Monday 09:00': { posts: 2, engagement: 10, perPost: 5 },
  'Saturday 23:00': { posts: 1, engagement: 1, perPost: 1 },
};

/** The server's answer: every weekday × hour, Monday 00:00 first, as the besttimes report gives it. */
function week(cells = busy): ReportResult {
  return {
    report: 'besttimes',
    title: 'Best Times',
    from: '2026-03-01',
    to: '2026-03-10',
    timeZone: 'America/New_York',
    columns: [
      { key: 'day', label: 'Day', type: 'text' },
      { key: 'hour', label: 'Hour', type: 'text' },
      { key: 'posts', label: 'Posts', type: 'number' },
      { key: 'engagement', label: 'Engagement', type: 'number' },
      { key: 'perPost', label: 'Engagement per post', type: 'number' },
    ],
    rows: weekdayNames.flatMap((day) =>
      Array.from({ length: 24 }, (_, h) => {
        const hour = `${String(h).padStart(2, '0')}:00`;
        return { day, hour, ...(cells[`${day} ${hour}`] ?? { posts: 0, engagement: 0, perPost: null }) };
      }),
    ),
    total: 168,
    page: 1,
    pageSize: 168,
    chart: null,
  };
}

function serve(result: ReportResult) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/report/besttimes', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json(result);
    }),
  );
  return asked;
}

/** The table cell of one weekday (column) and hour (row heading, "9 AM"). */
function cellAt(day: string, hour: string) {
  const table = screen.getByRole('table', { name: /Engagement per post by day and hour/ });
  const headings = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const row = within(table).getByRole('rowheader', { name: hour }).closest('tr');
  if (!row) throw new Error(`no row ${hour}`);
  return within(row).getAllByRole('cell')[headings.findIndex((h) => h?.includes(day)) - 1];
}

describe('Best Times report: the heatmap', () => {
  it('asks for the whole week in the admin’s zone and shows each cell’s engagement per post and its posts', async () => {
    const asked = serve(week());
    renderScreen(<ReportPageRoute />, { user: admin, path: '/app/manage/reports/besttimes' });
    expect(await screen.findByRole('heading', { name: 'Best Times' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /America\/New York|America New York/ });
    expect(asked[0]?.searchParams.get('tz')).toBe('America/New_York');
    expect(asked[0]?.searchParams.get('pagesize')).toBe('168');
    // 24 hours, a heading row; every weekday a column, named in full for screen readers.
    expect(within(table).getAllByRole('row')).toHaveLength(25);
    expect(within(table).getByRole('columnheader', { name: 'Wednesday' })).toBeInTheDocument();
    expect(cellAt('Monday', '9 AM')).toHaveTextContent(/^5\s*2 posts$/);
    expect(cellAt('Saturday', '11 PM')).toHaveTextContent(/^1\s*1 post$/);
    expect(cellAt('Tuesday', '9 AM')).toHaveTextContent('No posts');
    expect(screen.getByTestId('best-times-best')).toHaveTextContent(
      'Best hour: Monday 9 AM, 5 engagement per post from 2 posts.',
    );
    // The best cell is shaded darkest; an hour without posts is not shaded.
    expect(cellAt('Monday', '9 AM')?.style.background).not.toBe('');
    expect(cellAt('Tuesday', '9 AM')?.style.background).toBe('');
    expect(screen.getByRole('button', { name: /Download CSV/ })).toBeInTheDocument();
  });

  it('says so when no post of the period has figures', async () => {
    serve(week({}));
    renderScreen(<ReportPageRoute />, { user: admin, path: '/app/manage/reports/besttimes' });
    expect(await screen.findByText('Nothing in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
