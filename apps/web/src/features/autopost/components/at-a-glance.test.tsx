import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { startOfZonedDay, toWallTime } from '@/lib/zoned-time';
import { server } from '@/test/msw-server';
import { linkedInConnectionId, member, mount, xConnectionId } from '../test/autopost-kit';
import { AtAGlance } from './at-a-glance';

function value(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('Recommended Posts › At a Glance', () => {
  it('counts scheduled posts, posts this month, connected accounts, and says where Auto-Post is on', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/posts', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`${query.get('status')}|${query.get('from') ?? ''}|${query.get('pagesize')}`);
        const total = query.get('status') === 'scheduled,publishing' ? 12 : 1034;
        return HttpResponse.json({ items: [], total, page: 1, pageSize: 1 });
      }),
      http.get('/api/autoposts/settings', () =>
        HttpResponse.json({
          accounts: [
            {
              connectionId: xConnectionId,
              network: 'x',
              accountName: '@c',
              status: 'connected',
              enabled: true,
            },
            {
              connectionId: linkedInConnectionId,
              network: 'linkedin',
              accountName: 'C',
              status: 'needs_reconnect',
              enabled: false,
            },
          ],
        }),
      ),
    );
    // "This month" starts at midnight on the 1st in the member's zone (London); a run that
    // crosses into a new month may ask from either 1st.
    const monthStart = () =>
      startOfZonedDay(`${toWallTime(Date.now(), 'Europe/London').date.slice(0, 7)}-01`, 'Europe/London');
    const monthStartBefore = monthStart();
    mount(<AtAGlance />, { user: member, path: '/app/dashboard', at: '/app/dashboard' });

    expect(screen.getByRole('heading', { level: 2, name: 'At a Glance' })).toBeInTheDocument();
    expect(await screen.findByText('1,034')).toBeInTheDocument();
    expect(value('Scheduled')).toBe('12');
    expect(value('Posted this month')).toBe('1,034');
    expect(value('Connected accounts')).toBe('1');
    expect(value('Auto-Post')).toBe('On for 1 of 2 accounts');
    expect(asked.sort()).toEqual([
      expect.toBeOneOf([monthStartBefore, monthStart()].map((from) => `posted,partly_posted|${from}|1`)),
      'scheduled,publishing||1',
    ]);
  });

  it('says Off without opted-in accounts, and Unavailable when a count fails', async () => {
    server.use(
      http.get('/api/posts', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong' } }, { status: 500 }),
      ),
      http.get('/api/autoposts/settings', () => HttpResponse.json({ accounts: [] })),
    );
    mount(<AtAGlance />, { user: member, path: '/app/dashboard', at: '/app/dashboard' });

    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(await screen.findAllByText('Unavailable')).toHaveLength(2);
    expect(value('Connected accounts')).toBe('0');
  });
});
