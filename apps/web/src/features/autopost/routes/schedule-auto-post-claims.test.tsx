import type { AutoPostUpsert } from '@fitpost/contract';
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import { makeOrganisationSettings } from '@/test/fixtures';
import { admin, autoPostId, makeAutoPost, makeDetail, mount } from '../test/autopost-kit';
import { AutoPostProgressRoute } from './auto-post-progress';
import { ScheduleAutoPostRoute } from './schedule-auto-post';

// Health claims on Auto-Posts (issue 30): the form shows them and asks for "I have checked these
// claims" before it sends; the acknowledgement goes with the request and shows on the Auto-Post.

beforeEach(() => {
  server.use(http.get('/api/settings/organisation', () => HttpResponse.json(makeOrganisationSettings())));
});

const openNew = () =>
  mount(<ScheduleAutoPostRoute />, { user: admin, path: '/app/manage/autopost', at: '/app/manage/autopost' });

function recordSaves() {
  const sent: AutoPostUpsert[] = [];
  server.use(
    http.post('/api/autoposts', async ({ request }) => {
      sent.push((await request.json()) as AutoPostUpsert);
      return HttpResponse.json(makeAutoPost({ id: autoPostId }), { status: 201 });
    }),
  );
  return sent;
}

describe('Schedule Auto-Post › health claims', () => {
  it('shows the claims with merge fields filled, and sends only once they are checked', async () => {
    const sent = recordSaves();
    const { user } = openNew();
    const text = await screen.findByRole('textbox', { name: 'Post text' });
    await user.click(text);
    await user.paste('Lose 10 kg, {first_name|my friend}, within 2 weeks.');
    await user.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-03-15' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:30' } });

    const phrase = await screen.findByText('“Lose 10 kg, my friend, within 2 weeks”');
    expect(phrase.closest('[role="alert"]')).toHaveTextContent('Check this health claim');
    const box = screen.getByRole('checkbox', { name: 'I have checked these claims' });

    await user.click(screen.getByRole('button', { name: 'Schedule Auto-Post' }));
    expect(await screen.findByText(/reword these claims, or tick/)).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(sent).toEqual([]);

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Schedule Auto-Post' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(`/app/manage/autopost/${autoPostId}`);
    expect(sent).toEqual([
      expect.objectContaining({
        body: 'Lose 10 kg, {first_name|my friend}, within 2 weeks.',
        acknowledgeWarnings: true,
      }),
    ]);
  });

  it('sends no acknowledgement for a text without claims', async () => {
    const sent = recordSaves();
    const { user } = openNew();
    await user.click(await screen.findByRole('textbox', { name: 'Post text' }));
    await user.paste('Five squat cues.');
    await user.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-03-15' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:30' } });
    expect(screen.queryByRole('checkbox', { name: 'I have checked these claims' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule Auto-Post' }));
    expect(await screen.findByTestId('landed')).toBeInTheDocument();
    expect(sent[0]).not.toHaveProperty('acknowledgeWarnings');
  });

  it('shows who checked the claims and when on the Auto-Post', async () => {
    server.use(
      http.get(`/api/autoposts/${autoPostId}`, () =>
        HttpResponse.json(
          makeDetail({
            warnings: [
              { phrase: 'detox', rule: 'detox', explanation: 'e', suggestion: 's' },
              { phrase: 'Clinically proven', rule: 'unsourced-proof', explanation: 'e', suggestion: 's' },
            ],
            claimsAcknowledged: {
              by: { id: admin.id, fullName: 'Alex Admin' },
              at: '2030-03-01T15:00:00.000Z',
            },
          }),
        ),
      ),
    );
    mount(<AutoPostProgressRoute />, {
      user: admin,
      path: '/app/manage/autopost/:id',
      at: `/app/manage/autopost/${autoPostId}`,
    });
    const checked = await screen.findByText(/checked by Alex Admin/);
    expect(checked).toHaveTextContent('“detox”, “Clinically proven”: checked by Alex Admin, 3/1/2030');
  });

  it('says a claim found after the rules changed is not checked yet, and that the Auto-Post is held', async () => {
    server.use(
      http.get(`/api/autoposts/${autoPostId}`, () =>
        HttpResponse.json(
          makeDetail({
            warnings: [{ phrase: 'miracle', rule: 'organisation', explanation: 'e', suggestion: 's' }],
            claimsAcknowledged: null,
          }),
        ),
      ),
    );
    mount(<AutoPostProgressRoute />, {
      user: admin,
      path: '/app/manage/autopost/:id',
      at: `/app/manage/autopost/${autoPostId}`,
    });
    const unchecked = await screen.findByText(/not checked yet/);
    expect(unchecked).toHaveTextContent(
      '“miracle”: not checked yet. The organization’s rules changed after it was scheduled, so it is held: it goes out only once an admin edits it and checks them.',
    );
    expect(screen.queryByText(/checked by/)).not.toBeInTheDocument();
    expect(screen.getByText('Held: check claims')).toBeInTheDocument();
    expect(screen.queryByText('Scheduled')).not.toBeInTheDocument();
  });
});
