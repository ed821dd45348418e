import type { FacebookChoice, SocialConnection } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { findDialog } from '@/test/antd';
import { makeConnection, memberUser } from '@/test/fixtures';
import { postFrom, stubWindowOpen } from '@/test/popup';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { SocialPlatformsPanel } from './social-platforms-panel';

const linkedIn = makeConnection();
const x = makeConnection({
  id: '4d2e3f4a-5b6c-4d7e-8f9a-1b2c3d4e5f6a',
  network: 'x',
  accountId: 'x-1',
  accountName: 'Zoë Lifts',
  handle: 'zoelifts',
  pictureUrl: '',
  status: 'needs_reconnect',
  statusReason: 'X revoked FitPost’s access on 5/1/2025.',
  connectedAt: '2025-01-20T09:00:00.000Z',
});
const instagram = makeConnection({
  id: '5e3f4a5b-6c7d-4e8f-9a0b-2c3d4e5f6a7b',
  network: 'instagram',
  accountId: 'ig-1',
  accountName: 'Zoë Strength Studio',
  handle: 'zoe.strength',
});

/** GET /api/social/connections answering from a list the test may change; records DELETEs. */
function connectionsApi(initial: SocialConnection[]) {
  let list = initial;
  const deleted: string[] = [];
  server.use(
    http.get('/api/social/connections', () => HttpResponse.json(list)),
    http.delete('/api/social/connections/:id', ({ params }) => {
      deleted.push(String(params.id));
      list = list.filter((connection) => connection.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return {
    deleted,
    set: (next: SocialConnection[]) => {
      list = next;
    },
  };
}

/** The panel on its own; features/settings/routes/settings.test.tsx covers it inside the settings screen. */
function renderPanel() {
  return renderScreen(<SocialPlatformsPanel />, { user: memberUser, path: '/app/settings' });
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`${text} is not in a table row`);
  return row;
}

describe('Settings › Social Platforms', () => {
  it("lists the member's connections with network, account, status and connected date", async () => {
    connectionsApi([linkedIn, x, instagram]);
    renderPanel();

    expect(await screen.findByRole('heading', { level: 2, name: 'Social Platforms' })).toBeInTheDocument();
    await screen.findByText('Zoë Lifts');

    const linkedInRow = rowOf('Zoë Coaching');
    expect(linkedInRow).toHaveTextContent('LinkedIn');
    expect(linkedInRow).toHaveTextContent('Connected');
    expect(linkedInRow).toHaveTextContent('3/4/2025');
    expect(within(linkedInRow).getByRole('img', { name: 'Profile picture of Zoë Coaching' })).toHaveAttribute(
      'src',
      'https://media.example.org/zoe.png',
    );
    expect(within(linkedInRow).queryByRole('button', { name: /Reconnect/ })).not.toBeInTheDocument();

    const xRow = rowOf('Zoë Lifts');
    expect(xRow).toHaveTextContent('X');
    expect(xRow).toHaveTextContent('@zoelifts');
    expect(xRow).toHaveTextContent('Needs reconnect');
    expect(xRow).toHaveTextContent('1/20/2025');
    const reconnect = within(xRow).getByRole('button', { name: 'Reconnect X account Zoë Lifts' });
    expect(reconnect).toHaveAccessibleDescription('X revoked FitPost’s access on 5/1/2025.');

    const instagramRow = rowOf('Zoë Strength Studio');
    expect(instagramRow).toHaveTextContent('Instagram');
    expect(instagramRow).toHaveTextContent('@zoe.strength');
    expect(
      within(instagramRow).getByRole('button', { name: 'Disconnect Instagram account Zoë Strength Studio' }),
    ).toBeEnabled();
  });

  it('explains why to connect when nothing is connected yet', async () => {
    connectionsApi([]);
    renderPanel();

    expect(await screen.findByText('No social accounts connected yet')).toBeInTheDocument();
    expect(screen.getByText(/so FitPost can publish your scheduled posts/)).toBeInTheDocument();
  });

  it('offers Retry when the list cannot be loaded', async () => {
    let failing = true;
    server.use(
      http.get('/api/social/connections', () =>
        failing
          ? HttpResponse.json(
              { error: { code: 'internal', message: 'Database unavailable' } },
              { status: 503 },
            )
          : HttpResponse.json([linkedIn]),
      ),
    );
    const { user } = renderPanel();

    expect(await screen.findByText('Your connections could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Zoë Coaching')).toBeInTheDocument();
  });

  it('disconnects after confirmation, then refetches the list', async () => {
    const api = connectionsApi([linkedIn, x]);
    const { user } = renderPanel();
    await screen.findByText('Zoë Lifts');

    await user.click(screen.getByRole('button', { name: 'Disconnect X account Zoë Lifts' }));
    expect(await screen.findByText('Disconnect X account Zoë Lifts?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(api.deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Disconnect X account Zoë Lifts' }));
    const confirm = await screen.findByRole('button', { name: 'Disconnect' });
    await user.click(confirm);

    await waitFor(() => expect(api.deleted).toEqual([x.id]));
    expect(await screen.findByText('X account Zoë Lifts disconnected.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Zoë Lifts')).not.toBeInTheDocument());
    expect(screen.getByText('Zoë Coaching')).toBeInTheDocument();
  });

  it("'Add New Connection' offers X, LinkedIn, Facebook Page and Instagram", async () => {
    connectionsApi([]);
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Add New Connection' }));
    const dialog = await findDialog('Choose a Network to Connect');
    const choices = within(dialog)
      .getAllByRole('button')
      .filter((button) => button.classList.contains('network-choice'));
    expect(choices.map((button) => button.getAttribute('aria-label'))).toEqual([
      'X',
      'LinkedIn',
      'Facebook Page',
      'Instagram',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Instagram' })).toHaveAccessibleDescription(
      /linked to your Facebook Pages\. You sign in with Facebook\./,
    );
  });

  it('connects X by sending the browser to its authorize page', async () => {
    connectionsApi([]);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    server.use(
      http.get('/api/social/twitter/authorizeurl', () =>
        HttpResponse.json({ url: 'https://x.example/oauth/authorize?oauth_token=tok' }),
      ),
    );
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Add New Connection' }));
    await user.click(
      within(await findDialog('Choose a Network to Connect')).getByRole('button', { name: 'X' }),
    );

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://x.example/oauth/authorize?oauth_token=tok'),
    );
  });

  it('Reconnect starts the same flow for that network', async () => {
    connectionsApi([x]);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    server.use(
      http.get('/api/social/twitter/authorizeurl', () =>
        HttpResponse.json({ url: 'https://x.example/oauth/authorize?oauth_token=again' }),
      ),
    );
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Reconnect X account Zoë Lifts' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://x.example/oauth/authorize?oauth_token=again'),
    );
  });

  it('connects LinkedIn through the popup and refreshes the list', async () => {
    const api = connectionsApi([]);
    const { popup, open } = stubWindowOpen();
    const authorizeStates: { query: string | null; stored: string | null }[] = [];
    const authenticated: unknown[] = [];
    server.use(
      http.get('/api/social/linkedin/authorizeurl', ({ request }) => {
        authorizeStates.push({
          query: new URL(request.url).searchParams.get('state'),
          stored: localStorage.getItem('linkedin_oauth2_state'),
        });
        return HttpResponse.json({ url: 'https://linkedin.example/oauth/v2/authorization?state=s' });
      }),
      http.post('/api/social/linkedin/authenticate', async ({ request }) => {
        authenticated.push(await request.json());
        api.set([linkedIn]);
        return HttpResponse.json(linkedIn);
      }),
    );
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Add New Connection' }));
    await user.click(
      within(await findDialog('Choose a Network to Connect')).getByRole('button', { name: 'LinkedIn' }),
    );

    expect(open).toHaveBeenCalledWith(
      '',
      expect.stringMatching(/^fitpost-linkedin-login-[A-Za-z0-9]{20}$/),
      expect.stringMatching(/width=600,height=600/),
    );
    await waitFor(() =>
      expect(popup.location.href).toBe('https://linkedin.example/oauth/v2/authorization?state=s'),
    );
    const [{ query: state, stored }] = authorizeStates as [{ query: string; stored: string }];
    expect(state).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(stored).toBe(state);
    expect(screen.getByText('Finish signing in to LinkedIn in the window that opened.')).toBeInTheDocument();

    postFrom(popup, { type: 'fitpost:oauth', network: 'linkedin', code: 'li-code', state });

    // The same banner as X's redirect gives, not a passing pop-up message.
    expect(await screen.findByText('LinkedIn account Zoë Coaching is connected.')).toBeInTheDocument();
    expect(
      screen.getByText('LinkedIn account Zoë Coaching is connected.').closest('.ant-alert-success'),
    ).not.toBeNull();
    expect(authenticated).toEqual([{ code: 'li-code', state }]);
    expect(popup.close).toHaveBeenCalled();
    expect(await screen.findByRole('img', { name: 'Profile picture of Zoë Coaching' })).toBeInTheDocument();
  });

  it("reports 'User closed the popup' when the member closes the LinkedIn window", async () => {
    connectionsApi([]);
    const { popup } = stubWindowOpen();
    server.use(
      http.get('/api/social/linkedin/authorizeurl', () =>
        HttpResponse.json({ url: 'https://linkedin.example/oauth/v2/authorization' }),
      ),
    );
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Add New Connection' }));
    await user.click(
      within(await findDialog('Choose a Network to Connect')).getByRole('button', { name: 'LinkedIn' }),
    );
    await waitFor(() => expect(popup.location.href).not.toBe(''));
    popup.closed = true;

    expect(await screen.findByText('User closed the popup')).toBeInTheDocument();
    expect(screen.queryByText(/Finish signing in/)).not.toBeInTheDocument();
  });

  it('adds the Facebook Pages and Instagram accounts the member ticks', async () => {
    const api = connectionsApi([]);
    const { popup } = stubWindowOpen();
    const choice: FacebookChoice = {
      pendingId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
      pages: [
        {
          pageId: 'page-1',
          name: 'Zoë Strength Studio',
          pictureUrl: 'https://media.example.org/page-1.png',
          instagram: {
            igUserId: 'ig-1',
            username: 'zoe.strength',
            pictureUrl: 'https://media.example.org/ig-1.png',
          },
        },
        { pageId: 'page-2', name: 'Morning Bootcamp', pictureUrl: '', instagram: null },
      ],
    };
    const authorizeQueries: (string | null)[] = [];
    const authenticated: unknown[] = [];
    const connected: unknown[] = [];
    server.use(
      http.get('/api/social/facebook/authorizeurl', ({ request }) => {
        authorizeQueries.push(new URL(request.url).searchParams.get('state'));
        return HttpResponse.json({ url: 'https://facebook.example/dialog/oauth' });
      }),
      http.post('/api/social/facebook/authenticate', async ({ request }) => {
        authenticated.push(await request.json());
        return HttpResponse.json(choice);
      }),
      http.post('/api/social/facebook/connect', async ({ request }) => {
        connected.push(await request.json());
        const added = [
          makeConnection({
            id: '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e',
            network: 'facebook',
            accountId: 'page-2',
            accountName: 'Morning Bootcamp',
          }),
          instagram,
        ];
        api.set(added);
        return HttpResponse.json(added);
      }),
    );
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Add New Connection' }));
    await user.click(
      within(await findDialog('Choose a Network to Connect')).getByRole('button', { name: 'Instagram' }),
    );
    await waitFor(() => expect(popup.location.href).toBe('https://facebook.example/dialog/oauth'));
    const state = authorizeQueries[0] ?? '';
    expect(localStorage.getItem('facebook_oauth2_state')).toBe(state);
    postFrom(popup, { type: 'fitpost:oauth', network: 'facebook', code: 'fb-code', state });

    const dialog = await findDialog('Choose accounts to add');
    expect(authenticated).toEqual([{ code: 'fb-code', state }]);
    const add = within(dialog).getByRole('button', { name: 'Add Selected' });
    expect(add).toBeDisabled();
    expect(within(dialog).getByRole('group', { name: 'Facebook Pages' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Morning Bootcamp/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /@zoe\.strength/ }));
    expect(within(dialog).getByRole('checkbox', { name: 'Zoë Strength Studio' })).not.toBeChecked();
    await user.click(add);

    expect(await screen.findByText('2 accounts are connected.')).toBeInTheDocument();
    expect(connected).toEqual([{ pendingId: choice.pendingId, pageIds: ['page-2'], instagramIds: ['ig-1'] }]);
    expect(await screen.findByText('Morning Bootcamp')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Choose accounts to add')).not.toBeInTheDocument());
  });

  it('explains when the Facebook account manages no Pages', async () => {
    connectionsApi([]);
    const { popup } = stubWindowOpen();
    let state = '';
    server.use(
      http.get('/api/social/facebook/authorizeurl', ({ request }) => {
        state = new URL(request.url).searchParams.get('state') ?? '';
        return HttpResponse.json({ url: 'https://facebook.example/dialog/oauth' });
      }),
      http.post('/api/social/facebook/authenticate', () =>
        HttpResponse.json({ pendingId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', pages: [] }),
      ),
    );
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Add New Connection' }));
    await user.click(
      within(await findDialog('Choose a Network to Connect')).getByRole('button', { name: 'Facebook Page' }),
    );
    await waitFor(() => expect(state).not.toBe(''));
    postFrom(popup, { type: 'fitpost:oauth', network: 'facebook', code: 'fb-code', state });

    const dialog = await findDialog('Choose accounts to add');
    expect(within(dialog).getByText(/doesn't manage any Facebook Pages/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
