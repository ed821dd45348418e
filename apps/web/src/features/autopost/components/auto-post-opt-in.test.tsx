import type { AutoPostSettings } from '@fitpost/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import { linkedInConnectionId, member, mount, xConnectionId } from '../test/autopost-kit';
import { AutoPostOptIn } from './auto-post-opt-in';

const settings: AutoPostSettings = {
  accounts: [
    {
      connectionId: xConnectionId,
      network: 'x',
      accountName: '@casey_coach_fit',
      status: 'connected',
      enabled: true,
    },
    {
      connectionId: linkedInConnectionId,
      network: 'linkedin',
      accountName: 'Casey Coach',
      status: 'needs_reconnect',
      enabled: false,
    },
  ],
};

function open() {
  return mount(<AutoPostOptIn />, { user: member, path: '/app/settings', at: '/app/settings' });
}

describe('Auto-Post opt-in', () => {
  it('explains Auto-Post and turns it on or off per account, saving each switch at once', async () => {
    const bodies: unknown[] = [];
    let current = settings;
    server.use(
      http.get('/api/autoposts/settings', () => HttpResponse.json(current)),
      http.put('/api/autoposts/settings', async ({ request }) => {
        const body = (await request.json()) as { accounts: { connectionId: string; enabled: boolean }[] };
        bodies.push(body);
        current = {
          accounts: current.accounts.map((a) => {
            const change = body.accounts.find((c) => c.connectionId === a.connectionId);
            return change ? { ...a, enabled: change.enabled } : a;
          }),
        };
        return HttpResponse.json(current);
      }),
    );
    const { user } = open();

    expect(screen.getByRole('heading', { level: 2, name: 'Auto-Post' })).toBeInTheDocument();
    expect(screen.getByText(/FitPost publishes each of them there at its time/)).toBeInTheDocument();
    const x = await screen.findByRole('switch', { name: 'Auto-Post on X account @casey_coach_fit' });
    const linkedIn = screen.getByRole('switch', { name: 'Auto-Post on LinkedIn account Casey Coach' });
    expect(x).toBeChecked();
    expect(linkedIn).not.toBeChecked();
    expect(screen.getByText('Needs reconnect — Auto-Posts skip it until then')).toBeInTheDocument();

    await user.click(linkedIn);
    expect(await screen.findByText('Auto-Post is on for Casey Coach.')).toBeInTheDocument();
    await waitFor(() => expect(linkedIn).toBeChecked());
    linkedIn.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(linkedIn).not.toBeChecked());
    expect(bodies).toEqual([
      { accounts: [{ connectionId: linkedInConnectionId, enabled: true }] },
      { accounts: [{ connectionId: linkedInConnectionId, enabled: false }] },
    ]);
  });

  it('points a member without accounts to Social Platforms', async () => {
    server.use(http.get('/api/autoposts/settings', () => HttpResponse.json({ accounts: [] })));
    open();

    expect(await screen.findByText('No social accounts connected yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Social Platforms' })).toHaveAttribute(
      'href',
      '/app/settings?tab=social-platforms',
    );
  });

  it("shows the server's reason when a switch is not saved, and when the settings cannot be read", async () => {
    server.use(
      http.get('/api/autoposts/settings', () => HttpResponse.json(settings)),
      http.put('/api/autoposts/settings', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Connection not found' } }, { status: 404 }),
      ),
    );
    const { user, unmount } = open();
    const x = await screen.findByRole('switch', { name: 'Auto-Post on X account @casey_coach_fit' });
    await user.click(x);
    expect(await screen.findByText('Connection not found')).toBeInTheDocument();
    expect(x).toBeChecked();
    unmount();

    server.use(
      http.get('/api/autoposts/settings', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong' } }, { status: 500 }),
      ),
    );
    open();
    expect(await screen.findByText('Your Auto-Post settings could not be loaded.')).toBeInTheDocument();
  });
});
