import { autoPostMessages, type AutoPostChoice, type MemberAutoPost } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import { autoPostId, customPostId, makeMemberAutoPost, member, mount } from '../test/autopost-kit';
import { RecommendedAutoPosts } from './recommended-auto-posts';

const later = makeMemberAutoPost({
  id: 'b2b2b2b2-2222-4222-8222-222222222222',
  body: 'Sleep is training too.',
  scheduledAt: '2030-03-20T08:00:00.000Z',
  choice: 'skip',
  accounts: [],
});

function open() {
  return mount(<RecommendedAutoPosts />, { user: member, path: '/app/dashboard', at: '/app/dashboard' });
}

/** The upcoming list, answering choices the way the server does. */
function upcomingApi(initial: MemberAutoPost[]) {
  let list = initial;
  const choices: { id: string; choice: AutoPostChoice }[] = [];
  server.use(
    http.get('/api/autoposts/upcoming', () => HttpResponse.json(list)),
    http.put('/api/autoposts/:id/choice', async ({ params, request }) => {
      const { choice } = (await request.json()) as { choice: AutoPostChoice };
      const id = String(params.id);
      choices.push({ id, choice });
      const result = { choice, customPostId: choice === 'custom' ? customPostId : null };
      list = list.map((item) =>
        item.id === id
          ? { ...item, ...result, accounts: choice === 'auto' ? makeMemberAutoPost().accounts : [] }
          : item,
      );
      return HttpResponse.json(result);
    }),
  );
  return choices;
}

function occurrence(time: string): HTMLElement {
  return screen.getByRole('article', { name: new RegExp(time) });
}

describe('Recommended Posts › Upcoming Auto-Posts', () => {
  it('lists what the member will receive, in their time zone, on which accounts, with their choice', async () => {
    upcomingApi([makeMemberAutoPost(), later]);
    open();

    expect(screen.getByRole('heading', { level: 2, name: 'Upcoming Auto-Posts' })).toBeInTheDocument();
    expect(screen.getByText(/ready-made posts your organization schedules/)).toBeInTheDocument();
    // 13:30 UTC is 1:30 PM in London (no summer time yet on 15 March).
    const first = await screen.findByRole('article', { name: /3\/15\/2030 1:30 PM/ });
    expect(first).toHaveTextContent('Five squat cues that keep your knees happy.');
    expect(within(first).getByRole('list', { name: 'Goes to' })).toHaveTextContent(
      '@casey_coach_fit (X)Casey Coach (LinkedIn)',
    );
    expect(within(first).getByText('Auto-Post')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Auto-Post' })).not.toBeInTheDocument();
    const second = occurrence('3/20/2030 8:00 AM');
    expect(within(second).getByText('Skipped')).toBeInTheDocument();
    expect(second).toHaveTextContent('You skipped this one');
  });

  it("'Skip' and 'Auto-Post' change the member's choice for one occurrence", async () => {
    const choices = upcomingApi([makeMemberAutoPost()]);
    const { user } = open();

    const first = await screen.findByRole('article', { name: /3\/15\/2030 1:30 PM/ });
    const skip = within(first).getByRole('button', { name: 'Skip' });
    expect(skip).toHaveAccessibleDescription(/3\/15\/2030 1:30 PM/);
    await user.click(skip);
    expect(await screen.findByText('Skipped: this one will not be posted for you.')).toBeInTheDocument();
    await waitFor(() => expect(first).toHaveTextContent('You skipped this one'));

    await user.click(within(first).getByRole('button', { name: 'Auto-Post' }));
    expect(await screen.findByText('It will be auto-posted for you.')).toBeInTheDocument();
    await waitFor(() => expect(within(first).getByRole('list', { name: 'Goes to' })).toBeInTheDocument());
    expect(choices).toEqual([
      { id: autoPostId, choice: 'skip' },
      { id: autoPostId, choice: 'auto' },
    ]);
  });

  it("'Custom Post' makes it the member's own post and opens it in the composer", async () => {
    const choices = upcomingApi([makeMemberAutoPost()]);
    const { user } = open();

    const first = await screen.findByRole('article', { name: /3\/15\/2030 1:30 PM/ });
    await user.click(within(first).getByRole('button', { name: 'Custom Post' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(`/app/posts/post?id=${customPostId}`);
    expect(choices).toEqual([{ id: autoPostId, choice: 'custom' }]);
  });

  it("a customised occurrence offers 'Edit my post'; one that is publishing offers nothing", async () => {
    upcomingApi([
      makeMemberAutoPost({ choice: 'custom', customPostId, accounts: [] }),
      { ...later, choice: 'auto', status: 'fanning_out' },
    ]);
    const { user } = open();

    const first = await screen.findByRole('article', { name: /3\/15\/2030 1:30 PM/ });
    expect(first).toHaveTextContent('You made this your own Custom Post');
    expect(within(occurrence('3/20/2030 8:00 AM')).queryByRole('button')).not.toBeInTheDocument();
    expect(occurrence('3/20/2030 8:00 AM')).toHaveTextContent('Publishing now.');
    await user.click(within(first).getByRole('button', { name: 'Edit my post' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(`/app/posts/post?id=${customPostId}`);
  });

  it("says when nothing goes to the member's accounts, and shows the server's refusals", async () => {
    server.use(
      http.get('/api/autoposts/upcoming', () => HttpResponse.json([makeMemberAutoPost({ accounts: [] })])),
      http.put('/api/autoposts/:id/choice', () =>
        HttpResponse.json(
          { error: { code: 'validation', message: autoPostMessages.notOptedIn } },
          { status: 400 },
        ),
      ),
    );
    const { user } = open();

    const first = await screen.findByRole('article', { name: /3\/15\/2030 1:30 PM/ });
    expect(first).toHaveTextContent('Not going to any of your accounts');
    expect(within(first).getByRole('link', { name: 'System Settings' })).toHaveAttribute(
      'href',
      '/app/settings?tab=system-settings',
    );
    await user.click(within(first).getByRole('button', { name: 'Custom Post' }));
    expect(await screen.findByText(autoPostMessages.notOptedIn)).toBeInTheDocument();
  });

  it('says when no Auto-Posts are coming, and when they could not be loaded', async () => {
    server.use(http.get('/api/autoposts/upcoming', () => HttpResponse.json([])));
    const { unmount } = open();
    expect(await screen.findByText('No Auto-Posts coming up')).toBeInTheDocument();
    unmount();

    server.use(
      http.get('/api/autoposts/upcoming', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong' } }, { status: 500 }),
      ),
    );
    open();
    expect(await screen.findByText('Upcoming Auto-Posts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});
