import type { OrganisationSettings, OrganisationSettingsBody } from '@fitpost/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeOrganisationSettings, makeUser, meHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';

const admin = makeUser({ fitPostAdminAccess: true });

const settings = makeOrganisationSettings();

describe('/app/manage/settings', () => {
  it('saves the organisation’s settings and shows who changed what', async () => {
    const sent: OrganisationSettingsBody[] = [];
    server.use(
      meHandler,
      http.get('/api/settings/organisation', () => HttpResponse.json(settings)),
      http.put('/api/settings/organisation', async ({ request }) => {
        const body = (await request.json()) as OrganisationSettingsBody;
        sent.push(body);
        return HttpResponse.json({
          ...settings,
          ...body,
          changes: [
            {
              id: '0c8a5f1e-6f7e-4b6a-9c1a-1f2e3d4c5b6a',
              changedAt: '2030-03-01T10:00:00.000Z',
              changedBy: { id: admin.id, fullName: 'Ada Admin' },
              subject: null,
              fields: [{ field: 'supportEmail', from: null, to: 'help@strong.example' }],
            },
          ],
        } satisfies OrganisationSettings);
      }),
    );
    const { user } = renderApp('/app/manage/settings', { user: admin });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Administration Settings' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No changes yet: the defaults apply.')).toBeInTheDocument();
    expect(screen.getByText(/Unset: support@example.com/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Support email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Enter an email address such as help@example.com')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Support email'));
    await user.type(screen.getByLabelText('Support email'), 'help@strong.example');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('The organization’s settings are saved.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      supportEmail: 'help@strong.example',
      displayName: null,
      utmEnabled: true,
      trackLinks: true,
    });
    const changes = screen.getByRole('region', { name: 'Last changes' });
    expect(within(changes).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(changes).getByText('Support email: (unset) → help@strong.example')).toBeInTheDocument();
  });

  it('lists an edit of a user’s details in the change log, naming the user and each field', async () => {
    server.use(
      meHandler,
      http.get('/api/settings/organisation', () =>
        HttpResponse.json({
          ...settings,
          changes: [
            {
              id: '0c8a5f1e-6f7e-4b6a-9c1a-1f2e3d4c5b6b',
              changedAt: '2030-03-01T10:00:00.000Z',
              changedBy: { id: admin.id, fullName: 'Ada Admin' },
              subject: 'User Dana Doe',
              fields: [
                { field: 'fullName', from: 'Dana Doe', to: 'Dana Doe-Smith' },
                { field: 'accountType', from: 'Member', to: 'Gym Owner' },
              ],
            },
          ],
        } satisfies OrganisationSettings),
      ),
    );
    renderApp('/app/manage/settings', { user: admin });
    const changes = await screen.findByRole('region', { name: 'Last changes' });
    expect(within(changes).getByText(/User Dana Doe/)).toBeInTheDocument();
    expect(within(changes).getByText('Full name: Dana Doe → Dana Doe-Smith')).toBeInTheDocument();
    expect(within(changes).getByText('Account type: Member → Gym Owner')).toBeInTheDocument();
  });

  it('switches a health-claim rule off and adds a phrase with its safer wording (issue 30)', async () => {
    const sent: OrganisationSettingsBody[] = [];
    server.use(
      meHandler,
      http.get('/api/settings/organisation', () => HttpResponse.json(settings)),
      http.put('/api/settings/organisation', async ({ request }) => {
        const body = (await request.json()) as OrganisationSettingsBody;
        sent.push(body);
        return HttpResponse.json({ ...settings, ...body } satisfies OrganisationSettings);
      }),
    );
    const { user } = renderApp('/app/manage/settings', { user: admin });
    const detox = await screen.findByRole('checkbox', { name: 'Detox or cleanse' });
    expect(detox).toBeChecked();
    await user.click(detox);
    await user.click(screen.getByRole('button', { name: 'Add a phrase' }));
    await user.type(screen.getByLabelText('Phrase 1'), 'fat-burning');
    await user.type(screen.getByLabelText('Safer wording 1'), 'energetic');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('The organization’s settings are saved.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      claimRulesOff: ['detox'],
      claimPhrases: [{ phrase: 'fat-burning', suggestion: 'energetic' }],
    });
  });

  it('says when the settings cannot be loaded', async () => {
    server.use(
      meHandler,
      http.get('/api/settings/organisation', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Down' } }, { status: 500 }),
      ),
    );
    renderApp('/app/manage/settings', { user: admin });
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });
});
