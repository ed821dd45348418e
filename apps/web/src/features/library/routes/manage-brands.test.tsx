import type { Brand } from '@fitpost/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chooseOption, findDialog } from '@/test/antd';
import { adminUser, makeMedia } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { makeBrand } from '../testing';
import { ManageBrandsRoute } from './manage-brands';

const strength = makeBrand({ itemCount: 3, contentCount: 2 });
const fuel = makeBrand({
  id: 'b0000000-0000-4000-8000-000000000002',
  name: 'Fuel Kitchen',
  description: 'Simple meals for busy coaches.',
  colour: '#2f7d6d',
  website: 'https://fuel.example/',
  contentCount: 0,
  itemCount: 0,
});
const logo = makeMedia({
  id: 'd0000000-0000-4000-8000-000000000007',
  url: 'http://localhost:3000/media/d0000000-0000-4000-8000-000000000007.png',
  mimeType: 'image/png',
});

function brandsApi() {
  let brands: Brand[] = [fuel, strength];
  const sent: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    http.get('/api/brand', () =>
      HttpResponse.json({ items: brands, total: brands.length, page: 1, pageSize: 20 }),
    ),
    http.post('/api/media', () => HttpResponse.json(logo, { status: 201 })),
    http.post('/api/brand', async ({ request }) => {
      const body = (await request.json()) as Brand;
      sent.push({ method: 'POST', path: '/api/brand', body });
      const created = makeBrand({ ...body, id: 'b0000000-0000-4000-8000-000000000009', itemCount: 0 });
      brands = [...brands, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/api/brand/:id', async ({ request, params }) => {
      const body = (await request.json()) as Brand;
      sent.push({ method: 'PUT', path: `/api/brand/${String(params.id)}`, body });
      return HttpResponse.json({ ...strength, ...body });
    }),
    http.delete('/api/brand/:id', ({ request, params }) => {
      const url = new URL(request.url);
      sent.push({ method: 'DELETE', path: `${url.pathname}${url.search}` });
      brands = brands.filter((b) => b.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { sent };
}

const renderBrands = () =>
  renderScreen(<ManageBrandsRoute />, { user: adminUser, path: '/app/manage/brands' });

describe('/app/manage/brands', () => {
  it('lists the brands with their websites and content, and adds one with a logo, color and website', async () => {
    const { sent } = brandsApi();
    const { user } = renderBrands();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Brands' })).toBeInTheDocument();
    const fuelRow = (await screen.findByText('Fuel Kitchen')).closest('tr');
    expect(fuelRow).toHaveTextContent('fuel.example');
    expect(screen.getByText('Strength Lab').closest('tr')).toHaveTextContent('3');

    await user.click(screen.getByRole('button', { name: /Add Brand/ }));
    const drawer = await findDialog('Add Brand');
    await user.click(within(drawer).getByRole('button', { name: 'Add Brand' }));
    expect(await within(drawer).findByText('Please name the brand')).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('Name'), 'Core Collective');
    await user.type(within(drawer).getByLabelText('Description'), 'Pilates and core');
    // jsdom's File bytes do not reach msw; the server's answer is what the form keeps.
    const file = new File(['png'], 'core.png', { type: 'image/png' });
    fireEvent.change(within(drawer).getByLabelText('Logo'), { target: { files: [file] } });
    expect(await within(drawer).findByRole('img', { name: 'The logo chosen' })).toHaveAttribute(
      'src',
      logo.url,
    );
    await user.type(within(drawer).getByLabelText('Color'), 'teal');
    await user.type(within(drawer).getByLabelText('Website'), 'core.example');
    await user.click(within(drawer).getByRole('button', { name: 'Add Brand' }));
    expect(
      await within(drawer).findByText('Choose a color written #rrggbb, such as #1d3b6f'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Enter the website as an http:// or https:// URL')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(drawer).getByLabelText('Color'));
    await user.type(within(drawer).getByLabelText('Color'), '#1D3B6F');
    await user.clear(within(drawer).getByLabelText('Website'));
    await user.type(within(drawer).getByLabelText('Website'), 'https://core.example');
    await user.click(within(drawer).getByRole('button', { name: 'Add Brand' }));
    expect(await screen.findByText('Core Collective added.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/brand',
        body: {
          name: 'Core Collective',
          description: 'Pilates and core',
          logoMediaId: logo.id,
          colour: '#1D3B6F',
          website: 'https://core.example',
        },
      },
    ]);
    expect(await screen.findByText('Core Collective', { selector: 'td span' })).toBeInTheDocument();
  });

  it('Edit <name> opens the brand’s details and saves them with PUT', async () => {
    const { sent } = brandsApi();
    const { user } = renderBrands();
    await user.click(await screen.findByRole('button', { name: 'Edit Fuel Kitchen' }));
    const drawer = await findDialog('Edit Fuel Kitchen');
    expect(within(drawer).getByLabelText('Name')).toHaveValue('Fuel Kitchen');
    expect(within(drawer).getByLabelText('Color')).toHaveValue('#2f7d6d');
    expect(within(drawer).getByLabelText('Website')).toHaveValue('https://fuel.example/');
    await user.clear(within(drawer).getByLabelText('Name'));
    await user.type(within(drawer).getByLabelText('Name'), 'Fuel Kitchen Co');
    await user.clear(within(drawer).getByLabelText('Website'));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fuel Kitchen Co saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: `/api/brand/${fuel.id}`,
        body: {
          id: fuel.id,
          name: 'Fuel Kitchen Co',
          description: 'Simple meals for busy coaches.',
          logoMediaId: null,
          colour: '#2f7d6d',
          website: null,
        },
      },
    ]);
  });

  it('deletes an unused brand after one confirmation; a used one only after choosing where its items move', async () => {
    const { sent } = brandsApi();
    const { user } = renderBrands();
    await user.click(await screen.findByRole('button', { name: 'Delete Strength Lab' }));
    const modal = await findDialog('Delete Strength Lab?');
    expect(modal).toHaveTextContent('Strength Lab is used by 3 content items.');
    const ok = within(modal).getByRole('button', { name: 'Move and Delete' });
    expect(ok).toBeDisabled();
    await user.click(within(modal).getByRole('combobox', { name: 'Move its content to' }));
    await chooseOption(user, 'Fuel Kitchen');
    await user.click(ok);
    expect(await screen.findByText('Strength Lab deleted.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', path: `/api/brand/${strength.id}?moveTo=${fuel.id}` }]);

    await user.click(screen.getByRole('button', { name: 'Delete Fuel Kitchen' }));
    const unused = await findDialog('Delete Fuel Kitchen?');
    expect(unused).toHaveTextContent('No content uses Fuel Kitchen.');
    await user.click(within(unused).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Fuel Kitchen deleted.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ method: 'DELETE', path: `/api/brand/${fuel.id}` });
    await waitFor(() =>
      expect(screen.queryByText('Fuel Kitchen', { selector: 'td span' })).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s refusal when a brand cannot be deleted', async () => {
    brandsApi();
    server.use(
      http.delete('/api/brand/:id', () =>
        HttpResponse.json(
          {
            error: {
              code: 'conflict',
              message: 'Fuel Kitchen is used by 1 content item. Move it to another brand to delete it.',
            },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderBrands();
    await user.click(await screen.findByRole('button', { name: 'Delete Fuel Kitchen' }));
    const modal = await findDialog('Delete Fuel Kitchen?');
    await user.click(within(modal).getByRole('button', { name: 'Delete' }));
    expect(await within(modal).findByText('Fuel Kitchen was not deleted.')).toBeInTheDocument();
    expect(modal).toHaveTextContent(
      'Fuel Kitchen is used by 1 content item. Move it to another brand to delete it.',
    );
  });
});
