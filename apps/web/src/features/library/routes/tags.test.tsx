import type { Tag } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@/test/antd';
import { adminUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { makeTag } from '../testing';
import { TagsRoute } from './tags';

const squats = makeTag();
const mobility = makeTag({ id: 'a0000000-0000-4000-8000-000000000002', name: 'Mobility', searchable: false });
const protein = makeTag({ id: 'a0000000-0000-4000-8000-000000000003', name: 'Protein', contentCount: 0 });

/** The tags API over a list the handlers change, as the server would; records what was sent. */
function tagsApi(initial: Tag[] = [squats, mobility, protein]) {
  let tags = initial;
  const sent: { method: string; body: unknown }[] = [];
  const listQueries: Record<string, string>[] = [];
  server.use(
    http.get('/api/tag', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      listQueries.push(query);
      const shown = tags.filter((tag) => !query.q || tag.name.toLowerCase().includes(query.q.toLowerCase()));
      return HttpResponse.json({ items: shown, total: shown.length, page: 1, pageSize: 20 });
    }),
    http.post('/api/tag', async ({ request }) => {
      const body = (await request.json()) as { name: string; searchable: boolean };
      sent.push({ method: 'POST', body });
      if (tags.some((tag) => tag.name.toLowerCase() === body.name.toLowerCase()))
        return HttpResponse.json(
          { error: { code: 'conflict', message: 'A tag with that name already exists' } },
          { status: 409 },
        );
      const added = makeTag({ id: 'a0000000-0000-4000-8000-000000000009', contentCount: 0, ...body });
      tags = [...tags, added];
      return HttpResponse.json(added, { status: 201 });
    }),
    http.post('/api/tag/searchable', async ({ request }) => {
      const body = (await request.json()) as { ids: string[] };
      sent.push({ method: 'POST searchable', body });
      tags = tags.map((tag) => (body.ids.includes(tag.id) ? { ...tag, searchable: !tag.searchable } : tag));
      return HttpResponse.json(tags.filter((tag) => body.ids.includes(tag.id)));
    }),
    http.delete('/api/tag', async ({ request }) => {
      const body = (await request.json()) as { ids: string[] };
      sent.push({ method: 'DELETE', body });
      tags = tags.filter((tag) => !body.ids.includes(tag.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { sent, listQueries };
}

function renderTags() {
  return renderScreen(<TagsRoute />, { user: adminUser, path: '/app/manage/tags' });
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name, { selector: 'td' }).closest('tr');
  if (!row) throw new Error(`${name} is not in a table row`);
  return row;
}

describe('/app/manage/tags', () => {
  it('lists the tags with their searchable flag and content count', async () => {
    const { listQueries } = tagsApi();
    renderTags();

    expect(await screen.findByRole('heading', { level: 1, name: 'Tags' })).toBeInTheDocument();
    await screen.findByText('Squats', { selector: 'td' });
    expect(rowOf('Squats')).toHaveTextContent('Searchable');
    expect(rowOf('Mobility')).toHaveTextContent('Not searchable');
    expect(rowOf('Squats')).toHaveTextContent('4');
    expect(screen.getByText('3 tags')).toBeInTheDocument();
    expect(listQueries[0]).toEqual({ page: '1', pagesize: '20', sort: 'name', desc: 'false' });
    // The spec's four actions, by their names.
    for (const name of ['Add a Tag', 'Select All', 'Toggle Searchable', 'Delete'])
      expect(screen.getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Toggle Searchable/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Delete/ })).toBeDisabled();
  });

  it("'Add a Tag' adds one, and shows the server's refusal of a duplicate", async () => {
    const { sent } = tagsApi();
    const { user } = renderTags();
    await screen.findByText('Squats', { selector: 'td' });

    await user.click(screen.getByRole('button', { name: /Add a Tag/ }));
    const modal = await findDialog('Add a Tag');
    await user.click(within(modal).getByRole('button', { name: 'Add Tag' }));
    expect(await within(modal).findByText('Please name the tag')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(modal).getByLabelText('Name'), 'squats');
    await user.click(within(modal).getByRole('button', { name: 'Add Tag' }));
    expect(await within(modal).findByText('A tag with that name already exists')).toBeInTheDocument();

    await user.clear(within(modal).getByLabelText('Name'));
    await user.type(within(modal).getByLabelText('Name'), '  Kettlebells ');
    await user.click(within(modal).getByRole('checkbox', { name: 'Searchable' }));
    await user.click(within(modal).getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByText('Tag Kettlebells added.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ method: 'POST', body: { name: 'Kettlebells', searchable: false } });
    expect(await screen.findByText('Kettlebells', { selector: 'td' })).toBeInTheDocument();
  });

  it("'Select All' then 'Toggle Searchable' flips every tag shown", async () => {
    const { sent } = tagsApi();
    const { user } = renderTags();
    await screen.findByText('Squats', { selector: 'td' });

    const selectAll = screen.getByRole('button', { name: /Select All/ });
    await user.click(selectAll);
    expect(selectAll).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: 'Select Squats' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Protein' })).toBeChecked();
    expect(screen.getByText('3 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Toggle Searchable/ }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'POST searchable', body: { ids: [squats.id, mobility.id, protein.id] } },
      ]),
    );
    expect(await screen.findByText('1 tag now searchable; 2 tags no longer searchable.')).toBeInTheDocument();
    await waitFor(() => expect(rowOf('Mobility')).toHaveTextContent('Searchable'));
    expect(rowOf('Squats')).toHaveTextContent('Not searchable');

    // Pressed again, Select All clears the selection.
    await user.click(selectAll);
    expect(screen.getByRole('checkbox', { name: 'Select Squats' })).not.toBeChecked();
  });

  it("'Delete' removes the checked tags after confirmation", async () => {
    const { sent } = tagsApi();
    const { user } = renderTags();
    await screen.findByText('Squats', { selector: 'td' });

    await user.click(screen.getByRole('checkbox', { name: 'Select Mobility' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Protein' }));
    await user.click(screen.getByRole('button', { name: /Delete/ }));
    const confirm = await findDialog('Delete tags?');
    expect(confirm).toHaveTextContent('The 2 selected tags will be deleted');
    expect(sent).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(sent).toEqual([{ method: 'DELETE', body: { ids: [mobility.id, protein.id] } }]),
    );
    expect(await screen.findByText('2 tags deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Mobility', { selector: 'td' })).not.toBeInTheDocument());
    expect(screen.getByText('Squats', { selector: 'td' })).toBeInTheDocument();
  });

  it('searches tags on the server; Select All then takes just the matches', async () => {
    const { listQueries, sent } = tagsApi();
    const { user } = renderTags();
    await screen.findByText('Squats', { selector: 'td' });

    await user.type(screen.getByRole('searchbox', { name: 'Search tags' }), 'pro{Enter}');
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ q: 'pro', page: '1' }));
    await waitFor(() => expect(screen.queryByText('Squats', { selector: 'td' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Select All/ }));
    await user.click(screen.getByRole('button', { name: /Delete/ }));
    await user.click(within(await findDialog('Delete tags?')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', body: { ids: [protein.id] } }]));
  });
});
