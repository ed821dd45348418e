import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import { admin, autoPostId, makeDetail, mount } from '../test/autopost-kit';
import { AutoPostProgressRoute } from './auto-post-progress';

function open() {
  return mount(<AutoPostProgressRoute />, {
    user: admin,
    path: '/app/manage/autopost/:id',
    at: `/app/manage/autopost/${autoPostId}`,
  });
}

function figure(label: string): string | null | undefined {
  const term = screen.getAllByText(label, { selector: 'dt' })[0];
  return term?.nextElementSibling?.textContent;
}

const running = makeDetail(
  { status: 'fanning_out', scheduledAt: '2025-03-15T13:30:00.000Z' },
  {
    membersReached: 1200,
    skippedAccounts: 3,
    skippedMembers: 2,
    customised: 1,
    byNetwork: [
      { network: 'x', targets: 1000, published: 400, failed: 1, pending: 599 },
      { network: 'linkedin', targets: 800, published: 800, failed: 0, pending: 0 },
    ],
    fanoutStartedAt: '2025-03-15T13:30:01.000Z',
    fanoutFinishedAt: null,
  },
);
const finished = makeDetail(
  { status: 'done', scheduledAt: '2025-03-15T13:30:00.000Z' },
  {
    ...running.progress,
    membersReached: 1500,
    byNetwork: [
      { network: 'x', targets: 1200, published: 1198, failed: 2, pending: 0 },
      { network: 'linkedin', targets: 900, published: 900, failed: 0, pending: 0 },
    ],
    fanoutFinishedAt: '2025-03-15T13:31:05.000Z',
  },
);

describe('Auto-Post progress', () => {
  it('shows members reached and results by network, asking again every 2 s until the fan-out is over', async () => {
    const answers = [running, finished];
    let calls = 0;
    server.use(
      http.get(`/api/autoposts/${autoPostId}`, () => {
        calls += 1;
        return HttpResponse.json(answers[Math.min(calls, answers.length) - 1]);
      }),
    );
    open();

    expect(await screen.findByText('Publishing')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('these figures update every 2 seconds');
    expect(figure('Members reached')).toBe('1,200');
    expect(figure('Published')).toBe('1,200');
    expect(figure('Pending')).toBe('599');
    expect(figure('Skipped accounts')).toBe('3');
    expect(figure('Members who skipped')).toBe('2');
    expect(figure('Customized')).toBe('1');
    expect(figure('Fan-out started')).toBe('3/15/2025 9:30 AM EDT');
    expect(figure('Fan-out finished')).toBe('Not yet');
    const xRow = screen.getByRole('row', { name: /^X / });
    expect(
      within(xRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['X', '1,000', '400', '1', '599']);

    // The next answer, two seconds later: the fan-out is done.
    expect(await screen.findByText('Sent', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(figure('Members reached')).toBe('1,500');
    expect(figure('Fan-out finished')).toBe('3/15/2025 9:31 AM EDT');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Auto-Post' })).not.toBeInTheDocument();

    // Nothing moves any more: no more questions.
    const asked = calls;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls).toBe(asked);
  });

  it('looks again when an Auto-Post falls due, and shows its fan-out start', async () => {
    const soon = makeDetail({ scheduledAt: new Date(Date.now() + 500).toISOString() });
    let calls = 0;
    server.use(
      http.get(`/api/autoposts/${autoPostId}`, () => {
        calls += 1;
        return HttpResponse.json(calls === 1 ? soon : { ...running, id: autoPostId });
      }),
    );
    open();

    expect(await screen.findByText('Scheduled')).toBeInTheDocument();
    expect(await screen.findByText('Publishing', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(figure('Members reached')).toBe('1,200');
  });

  it('before its time: nothing sent yet, Edit and Cancel offered', async () => {
    let calls = 0;
    let canceled = 0;
    server.use(
      http.get(`/api/autoposts/${autoPostId}`, () => {
        calls += 1;
        return HttpResponse.json(makeDetail(canceled ? { status: 'cancelled' } : {}));
      }),
      http.post(`/api/autoposts/${autoPostId}/cancel`, () => {
        canceled += 1;
        return HttpResponse.json(makeDetail({ status: 'cancelled' }));
      }),
    );
    const { user } = open();

    expect(
      await screen.findByText('Nothing sent yet: members’ posts are made at the scheduled time.'),
    ).toBeInTheDocument();
    expect(screen.getByText('3/15/2030 9:30 AM EDT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cancel Auto-Post' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Auto-Post' }));

    expect(await screen.findByText('The Auto-Post is canceled.')).toBeInTheDocument();
    expect(canceled).toBe(1);
    expect(await screen.findByText('Canceled')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Administration Dashboard' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/app/manage');
    await waitFor(() => expect(calls).toBe(2));
  });
});
