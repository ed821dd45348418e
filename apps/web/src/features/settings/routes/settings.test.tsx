import { emailKindLabels, emailKinds } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getFlag, getStoredUser, setFlag, storageKeys } from '@/lib/session';
import { chooseOption, findDialog } from '@/test/antd';
import {
  makeConnection,
  makeUser,
  meHandler,
  noAutoPostsHandlers,
  savePropertiesHandler,
  noPostsHandler,
} from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';

const user = makeUser({ properties: [{ name: 'timeZone', value: 'America/Chicago' }] });
/** The Social Platforms tab (composed in from the social feature by app/settings-page.tsx) lists connections. */
const noConnections = http.get('/api/social/connections', () => HttpResponse.json([]));
/** System Settings and the welcome screen's Step 2 show the Auto-Post opt-in (from the autopost feature). */
const noAutoPostAccounts = http.get('/api/autoposts/settings', () => HttpResponse.json({ accounts: [] }));
/** System Settings shows the posting queue's slots. */
const suggestedSlots = {
  timeZone: 'America/Chicago',
  slots: [
    { weekday: 1, time: '09:00' },
    { weekday: 3, time: '12:30' },
  ],
  isDefault: true,
  nextFree: '2026-11-30T15:00:00.000Z',
};
const queueHandlers = [
  http.get('/api/queue/slots', () => HttpResponse.json(suggestedSlots)),
  // Beside the slots: the suggested times (features/settings/components/queue-suggestions.test.tsx).
  http.get('/api/queue/suggestions', () =>
    HttpResponse.json({ basis: 'default', posts: 0, timeZone: 'America/Chicago', slots: [] }),
  ),
];
const emailKindsOn = (enabled = true) => ({
  enabled,
  kinds: emailKinds.map((kind) => ({ kind, label: emailKindLabels[kind], email: true })),
});
/** System Settings also shows the email switches. */
const emailPreferences = http.get('/api/email/preferences', () => HttpResponse.json(emailKindsOn()));

/** System Settings with a posting time removed (not saved), then a link to the dashboard followed. */
async function editQueueThenLeave() {
  server.use(
    meHandler,
    noAutoPostAccounts,
    ...queueHandlers,
    emailPreferences,
    noPostsHandler,
    ...noAutoPostsHandlers,
  );
  const { user: clicker, router } = renderApp('/app/settings?tab=system-settings', { user });
  expect(await screen.findByRole('heading', { level: 2, name: 'Posting Queue' })).toBeInTheDocument();
  await clicker.click(screen.getByRole('button', { name: 'Remove Monday 9:00 AM' }));
  void router.navigate('/app/dashboard');
  return { clicker, router };
}

describe('/app/settings', () => {
  it("opens on Social Platforms, showing the member's connections", async () => {
    server.use(meHandler, noConnections);
    renderApp('/app/settings', { user });

    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    // The title comes with the screen's skeleton at once; the tabs follow.
    expect(await screen.findByRole('tab', { name: 'Social Platforms' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('No social accounts connected yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Connection' })).toBeEnabled();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('saves the time zone as a user property and updates the stored user', async () => {
    const bodies: unknown[] = [];
    server.use(
      meHandler,
      http.put('/api/user/:id/properties', async ({ request, params }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push({ id: params.id, body });
        return HttpResponse.json([{ name: 'timeZone', value: body.timeZone }]);
      }),
      noAutoPostAccounts,
      ...queueHandlers,
      emailPreferences,
    );
    const { user: clicker } = renderApp('/app/settings?tab=system-settings', { user });

    expect(await screen.findByRole('tab', { name: 'System Settings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    expect(screen.getByTitle('America/Chicago')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Auto-Post' })).toBeInTheDocument();

    await clicker.click(select);
    await clicker.type(select, 'Tokyo');
    await chooseOption(clicker, 'Asia/Tokyo');
    expect(select.closest('.ant-select')).toHaveTextContent('Asia/Tokyo');
    await clicker.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Your settings are saved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: user.id, body: { timeZone: 'Asia/Tokyo' } }]);
    expect(getStoredUser()?.properties).toEqual([{ name: 'timeZone', value: 'Asia/Tokyo' }]);
  });

  it('saves My details for Auto-Posts as properties, checks the booking link and shows an example', async () => {
    const bodies: Record<string, string>[] = [];
    server.use(
      meHandler,
      http.put('/api/user/:id/properties', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, string>);
        return HttpResponse.json(
          bodies.map((b) => ({ name: Object.keys(b)[0], value: Object.values(b)[0] })),
        );
      }),
      noAutoPostAccounts,
      ...queueHandlers,
      emailPreferences,
    );
    const { user: clicker } = renderApp('/app/settings?tab=system-settings', { user });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'My details for Auto-Posts' }),
    ).toBeInTheDocument();
    const example = screen.getByTestId('auto-post-details-example');
    // Plain words for members: no {field} names anywhere in the section (issue 26).
    expect(screen.getByRole('region', { name: 'My details for Auto-Posts' })).not.toHaveTextContent(/[{}]/);
    // The sign-in name fills in until a display name is given; a missing city is left out.
    // No dangling "in." or "Book your first session:" (issue 26).
    expect(example).toHaveTextContent(`Hi, I’m ${user.fullName.split(' ')[0]} from my studio.`);
    expect(example).not.toHaveTextContent('Book');
    await clicker.type(screen.getByLabelText('Display name'), 'Sam {{city} Lee');
    await clicker.type(screen.getByLabelText('City'), 'Leeds');
    await clicker.type(screen.getByLabelText('Booking link'), 'book.example.com');
    expect(example).toHaveTextContent(
      'Hi, I’m Sam from my studio in Leeds. Book your first session: book.example.com',
    );
    await clicker.click(screen.getByRole('button', { name: 'Save My Details' }));
    expect(
      await screen.findByText('Enter a web address starting with https:// or http://.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await clicker.clear(screen.getByLabelText('Booking link'));
    await clicker.type(screen.getByLabelText('Booking link'), 'https://book.example.com/sam');
    await clicker.click(screen.getByRole('button', { name: 'Save My Details' }));
    expect(await screen.findByText('Your details are saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { 'autoPost.displayName': 'Sam {city} Lee' },
      { 'autoPost.city': 'Leeds' },
      { 'autoPost.bookingLink': 'https://book.example.com/sam' },
    ]);
    expect(getStoredUser()?.properties).toContainEqual({ name: 'autoPost.city', value: 'Leeds' });
  });

  it("shows the server's reason when saving fails", async () => {
    server.use(
      meHandler,
      http.put('/api/user/:id/properties', () =>
        HttpResponse.json({ error: { code: 'validation', message: 'Unknown time zone' } }, { status: 400 }),
      ),
      noAutoPostAccounts,
      ...queueHandlers,
      emailPreferences,
    );
    const { user: clicker } = renderApp('/app/settings?tab=system-settings', { user });

    await clicker.click(await screen.findByRole('button', { name: 'Save Settings' }));
    const alert = await screen.findByText('Your settings were not saved.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Unknown time zone');
    expect(getStoredUser()?.properties).toEqual(user.properties);
  });

  it('edits the posting queue: removes a time, adds one, saves the week', async () => {
    const bodies: unknown[] = [];
    server.use(
      meHandler,
      noAutoPostAccounts,
      ...queueHandlers,
      emailPreferences,
      http.put('/api/queue/slots', async ({ request }) => {
        const body = (await request.json()) as { slots: unknown[] };
        bodies.push(body);
        return HttpResponse.json({ ...suggestedSlots, slots: body.slots, isDefault: false });
      }),
    );
    const { user: clicker } = renderApp('/app/settings?tab=system-settings', { user });

    expect(await screen.findByRole('heading', { level: 2, name: 'Posting Queue' })).toBeInTheDocument();
    expect(screen.getByTestId('queue-next-free')).toHaveTextContent('11/30/2026 9:00 AM CST');
    expect(screen.getByRole('button', { name: 'Save Posting Times' })).toBeDisabled();
    await clicker.click(screen.getByRole('button', { name: 'Remove Monday 9:00 AM' }));
    await clicker.click(screen.getByRole('combobox', { name: 'Day' }));
    await chooseOption(clicker, 'Tuesday');
    const time = screen.getByLabelText('Time');
    await clicker.clear(time);
    await clicker.type(time, '07:30');
    await clicker.click(screen.getByRole('button', { name: 'Add Time' }));
    // The same time twice is refused on the spot.
    await clicker.click(screen.getByRole('button', { name: 'Add Time' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tuesday 7:30 AM is already in your week.');
    await clicker.click(screen.getByRole('button', { name: 'Save Posting Times' }));

    expect(await screen.findByText('Your posting times are saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        slots: [
          { weekday: 2, time: '07:30' },
          { weekday: 3, time: '12:30' },
        ],
      },
    ]);
  });

  it('asks before leaving the posting queue with unsaved changes: Stay keeps them (issue 26)', async () => {
    const { clicker, router } = await editQueueThenLeave();
    await clicker.click(
      within(await findDialog('Leave without saving?')).getByRole('button', { name: 'Stay' }),
    );
    await waitFor(() =>
      expect([...router.state.blockers.values()].map((blocker) => blocker.state)).toEqual(['unblocked']),
    );
    expect(router.state.location.pathname).toBe('/app/settings');
    expect(screen.getByRole('button', { name: 'Undo Changes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Monday 9:00 AM' })).not.toBeInTheDocument();
  });

  it('asks before leaving the posting queue with unsaved changes: Leave goes on (issue 26)', async () => {
    const { clicker, router } = await editQueueThenLeave();
    await clicker.click(
      within(await findDialog('Leave without saving?')).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  it('turns one kind of email off at once, for me, and shows it off', async () => {
    const bodies: unknown[] = [];
    server.use(
      meHandler,
      noAutoPostAccounts,
      ...queueHandlers,
      emailPreferences,
      http.put('/api/email/preferences', async ({ request }) => {
        const body = (await request.json()) as { kinds: { kind: string; email: boolean }[] };
        bodies.push(body);
        const saved = emailKindsOn();
        for (const k of saved.kinds) if (k.kind === body.kinds[0]?.kind) k.email = body.kinds[0].email;
        return HttpResponse.json(saved);
      }),
    );
    const { user: clicker } = renderApp('/app/settings?tab=system-settings', { user });

    expect(await screen.findByRole('heading', { level: 2, name: 'Email' })).toBeInTheDocument();
    const failed = await screen.findByRole('switch', { name: 'Email: A post failed' });
    expect(failed).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Email: Messages from your organization' })).toBeChecked();
    await clicker.click(failed);
    expect(await screen.findByText('Email settings saved')).toBeInTheDocument();
    expect(bodies).toEqual([{ kinds: [{ kind: 'post.failed', email: false }] }]);
    expect(screen.getByRole('switch', { name: 'Email: A post failed' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Email: An account needs reconnecting' })).toBeChecked();
  });

  it('says so when this FitPost sends no email', async () => {
    server.use(
      meHandler,
      noAutoPostAccounts,
      ...queueHandlers,
      http.get('/api/email/preferences', () => HttpResponse.json(emailKindsOn(false))),
    );
    renderApp('/app/settings?tab=system-settings', { user });
    expect(await screen.findByText(/Email is not set up on this FitPost/)).toBeInTheDocument();
  });

  it('Help resets the tutorial, here and on the server', async () => {
    const saved: unknown[] = [];
    server.use(meHandler, savePropertiesHandler(saved));
    const { user: clicker } = renderApp('/app/settings?tab=help', { user });
    setFlag(storageKeys.tutorial);

    await clicker.click(await screen.findByRole('button', { name: 'Reset Tutorial' }));
    expect(getFlag(storageKeys.tutorial)).toBeNull();
    expect(await screen.findByText(/The tour will start the next time/)).toBeInTheDocument();
    await waitFor(() => expect(saved).toEqual([{ tourSeen: 'false' }]));
  });

  it("Content Feeds shows the feeds panel (composed in from the feeds feature) with 'Refresh Feed Data'", async () => {
    server.use(
      meHandler,
      noConnections,
      http.get('/api/feed', () => HttpResponse.json([])),
    );
    const { user: clicker } = renderApp('/app/settings', { user });

    await clicker.click(await screen.findByRole('tab', { name: 'Content Feeds' }));
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Content Feeds' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Refresh Feed Data' })).toBeEnabled();
    expect(await within(panel).findByText('You have no feeds of your own yet')).toBeInTheDocument();
  });
});

describe('/app/settings/welcome', () => {
  it('ticks each welcome step once it is done: accounts connected, time zone set, a post queued', async () => {
    server.use(
      meHandler,
      ...queueHandlers,
      ...noAutoPostsHandlers,
      http.get('/api/social/connections', () => HttpResponse.json([makeConnection()])),
      http.get('/api/posts', () => HttpResponse.json({ items: [], total: 1, page: 1, pageSize: 1 })),
    );
    renderApp('/app/settings/welcome', { user });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to FitPost' })).toBeInTheDocument();

    const step = (text: string) => screen.getByText(text, { exact: false, selector: 'h3' });
    for (const text of [
      'Step 1: Connect your social networks',
      'Step 2: Set your default settings',
      'Then: pick a post from the library and add it to your queue',
    ])
      await waitFor(() => expect(step(text)).toHaveTextContent(`${text} (done)`));
  });

  it('walks a new user through the two steps to the dashboard', async () => {
    // 'Start Using' lands on the dashboard, which lists posts and Auto-Posts.
    server.use(meHandler, noPostsHandler, ...queueHandlers, ...noAutoPostsHandlers);
    const { user: clicker, router } = renderApp('/app/settings/welcome', { user });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to FitPost' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Let's Get Started!" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Social Platforms' })).toHaveAttribute(
      'href',
      '/app/settings?tab=social-platforms',
    );
    // Step 2's default settings include the Auto-Post opt-in.
    expect(screen.getByRole('heading', { level: 4, name: 'Auto-Post' })).toBeInTheDocument();

    await clicker.click(screen.getByRole('link', { name: 'Go to System Settings' }));
    expect(await screen.findByRole('tab', { name: 'System Settings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    router.navigate('/app/settings/welcome').catch(() => undefined);
    await clicker.click(await screen.findByRole('button', { name: 'Start Using' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });
});
