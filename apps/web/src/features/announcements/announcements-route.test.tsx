import type { AnnouncementDetail } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chooseOption, findDialog } from '@/test/antd';
import { adminUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { AnnouncementsRoute } from './announcements-route';

const zone = 'America/New_York';
const admin = { ...adminUser, properties: [{ name: 'timeZone', value: zone }] };

const news: AnnouncementDetail = {
  id: 'b0000000-0000-4000-8000-000000000001',
  portalId: 1,
  body: '<p>Big <strong>news</strong></p>',
  url: 'https://example.com',
  urlText: 'Read',
  isRecurring: false,
  isActive: true,
  startDate: '2026-07-01T16:00:00.000Z',
  endDate: null,
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:00:00.000Z',
};
const old: AnnouncementDetail = { ...news, id: 'b0000000-0000-4000-8000-000000000002', body: '<p>Old</p>' };

function announcementsApi() {
  const searches: unknown[] = [];
  const sent: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.post('/api/announcement/search', async ({ request }) => {
      searches.push(await request.json());
      return HttpResponse.json({ items: [news, old], total: 2, page: 1, pageSize: 20 });
    }),
    http.put('/api/announcement/:id', async ({ request }) => {
      const body = (await request.json()) as object;
      sent.push({ method: 'PUT', url: request.url, body });
      return HttpResponse.json({ ...news, ...body });
    }),
    http.delete('/api/announcement', async ({ request }) => {
      sent.push({ method: 'DELETE', url: request.url, body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { searches, sent };
}

describe('/app/manage/announcements', () => {
  it('lists the sanitised announcements with dates in the admin zone, searches and filters', async () => {
    const api = announcementsApi();
    const { user } = renderScreen(<AnnouncementsRoute />, { user: admin });
    expect((await screen.findByText('news')).tagName).toBe('STRONG');
    expect(screen.getAllByText('2026-07-01 12:00')).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: 'Search announcements' }), 'big{Enter}');
    await waitFor(() => expect(api.searches.at(-1)).toMatchObject({ keyword: 'big', page: 1 }));
    await user.click(screen.getByRole('combobox', { name: 'Shown now' }));
    await chooseOption(user, 'Shown now');
    await waitFor(() => expect(api.searches.at(-1)).toMatchObject({ keyword: 'big', active: true }));
  });

  it('deletes the selected announcements after confirming', async () => {
    const api = announcementsApi();
    const { user } = renderScreen(<AnnouncementsRoute />, { user: admin });
    await screen.findByText('Old');
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[1] as HTMLElement);
    await user.click(boxes[2] as HTMLElement);
    await user.click(screen.getByRole('button', { name: /Delete/ }));
    const confirm = await findDialog('Delete announcements');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.sent).toEqual([
        { method: 'DELETE', url: expect.any(String), body: { ids: [news.id, old.id] } },
      ]),
    );
  });

  it('edits an announcement: the form shows the admin-zone start, the preview, and saves as an upsert', async () => {
    const api = announcementsApi();
    const { user } = renderScreen(<AnnouncementsRoute />, { user: admin });
    await screen.findByText('Old');
    await user.click(screen.getAllByRole('button', { name: /^Edit announcement/ })[0] as HTMLElement);
    const dialog = await findDialog('Edit announcement');
    const start = within(dialog).getByLabelText(`Start (${zone})`);
    expect(start).toHaveValue('2026-07-01T12:00');
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('link', { name: 'Read' })).toHaveAttribute(
      'href',
      'https://example.com',
    );
    expect(within(preview).getByText('news').tagName).toBe('STRONG');
    await user.clear(start);
    await user.type(start, '2026-12-01T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toMatchObject({
      method: 'PUT',
      body: {
        id: news.id,
        startDate: '2026-12-01T14:30:00.000Z',
        url: 'https://example.com',
        urlText: 'Read',
      },
    });
    expect((api.sent[0]?.body as { body: string }).body).toContain('<strong>news</strong>');
  });
});
