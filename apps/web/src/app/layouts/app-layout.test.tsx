import { screen, waitFor, within } from '@testing-library/react';
import { messageTexts } from '@fitpost/contract';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getFlag, setFlag, storageKeys } from '@/lib/session';
import {
  adminUser,
  makeConnection,
  meHandler,
  noAutoPostsHandlers,
  savePropertiesHandler,
  noPostsHandler,
  memberUser,
} from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';

// The dashboard lists the member's next posts and Auto-Posts, the calendar draws posts and Auto-Posts;
// these tests are not about them.
const noCalendarPostsHandler = http.get('/api/posts/calendar', () =>
  HttpResponse.json({ items: [], truncated: false }),
);
// The composer reads the member's accounts and next queue slot, My Results the member's figures.
const noTotals = { impressions: null, likes: null, comments: null, shares: null, clicks: null };
const screenDataHandlers = [
  http.get('/api/social/connections', () => HttpResponse.json([])),
  http.get('/api/queue', () =>
    HttpResponse.json({ timeZone: 'UTC', nextFree: null, usualConnectionIds: [] }),
  ),
  http.get('/api/stats/me', () =>
    HttpResponse.json({
      from: '2026-10-26',
      to: '2026-11-24',
      timeZone: 'UTC',
      published: { current: 0, previous: 0 },
      byNetwork: [],
      engagement: { current: noTotals, previous: noTotals },
      perDay: [],
      best: [],
      recent: [],
    }),
  ),
];
beforeEach(() =>
  server.use(noPostsHandler, noCalendarPostsHandler, ...noAutoPostsHandlers, ...screenDataHandlers),
);

/** The library's screens (Browse Library, My Favorites) with nothing in them. */
const emptyPage = { items: [], total: 0, page: 1, pageSize: 24 };
const emptyLibrary = [
  http.get('/api/content', () => HttpResponse.json(emptyPage)),
  http.get('/api/favorite', () => HttpResponse.json(emptyPage)),
  http.get('/api/brand', () => HttpResponse.json(emptyPage)),
  http.get('/api/tag', () => HttpResponse.json(emptyPage)),
];

function sidebar() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('sidebar', () => {
  it('shows members their items in the spec order, without Administration or Reports', async () => {
    server.use(meHandler);
    renderApp('/app/dashboard', { user: memberUser });
    await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' });

    const links = within(sidebar())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Recommended Posts', '/app/dashboard'],
      ['Schedule a Post', '/app/posts'],
      ['Calendar', '/app/calendar'],
      ['Create New', '/app/posts/post'],
      ['Browse Library', '/app/content'],
      ['My Favorites', '/app/saved'],
      ['My Results', '/app/stats'],
      ['Account', '/app/settings'],
    ]);
    expect(within(sidebar()).getByText('Stats')).toBeInTheDocument();
    expect(within(sidebar()).queryByText('Administration')).not.toBeInTheDocument();
    expect(within(sidebar()).queryByText('Reports')).not.toBeInTheDocument();
  });

  it('adds the Administration and Reports groups for admins', async () => {
    server.use(meHandler);
    renderApp('/app/dashboard', { user: adminUser });
    await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' });

    expect(await within(sidebar()).findByText('Administration')).toBeInTheDocument();
    expect(within(sidebar()).getByText('Reports')).toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/app/manage/users',
    );
    // One link to the reports' index, not one per report; 'Settings' once (issue 26).
    expect(
      within(within(sidebar()).getByRole('list', { name: 'Reports' })).getAllByRole('link'),
    ).toHaveLength(1);
    expect(within(sidebar()).getByRole('link', { name: 'All Reports' })).toHaveAttribute(
      'href',
      '/app/manage/reports',
    );
    expect(within(sidebar()).queryByRole('link', { name: 'Top Users' })).not.toBeInTheDocument();
    expect(within(sidebar()).getAllByText('Settings')).toHaveLength(1);
    expect(within(sidebar()).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/app/manage/settings',
    );
  });

  it('marks Create New, not Schedule a Post, as current on /app/posts/post', async () => {
    server.use(meHandler);
    renderApp('/app/posts/post', { user: memberUser });
    await screen.findByRole('heading', { level: 1, name: 'Create New' });

    expect(within(sidebar()).getByRole('link', { name: 'Create New' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sidebar()).getByRole('link', { name: 'Schedule a Post' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('follows navigation', async () => {
    server.use(meHandler);
    const { user } = renderApp('/app/dashboard', { user: memberUser });
    await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' });

    await user.click(within(sidebar()).getByRole('link', { name: 'Calendar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('link', { name: 'Recommended Posts' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('collapses with the labelled toggle', async () => {
    server.use(meHandler);
    const { user } = renderApp('/app/dashboard', { user: memberUser });
    const toggle = await screen.findByRole('button', { name: 'Collapse navigation' });

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Icons only: each link keeps its name (and shows it on hover), the groups keep theirs.
    const calendar = within(sidebar()).getByRole('link', { name: 'Calendar' });
    expect(calendar).toHaveAttribute('title', 'Calendar');
    expect(within(sidebar()).getByRole('list', { name: 'Stats' })).toContainElement(
      within(sidebar()).getByRole('link', { name: 'My Results' }),
    );
  });

  it('lists the links under their group names, Tab moving from one to the next', async () => {
    server.use(meHandler);
    const { user } = renderApp('/app/dashboard', { user: memberUser });
    await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' });

    const settings = within(sidebar()).getByRole('list', { name: 'Your account' });
    expect(
      within(settings)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Account']);
    expect(within(sidebar()).getByRole('link', { name: 'Calendar' })).not.toHaveAttribute('title');
    within(sidebar()).getByRole('link', { name: 'Schedule a Post' }).focus();
    await user.tab();
    expect(within(sidebar()).getByRole('link', { name: 'Calendar' })).toHaveFocus();
  });
});

describe('narrow screens', () => {
  it('puts the menu in a drawer opened by the toggle', async () => {
    const width = window.innerWidth;
    window.innerWidth = 600;
    try {
      server.use(meHandler, ...emptyLibrary);
      const { user } = renderApp('/app/dashboard', { user: memberUser });
      await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' });
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Open navigation' }));
      const drawer = await screen.findByRole('dialog');
      await user.click(within(drawer).getByRole('link', { name: 'My Favorites' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'My Favorites' })).toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });

  it('takes focus into the drawer, keeps the page behind it out of reach, and gives focus back on Escape', async () => {
    const width = window.innerWidth;
    window.innerWidth = 600;
    try {
      server.use(meHandler);
      const { user } = renderApp('/app/dashboard', { user: memberUser });
      await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' });
      const toggle = screen.getByRole('button', { name: 'Open navigation' });

      await user.click(toggle);
      const drawer = await screen.findByRole('dialog', { name: 'FitPost' });
      expect(drawer).toHaveAttribute('aria-modal', 'true');
      expect(drawer).toHaveFocus();
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('main', { hidden: true }).closest('[inert]')).not.toBeNull();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() => expect(toggle).toHaveFocus());
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(document.querySelector('[inert]')).toBeNull();

      // Its Close button closes it too.
      await user.click(toggle);
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });
});

describe('access', () => {
  it('sends a member away from /app/manage to /, which leads to the dashboard', async () => {
    server.use(meHandler);
    const { router } = renderApp('/app/manage/users', { user: memberUser });

    expect(await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('lets an admin open an administration area', async () => {
    server.use(
      meHandler,
      http.get('/api/message', () =>
        HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20, unread: 0 }),
      ),
    );
    renderApp('/app/manage/messages', { user: adminUser });

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(await screen.findByText(messageTexts.empty)).toBeInTheDocument();
  });
});

describe('stored filter', () => {
  it('is kept while on /app/content and cleared when leaving it', async () => {
    server.use(meHandler, ...emptyLibrary);
    setFlag(storageKeys.filter, 'q=hiit&recommended=true');
    const { user } = renderApp('/app/content', { user: memberUser });
    await screen.findByRole('heading', { level: 1, name: 'Browse Library' });
    expect(await screen.findByRole('searchbox', { name: 'Search the library' })).toHaveValue('hiit');
    expect(getFlag(storageKeys.filter)).toBe('q=hiit&recommended=true');

    await user.click(within(sidebar()).getByRole('link', { name: 'My Favorites' }));
    await screen.findByRole('heading', { level: 1, name: 'My Favorites' });
    expect(getFlag(storageKeys.filter)).toBeNull();
  });

  it('is cleared when leaving /app/posts/post, and untouched elsewhere', async () => {
    server.use(meHandler);
    const { user } = renderApp('/app/calendar', { user: memberUser });
    await screen.findByRole('heading', { level: 1, name: 'Calendar' });
    setFlag(storageKeys.filter, 'kept');
    await user.click(within(sidebar()).getByRole('link', { name: 'My Results' }));
    await screen.findByRole('heading', { level: 1, name: 'My Results' });
    expect(getFlag(storageKeys.filter)).toBe('kept');

    await user.click(within(sidebar()).getByRole('link', { name: 'Create New' }));
    await screen.findByRole('heading', { level: 1, name: 'Create New' });
    await user.click(within(sidebar()).getByRole('link', { name: 'Calendar' }));
    await screen.findByRole('heading', { level: 1, name: 'Calendar' });
    expect(getFlag(storageKeys.filter)).toBeNull();
  });
});

describe('top bar', () => {
  it("'Take a Tour' shows the tour on the dashboard: connect, pick from the library, queue it; remembered on the server", async () => {
    const saved: unknown[] = [];
    server.use(meHandler, savePropertiesHandler(saved));
    const { user, router } = renderApp('/app/dashboard', { user: memberUser });
    await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' });
    expect(screen.queryByText('1. Connect your accounts')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Take a Tour' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(getFlag(storageKeys.tutorial)).toBeNull();
    await waitFor(() => expect(saved).toEqual([{ tourSeen: 'false' }]));
    expect(await screen.findByText('1. Connect your accounts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect accounts' })).toHaveAttribute(
      'href',
      '/app/settings?tab=social-platforms',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('2. Pick a post from the library')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('3. Add it to your queue')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(getFlag(storageKeys.tutorial)).toBe('true'));
    await waitFor(() => expect(saved).toEqual([{ tourSeen: 'false' }, { tourSeen: 'true' }]));
    expect(screen.queryByText('3. Add it to your queue')).not.toBeInTheDocument();
  });

  it('skips what the member has done, leaves the navigation usable, and one click closes it for good (issue 26)', async () => {
    const saved: unknown[] = [];
    server.use(
      meHandler,
      savePropertiesHandler(saved),
      http.get('/api/social/connections', () => HttpResponse.json([makeConnection()])),
    );
    const { user } = renderApp('/app/dashboard', { user: memberUser, tourDue: true });

    // Two accounts connected already: the tour starts at the library, numbered from 1.
    expect(await screen.findByText('1. Pick a post from the library')).toBeInTheDocument();
    expect(screen.queryByText(/Connect your accounts/)).not.toBeInTheDocument();
    // Nothing over the page catches clicks: the sidebar stays within reach beside the tour.
    const mask = document.querySelector<HTMLElement>('.ant-tour-mask');
    expect(mask?.style.pointerEvents).toBe('none');
    expect(mask?.querySelector('svg')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(saved).toEqual([{ tourSeen: 'true' }]));
    expect(screen.queryByText('1. Pick a post from the library')).not.toBeInTheDocument();
  });

  it('does not show the tour in a new browser to a member who saw it elsewhere', async () => {
    server.use(meHandler);
    const seenElsewhere = { ...memberUser, properties: [{ name: 'tourSeen', value: 'true' }] };
    renderApp('/app/dashboard', { user: seenElsewhere, tourDue: true });
    await screen.findByRole('heading', { level: 1, name: 'Recommended Posts' });

    expect(getFlag(storageKeys.tutorial)).toBeNull();
    expect(screen.queryByText('1. Connect your accounts')).not.toBeInTheDocument();
  });

  it('the user menu links to the profile, the user navigation and logout (spec §2)', async () => {
    server.use(meHandler);
    const { user } = renderApp('/app/dashboard', { user: memberUser });
    const trigger = await screen.findByRole('button', { name: `Account menu for ${memberUser.fullName}` });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: /Profile/ })).toHaveAttribute(
      'href',
      memberUser.profileUrl,
    );
    expect(within(menu).getByRole('link', { name: /Profile/ })).toHaveAttribute('target', '_blank');
    expect(within(menu).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/app/settings/messages',
    );
    // Each names the place as the sidebar does too (issue 26).
    for (const [name, href] of [
      ['Home · Recommended Posts', '/app/dashboard'],
      ['Content · Browse Library', '/app/content'],
      ['Calendar', '/app/calendar'],
      ['Stats · My Results', '/app/stats'],
      ['Settings · Account', '/app/settings'],
    ]) {
      expect(within(menu).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(menu).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/app/logout');

    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('refreshes the stored user from GET /api/user/me, keeping the token', async () => {
    const { http, HttpResponse } = await import('msw');
    const { token: _token, ...me } = { ...memberUser, fullName: 'Zoë Renamed' };
    server.use(http.get('/api/user/me', () => HttpResponse.json(me)));
    renderApp('/app/dashboard', { user: memberUser });

    expect(await screen.findByText('Zoë Renamed')).toBeInTheDocument();
    const { getStoredUser } = await import('@/lib/session');
    expect(getStoredUser()).toMatchObject({ fullName: 'Zoë Renamed', token: memberUser.token });
  });
});
