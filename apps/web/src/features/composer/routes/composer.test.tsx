import { messages } from '@fitpost/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import { draftKey } from '../model/draft-storage';
import {
  coach,
  connectionsApi,
  lapsedFacebook,
  linkedInAccount,
  makePost,
  makeTarget,
  renderComposer,
  savePostApi,
  xAccount,
  postNow,
} from '../test/composer-kit';

const body = () => screen.getByLabelText('Post text');
const chip = (name: RegExp) => screen.getByRole('checkbox', { name });
const counts = () => screen.getByRole('list', { name: 'Characters used per network' });

async function openComposer(search = '') {
  const rendered = renderComposer(search);
  await screen.findByRole('heading', { level: 1, name: search.includes('id=') ? 'Edit Post' : 'Create New' });
  await screen.findByRole('checkbox', { name: /^X Casey Coach/ });
  return rendered;
}

describe('Create New › character counter', () => {
  it('counts for each chosen network as that network counts: X weighs links as 23 and emoji as 2', async () => {
    connectionsApi();
    const { user } = await openComposer();
    expect(
      screen.getByText('Choose a social network to see how many characters it allows.'),
    ).toBeInTheDocument();

    await user.click(chip(/^X Casey Coach/));
    await user.click(chip(/^LinkedIn Casey Coach/));
    const url = 'https://fitpro.example.com/programmes/strength/squats-for-beginners';
    await user.click(body());
    await user.paste(`Leg day 💪 ${url}`);

    const list = counts();
    // "Leg day " (8) + 💪 (2 on X) + " " (1) + the link (23 on X, whatever its length).
    expect(within(list).getByText(/^X/)).toHaveTextContent('X 34 / 280');
    // LinkedIn counts UTF-16 units: the emoji is 2, the link all of it.
    expect(within(list).getByText(/^LinkedIn/)).toHaveTextContent(`LinkedIn ${11 + url.length} / 3,000`);
  });

  it('counts the link field as the text the networks receive, and flags X over 280 beside the account', async () => {
    connectionsApi();
    const { user } = await openComposer();
    await user.click(chip(/^X Casey Coach/));
    await user.click(body());
    await user.paste('a'.repeat(250));
    await user.type(screen.getByLabelText(/^Link/), 'https://fitpro.example.com/a');
    // 250 + a blank line (2) + 23 for the link.
    expect(within(counts()).getByText(/^X/)).toHaveTextContent('X 275 / 280');
    expect(screen.queryByText(/X allows 280 characters/)).not.toBeInTheDocument();

    await user.type(body(), ' more');
    expect(within(counts()).getByText(/^X/)).toHaveTextContent('X 280 / 280');
    await user.type(body(), '!');
    expect(within(counts()).getByText(/^X/).closest('li')).toHaveClass('is-over');
    const problem = screen.getByText('X allows 280 characters; this post has 281.');
    expect(chip(/^X Casey Coach/)).toHaveAccessibleDescription('X allows 280 characters; this post has 281.');
    expect(problem).toBeInTheDocument();
  });
});

describe('Create New › validation', () => {
  it("shows the spec's messages for an empty post and for no network, and sends nothing", async () => {
    connectionsApi();
    const { user } = await openComposer();

    await user.click(screen.getByRole('button', { name: 'Add to Queue' }));
    expect(await screen.findByText(messages['post.error.data'])).toBeInTheDocument();
    expect(screen.getByText(messages['post.error.network'])).toBeInTheDocument();
    expect(body()).toHaveFocus();
    expect(body()).toHaveAttribute('aria-invalid', 'true');

    await user.type(body(), 'Leg day');
    expect(screen.queryByText(messages['post.error.data'])).not.toBeInTheDocument();
    expect(screen.getByText(messages['post.error.network'])).toBeInTheDocument();

    await user.click(chip(/^X Casey Coach/));
    expect(screen.queryByText(messages['post.error.network'])).not.toBeInTheDocument();
  });

  it('shows accounts that need reconnecting, unselectable, with a link to reconnect', async () => {
    connectionsApi();
    await openComposer();
    const facebook = chip(/^Facebook Page Casey Coach Fitness/);
    expect(facebook).toBeDisabled();
    expect(facebook).toHaveAccessibleDescription(/Needs reconnect/);
    expect(screen.getByRole('link', { name: 'reconnect in Settings' })).toHaveAttribute(
      'href',
      '/app/settings?tab=social-platforms',
    );
  });

  it('refuses a time in the past, in the member zone', async () => {
    connectionsApi();
    const { user } = await openComposer();
    await user.type(body(), 'Leg day');
    await user.click(chip(/^X Casey Coach/));
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));
    expect(
      await screen.findByText('The scheduled time has passed. Choose a time in the future.'),
    ).toBeInTheDocument();
  });
});

describe('Create New › scheduling', () => {
  it('schedules at the date and time typed in the member zone, shows the zone, and the outcome per network', async () => {
    connectionsApi();
    const saved = savePostApi((post) =>
      makePost({
        body: post.body ?? '',
        scheduledAt: post.scheduledAt ?? null,
        connectionIds: post.connectionIds ?? [],
        targets: [
          makeTarget(),
          makeTarget({
            id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
            connectionId: linkedInAccount.id,
            network: 'linkedin',
          }),
        ],
      }),
    );
    const { user, router } = await openComposer();
    await user.type(body(), 'Leg day');
    await user.click(chip(/^X Casey Coach/));
    await user.click(chip(/^LinkedIn Casey Coach/));
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-07-01' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:00' } });
    expect(screen.getByTestId('composer-zone')).toHaveTextContent(
      'Time zone: America/New York (EDT, UTC−04:00)',
    );

    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));

    expect(await screen.findByRole('heading', { name: 'Scheduled' })).toBeInTheDocument();
    expect(saved).toEqual([
      {
        id: null,
        body: {
          body: 'Leg day',
          mediaId: null,
          link: null,
          connectionIds: [xAccount.id, linkedInAccount.id],
          contentId: null,
          publishNow: false,
          queue: false,
          scheduledAt: '2030-07-01T13:00:00.000Z',
          timeZone: 'America/New_York',
          draft: false,
        },
      },
    ]);
    expect(screen.getByText(/Goes out 7\/1\/2030 9:00 AM/)).toBeInTheDocument();
    const targets = screen
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('outcome-target'));
    expect(targets.map((item) => item.textContent?.trim())).toEqual([
      'X · Casey CoachScheduled',
      'LinkedIn · Casey CoachScheduled',
    ]);
    expect(router.state.location.search).toBe(`?id=${makePost().id}`);
    expect(localStorage.getItem(draftKey(coach.id, null))).toBeNull();
  });

  it('says when a time falls in the hour the clocks skip, and where it lands', async () => {
    connectionsApi();
    const { user } = await openComposer();
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-03-10' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '02:30' } });
    expect(
      screen.getByText(
        '2:30 AM does not exist on 3/10/2030 in this time zone (the clocks go forward); the post will go out at 3:30 AM.',
      ),
    ).toBeInTheDocument();
  });

  it('opens Schedule at the next free time of the queue, not empty (issue 26)', async () => {
    connectionsApi();
    const { user } = await openComposer();
    await waitFor(() => expect(screen.getByTestId('composer-queue-slot')).toHaveTextContent('3/9/2030'));
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    // queueAnswer.nextFree, 2030-03-09T14:00Z, is 9:00 AM in New York (EST).
    expect(screen.getByLabelText('Date')).toHaveValue('2030-03-09');
    expect(screen.getByLabelText('Time')).toHaveValue('09:00');
    // What the member changes stays theirs when they come back to Schedule.
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '10:15' } });
    await user.click(screen.getByRole('radio', { name: 'Add to Queue' }));
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    expect(screen.getByLabelText('Time')).toHaveValue('10:15');
  });

  it('pre-sets the day picked on the calendar (?date=)', async () => {
    connectionsApi();
    await openComposer('?date=2030-07-04');
    expect(screen.getByRole('radio', { name: 'Schedule' })).toBeChecked();
    expect(screen.getByLabelText('Date')).toHaveValue('2030-07-04');
    expect(screen.getByLabelText('Time')).toHaveValue('09:00');
  });
});

describe('Create New › nothing is lost', () => {
  it('restores what was being written after a reload, and Start over clears it', async () => {
    connectionsApi();
    const first = await openComposer();
    await first.user.type(body(), 'Half-written post');
    await first.user.click(chip(/^X Casey Coach/));
    first.unmount();

    const { user } = await openComposer();
    expect(screen.getByText('We restored the post you were writing.')).toBeInTheDocument();
    expect(body()).toHaveValue('Half-written post');
    expect(chip(/^X Casey Coach/)).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(body()).toHaveValue('');
    expect(localStorage.getItem(draftKey(coach.id, null))).toBeNull();
  });

  it('keeps everything when the save fails, says why, and the draft survives a reload', async () => {
    connectionsApi();
    savePostApi(() =>
      HttpResponse.json(
        {
          error: { code: 'validation', message: 'Casey Coach: reconnect this account before posting to it.' },
        },
        { status: 400 },
      ),
    );
    const first = await openComposer();
    await first.user.type(body(), 'Do not lose me');
    await first.user.click(chip(/^X Casey Coach/));
    await postNow(first.user);
    expect(await screen.findByText('Your post was not saved.')).toBeInTheDocument();
    expect(screen.getByText('Casey Coach: reconnect this account before posting to it.')).toBeInTheDocument();
    expect(body()).toHaveValue('Do not lose me');
    first.unmount();

    await openComposer();
    expect(body()).toHaveValue('Do not lose me');
  });

  it('saves a draft on the server without a network or a time', async () => {
    connectionsApi();
    const saved = savePostApi((post) =>
      makePost({ body: post.body ?? '', status: 'draft', scheduledAt: null, connectionIds: [], targets: [] }),
    );
    const { user, router } = await openComposer();
    await user.type(body(), 'An idea for Friday');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
    expect(saved[0]?.body).toMatchObject({ body: 'An idea for Friday', draft: true, publishNow: false });
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${makePost().id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Post' })).toBeInTheDocument();
    expect(body()).toHaveValue('An idea for Friday');
    expect(localStorage.getItem(draftKey(coach.id, null))).toBeNull();
  });
});

describe('Create New › connections', () => {
  it('offers Retry when the accounts cannot be loaded', async () => {
    let failing = true;
    server.use(
      http.get('/api/social/connections', () =>
        failing
          ? HttpResponse.json(
              { error: { code: 'internal', message: 'Database unavailable' } },
              { status: 503 },
            )
          : HttpResponse.json([xAccount, lapsedFacebook]),
      ),
    );
    const { user } = renderComposer();
    expect(await screen.findByText('Your social accounts could not be loaded.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: /^X Casey Coach/ })).toBeEnabled();
  });
});
