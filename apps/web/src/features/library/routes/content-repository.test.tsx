import type { ContentItem } from '@fitpost/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chooseOption, findDialog } from '@/test/antd';
import { adminUser, makeMedia } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { makeBrand, makeContentItem, makeTag, pageOf } from '../testing';
import { ContentRepositoryRoute } from './content-repository';

const strength = makeBrand();
const squats = makeTag();
const hidden = makeTag({ id: 'a0000000-0000-4000-8000-000000000002', name: 'Drafts', searchable: false });
const squat = makeContentItem();
const expired = makeContentItem({
  id: 'c0000000-0000-4000-8000-000000000002',
  title: 'New Year challenge',
  activeFrom: '2025-01-01T00:00:00.000Z',
  activeUntil: '2025-01-31T23:59:59.999Z',
  active: false,
  recommended: true,
});
const uploaded = makeMedia({
  id: 'd0000000-0000-4000-8000-000000000009',
  url: 'http://localhost:3000/media/d0000000-0000-4000-8000-000000000009.png',
  mimeType: 'image/png',
  width: 1080,
  height: 1080,
  bytes: 20480,
});

function repositoryApi(initial: ContentItem[] = [squat, expired]) {
  let items = initial;
  const listQueries: Record<string, string>[] = [];
  const sent: { method: string; path: string; body: unknown }[] = [];
  server.use(
    http.get('/api/brand', () => HttpResponse.json({ items: [strength], total: 1, page: 1, pageSize: 100 })),
    http.get('/api/tag', () =>
      HttpResponse.json({ items: [squats, hidden], total: 2, page: 1, pageSize: 100 }),
    ),
    http.get('/api/content', ({ request }) => {
      listQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(pageOf(items, 1, 20));
    }),
    http.post('/api/media', () => HttpResponse.json(uploaded, { status: 201 })),
    http.post('/api/content', async ({ request }) => {
      const body = (await request.json()) as { title: string };
      sent.push({ method: 'POST', path: '/api/content', body });
      const created = makeContentItem({ id: 'c0000000-0000-4000-8000-000000000009', title: body.title });
      items = [created, ...items];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/api/content/:id', async ({ request, params }) => {
      const body = (await request.json()) as { title: string };
      sent.push({ method: 'PUT', path: `/api/content/${String(params.id)}`, body });
      return HttpResponse.json({ ...squat, title: body.title });
    }),
    http.delete('/api/content', async ({ request }) => {
      const body = (await request.json()) as { ids: string[] };
      sent.push({ method: 'DELETE', path: '/api/content', body });
      items = items.filter((item) => !body.ids.includes(item.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { listQueries, sent };
}

function renderRepository() {
  return renderScreen(<ContentRepositoryRoute />, { user: adminUser, path: '/app/manage/content' });
}

describe('/app/manage/content: Content Repository', () => {
  it('lists every item, in or out of its window, last changed first (issue 26)', async () => {
    const { listQueries } = repositoryApi();
    renderRepository();

    expect(await screen.findByRole('heading', { level: 1, name: 'Content Repository' })).toBeInTheDocument();
    const row = (await screen.findByText('New Year challenge')).closest('tr');
    expect(row).toHaveTextContent('1/1/2025 – 1/31/2025');
    expect(row).toHaveTextContent('Expired');
    expect(row).toHaveTextContent('Recommended');
    expect(screen.getByText('Five cues for a stronger squat').closest('tr')).toHaveTextContent('Always');
    expect(listQueries[0]).toEqual({
      include: 'all',
      page: '1',
      pagesize: '20',
      sort: 'updated',
      desc: 'true',
    });
    expect(screen.getByRole('columnheader', { name: /Last changed/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('lists only the items with health-claim warnings when asked (issue 30)', async () => {
    const { listQueries } = repositoryApi();
    renderRepository();
    await screen.findByText('New Year challenge');
    expect(listQueries[0]).not.toHaveProperty('hasWarnings');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Has health-claim warnings' }));
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ hasWarnings: 'true', page: '1' }));
  });

  it("links each row to 'Schedule Auto-Post', the Auto-Post form filled from the item", async () => {
    repositoryApi();
    renderRepository();

    const link = await screen.findByRole('link', { name: 'Schedule Auto-Post for New Year challenge' });
    expect(link).toHaveAttribute('href', `/app/manage/autopost?contentId=${expired.id}`);
    expect(link).toHaveTextContent('Schedule Auto-Post');
  });

  it("opens with the 'Add Content' form when the admin dashboard asked for it, and forgets it on close", async () => {
    repositoryApi();
    const { user, router } = renderScreen(<ContentRepositoryRoute />, {
      user: adminUser,
      path: '/app/manage/content',
      at: '/app/manage/content?add=1',
    });

    const drawer = await findDialog('Add Content');
    expect(within(drawer).getByLabelText('Title')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('checks the form before saving: a title and an http(s) link', async () => {
    const { sent } = repositoryApi();
    const { user } = renderRepository();
    await screen.findByText('New Year challenge');

    await user.click(screen.getByRole('button', { name: /Add Content/ }));
    const drawer = await findDialog('Add Content');
    await user.type(within(drawer).getByLabelText('Link'), 'ftp://example.org/file');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByText('Please add a title')).toBeInTheDocument();
    expect(
      await within(drawer).findByText('Enter the link as an http:// or https:// URL'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('checks that the active window ends after it starts', async () => {
    const { sent } = repositoryApi();
    const { user } = renderRepository();
    await screen.findByText('New Year challenge');

    await user.click(screen.getByRole('button', { name: /Add Content/ }));
    const drawer = await findDialog('Add Content');
    // Dates typed as an admin would; antd takes them from the input on Enter.
    const from = within(drawer).getByLabelText('Active from');
    await user.click(from);
    await user.type(from, '3/10/2025{Enter}');
    const until = within(drawer).getByLabelText('Active until');
    await user.click(until);
    await user.type(until, '3/1/2025{Enter}');
    await user.type(within(drawer).getByLabelText('Title'), 'Spring mobility week');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('The active window must end after it starts')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('adds content with an uploaded graphic, brand, tags, window and recommended', async () => {
    const { sent } = repositoryApi();
    const { user } = renderRepository();
    await screen.findByText('New Year challenge');

    await user.click(screen.getByRole('button', { name: /Add Content/ }));
    const drawer = await findDialog('Add Content');
    await user.type(within(drawer).getByLabelText('Title'), 'Spring mobility week');
    await user.type(within(drawer).getByLabelText('Caption'), 'Ten minutes a day.');
    await user.type(within(drawer).getByLabelText('Link'), 'https://example.org/mobility');

    // jsdom's File bytes do not reach msw; the server's answer is what the form keeps.
    const file = new File(['png'], 'mobility.png', { type: 'image/png' });
    fireEvent.change(within(drawer).getByLabelText('Graphic'), { target: { files: [file] } });
    expect(await within(drawer).findByRole('img', { name: 'The graphic chosen' })).toHaveAttribute(
      'src',
      uploaded.url,
    );

    await user.click(within(drawer).getByRole('combobox', { name: 'Brand' }));
    await chooseOption(user, 'Strength Lab');
    await user.click(within(drawer).getByRole('combobox', { name: 'Tags' }));
    await chooseOption(user, 'Drafts (not searchable)');
    const from = within(drawer).getByLabelText('Active from');
    await user.click(from);
    await user.type(from, '3/10/2025{Enter}');
    await user.click(within(drawer).getByRole('checkbox', { name: /Recommended/ }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Spring mobility week added.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/content',
        body: {
          title: 'Spring mobility week',
          body: 'Ten minutes a day.',
          mediaId: uploaded.id,
          link: 'https://example.org/mobility',
          brandId: strength.id,
          tagIds: [hidden.id],
          activeFrom: new Date(2025, 2, 10).toISOString(),
          activeUntil: null,
          recommended: true,
        },
      },
    ]);
  });

  it('refuses a file that is not an image before uploading it', async () => {
    repositoryApi();
    const { user } = renderRepository();
    await screen.findByText('New Year challenge');

    await user.click(screen.getByRole('button', { name: /Add Content/ }));
    const drawer = await findDialog('Add Content');
    const file = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });
    fireEvent.change(within(drawer).getByLabelText('Graphic'), { target: { files: [file] } });
    expect(
      await within(drawer).findByText('That file is not an image FitPost can use (JPEG, PNG, WebP or GIF).'),
    ).toBeInTheDocument();
  });

  it('edits an item with PUT and its id', async () => {
    const { sent } = repositoryApi();
    const { user } = renderRepository();
    await screen.findByText('New Year challenge');

    await user.click(screen.getByRole('button', { name: 'Edit Five cues for a stronger squat' }));
    const drawer = await findDialog('Edit Content');
    expect(within(drawer).getByLabelText('Title')).toHaveValue('Five cues for a stronger squat');
    expect(within(drawer).getByRole('img', { name: 'The graphic chosen' })).toHaveAttribute(
      'src',
      squat.graphicUrl,
    );
    await user.clear(within(drawer).getByLabelText('Title'));
    await user.type(within(drawer).getByLabelText('Title'), 'Six cues for a stronger squat');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Six cues for a stronger squat saved.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: `/api/content/${squat.id}`,
      body: {
        id: squat.id,
        title: 'Six cues for a stronger squat',
        mediaId: squat.mediaId,
        brandId: strength.id,
        tagIds: [squats.id],
      },
    });
  });

  it('deletes the checked items after confirmation', async () => {
    const { sent } = repositoryApi();
    const { user } = renderRepository();
    await screen.findByText('New Year challenge');

    expect(screen.getByRole('button', { name: /Delete/ })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select New Year challenge' }));
    await user.click(screen.getByRole('button', { name: /Delete/ }));
    const confirm = await findDialog('Delete content?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(sent).toEqual([{ method: 'DELETE', path: '/api/content', body: { ids: [expired.id] } }]),
    );
    expect(await screen.findByText('1 item deleted.')).toBeInTheDocument();
  });
});
