import { autoPostMessages, libraryMessages, type AutoPostUpsert } from '@fitpost/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import { makeMedia, makeOrganisationSettings } from '@/test/fixtures';
import {
  admin,
  autoPostId,
  contentId,
  makeAutoPost,
  makeContentItem,
  makeDetail,
  mediaId,
  mount,
} from '../test/autopost-kit';
import { ScheduleAutoPostRoute } from './schedule-auto-post';

const link = 'https://fitpro.example.org/squats';

function openNew(at = '/app/manage/autopost') {
  return mount(<ScheduleAutoPostRoute />, { user: admin, path: '/app/manage/autopost', at });
}

function openEdit() {
  return mount(<ScheduleAutoPostRoute />, {
    user: admin,
    path: '/app/manage/autopost/:id/edit',
    at: `/app/manage/autopost/${autoPostId}/edit`,
  });
}

/** Records what the form sends; answers like the server. */
function recordSaves() {
  const sent: { method: string; body: AutoPostUpsert }[] = [];
  server.use(
    http.post('/api/autoposts', async ({ request }) => {
      const body = (await request.json()) as AutoPostUpsert;
      sent.push({ method: 'POST', body });
      return HttpResponse.json(makeAutoPost({ id: autoPostId }), { status: 201 });
    }),
  );
  return sent;
}

function setWhen(date: string, time: string) {
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: date } });
  fireEvent.change(screen.getByLabelText('Time'), { target: { value: time } });
}

const submit = () => screen.getByRole('button', { name: 'Schedule Auto-Post' });

// The organisation's Auto-Post defaults the new form starts from.
beforeEach(() => {
  server.use(http.get('/api/settings/organisation', () => HttpResponse.json(makeOrganisationSettings())));
});

describe('Schedule Auto-Post', () => {
  it("refuses an Auto-Post without content or networks in the contract's words, and focuses the first problem", async () => {
    const sent = recordSaves();
    const { user } = openNew();

    await user.click(await screen.findByRole('button', { name: 'Schedule Auto-Post' }));

    expect(await screen.findByText(autoPostMessages.noContent)).toBeInTheDocument();
    expect(screen.getByText(autoPostMessages.noNetworks)).toBeInTheDocument();
    const body = screen.getByRole('textbox', { name: 'Post text' });
    expect(body).toHaveFocus();
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(body).toHaveAccessibleDescription(new RegExp(`${autoPostMessages.noContent}$`));

    // The problems follow the typing once shown.
    await user.type(body, 'Leg day');
    await user.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));
    await waitFor(() => expect(screen.queryByText(autoPostMessages.noContent)).not.toBeInTheDocument());
    expect(screen.queryByText(autoPostMessages.noNetworks)).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses a time in the past, a link that is not http(s), and Instagram without a graphic', async () => {
    const sent = recordSaves();
    const { user } = openNew();

    await user.type(await screen.findByRole('textbox', { name: 'Post text' }), 'Leg day');
    await user.click(screen.getByRole('checkbox', { name: 'Instagram' }));
    await user.type(screen.getByRole('textbox', { name: /Link/ }), 'ftp://fitpro.example.org');
    setWhen('2020-01-06', '09:00');
    await user.click(submit());

    expect(await screen.findByText(autoPostMessages.past)).toBeInTheDocument();
    expect(screen.getByText(libraryMessages.linkInvalid)).toBeInTheDocument();
    expect(screen.getByText('Instagram needs an image with every post.')).toBeInTheDocument();
    // The file input is hidden: focus goes to the drop zone that opens it.
    expect(screen.getByLabelText(/^Graphic/).closest('[role="button"]')).toHaveFocus();

    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '' } });
    expect(await screen.findByText('Choose a date and a time.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('X caption variants: added, each counted to 280 with the link, too long and identical ones refused, removed', async () => {
    const sent = recordSaves();
    const { user } = openNew();

    await user.type(await screen.findByRole('textbox', { name: 'Post text' }), 'Squat day');
    await user.type(screen.getByRole('textbox', { name: /Link/ }), link);
    expect(screen.queryByRole('group', { name: 'X caption variants' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'X' }));
    const variants = await screen.findByRole('group', { name: 'X caption variants' });

    await user.click(within(variants).getByRole('button', { name: 'Add a variant' }));
    await user.click(within(variants).getByRole('button', { name: 'Add a variant' }));
    const first = within(variants).getByRole('textbox', { name: 'Variant 1' });
    const second = within(variants).getByRole('textbox', { name: 'Variant 2' });
    await user.type(first, 'Squat day!');
    // 10 characters, a blank line, and the link, which X counts as 23.
    expect(first).toHaveAccessibleDescription('35 of 280 characters on X');
    await user.click(second);
    await user.paste('Squat day!');
    setWhen('2030-03-15', '09:30');
    await user.click(submit());

    expect(await screen.findByText(autoPostMessages.duplicateVariants)).toBeInTheDocument();
    expect(second).toHaveFocus();

    await user.clear(second);
    await user.paste('🏋'.repeat(130));
    // 130 emoji weigh 2 each on X: 260 + 2 + 23.
    expect(
      await within(variants).findByText('X allows 280 characters; this post has 285.'),
    ).toBeInTheDocument();
    expect(second).toHaveAccessibleDescription(
      '285 of 280 characters on X, too long X allows 280 characters; this post has 285.',
    );

    await user.click(within(variants).getByRole('button', { name: 'Remove variant 2' }));
    expect(within(variants).queryByRole('textbox', { name: 'Variant 2' })).not.toBeInTheDocument();
    await user.click(within(variants).getByRole('button', { name: 'Add a variant' }));
    await user.click(submit());
    expect(await within(variants).findByText('Write this caption or remove it.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('warns how many members lack a field without a fallback, what they read, and adds a fallback (issue 26)', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/autoposts/member-details', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('networks'));
        return HttpResponse.json({
          members: 40,
          missing: { first_name: 0, full_name: 0, business_name: 5, city: 12, booking_link: 3, sign_off: 40 },
        });
      }),
    );
    const { user } = openNew();
    const body = await screen.findByRole('textbox', { name: 'Post text' });
    await user.click(body);
    await user.paste(
      'Hi, I am {first_name} from {city}. Visit {business_name|my studio}.\nBook: {booking_link}',
    );
    await user.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Some members are missing details');
    expect(warning).toHaveTextContent(
      '12 of 40 members have no city: they will read “Hi, I am {first_name}.”',
    );
    expect(warning).toHaveTextContent(
      '3 of 40 members have no booking link: that part is left out of their post.',
    );
    // The field with a fallback, and the fields every member has, are not warned about.
    expect(warning).not.toHaveTextContent('business name');
    expect(warning).not.toHaveTextContent('first name');
    expect(asked).toContain('linkedin');

    const [cityFix] = within(warning).getAllByRole('textbox', { name: 'What they get instead' });
    if (!cityFix) throw new Error('no box');
    await user.type(cityFix, 'near you');
    const [addCity] = within(warning).getAllByRole('button', { name: 'Add fallback' });
    if (!addCity) throw new Error('no button');
    await user.click(addCity);
    expect(body).toHaveValue(
      'Hi, I am {first_name} from {city|near you}. Visit {business_name|my studio}.\nBook: {booking_link}',
    );
    await waitFor(() => expect(screen.getByRole('alert')).not.toHaveTextContent('no city'));
  });

  it("schedules from a library item (?contentId=) in the admin's time zone, then opens its progress", async () => {
    const sent = recordSaves();
    server.use(http.get(`/api/content/${contentId}`, () => HttpResponse.json(makeContentItem())));
    const { user } = openNew(`/app/manage/autopost?contentId=${contentId}`);

    expect(await screen.findByText('Squat cues')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Post text' })).toHaveValue('Knees out, chest up, brace.');
    expect(screen.getByRole('textbox', { name: /Link/ })).toHaveValue(link);
    expect(screen.getByRole('img', { name: 'The Auto-Post’s graphic' })).toHaveAttribute(
      'src',
      `http://localhost:3000/media/${mediaId}.jpg`,
    );

    setWhen('2030-03-15', '09:30');
    expect(screen.getByText(/Time zone: America\/New York \(EDT, UTC−04:00\)/)).toHaveTextContent(
      'goes out 3/15/2030 9:30 AM',
    );
    await user.click(screen.getByRole('checkbox', { name: 'X' }));
    await user.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));
    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    await user.type(screen.getByRole('textbox', { name: 'Variant 1' }), '  Brace first.  ');
    const spread = screen.getByRole('spinbutton', { name: 'Spread X posts over (minutes)' });
    await user.clear(spread);
    await user.type(spread, '30');
    await user.click(submit());

    expect(await screen.findByTestId('landed')).toHaveTextContent(`/app/manage/autopost/${autoPostId}`);
    expect(sent).toEqual([
      {
        method: 'POST',
        body: {
          contentId,
          body: 'Knees out, chest up, brace.',
          mediaId,
          link,
          networks: ['x', 'linkedin'],
          xVariants: ['Brace first.'],
          xSpreadMinutes: 30,
          scheduledAt: '2030-03-15T13:30:00.000Z',
          timeZone: 'America/New_York',
          utm: true,
        },
      },
    ]);
  });

  it('fills the post from the library picker and from an uploaded graphic', async () => {
    const searches: string[] = [];
    server.use(
      http.get('/api/content', ({ request }) => {
        searches.push(new URL(request.url).search);
        return HttpResponse.json({ items: [makeContentItem()], total: 1, page: 1, pageSize: 8 });
      }),
      // The picker's brand and tag filters.
      http.get('/api/brand', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 100 })),
      http.get('/api/tag', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 100 })),
      http.get(`/api/content/${contentId}`, () => HttpResponse.json(makeContentItem())),
      http.post('/api/media', () =>
        HttpResponse.json(
          makeMedia({
            id: 'b7b7b7b7-7777-4777-8777-777777777777',
            url: 'http://localhost:3000/media/b7b7b7b7-7777-4777-8777-777777777777.png',
            mimeType: 'image/png',
            width: 400,
            height: 400,
            bytes: 1000,
          }),
          { status: 201 },
        ),
      ),
    );
    const { user } = openNew();

    await user.click(await screen.findByRole('button', { name: 'Choose from Library' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: 'Use Squat cues' }));
    expect(screen.getByRole('textbox', { name: 'Post text' })).toHaveValue('Knees out, chest up, brace.');
    expect(await screen.findByText(/From the library:/)).toHaveTextContent('From the library: Squat cues');
    expect(searches[0]).toContain('pagesize=8');

    await user.click(screen.getByRole('button', { name: 'Remove graphic' }));
    expect(screen.queryByRole('img', { name: 'The Auto-Post’s graphic' })).not.toBeInTheDocument();
    await user.upload(
      screen.getByLabelText(/^Graphic/),
      new File(['png'], 'squat.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'The Auto-Post’s graphic' })).toHaveAttribute(
      'src',
      'http://localhost:3000/media/b7b7b7b7-7777-4777-8777-777777777777.png',
    );
  });

  it("changes an Auto-Post before it starts, and shows the server's refusal once it has", async () => {
    const bodies: AutoPostUpsert[] = [];
    server.use(
      http.get(`/api/autoposts/${autoPostId}`, () =>
        HttpResponse.json(makeDetail({ xVariants: ['Cue one', 'Cue two'], xSpreadMinutes: 20 })),
      ),
      http.put(`/api/autoposts/${autoPostId}`, async ({ request }) => {
        bodies.push((await request.json()) as AutoPostUpsert);
        return HttpResponse.json(
          { error: { code: 'conflict', message: autoPostMessages.started } },
          { status: 409 },
        );
      }),
    );
    const { user } = openEdit();

    const body = await screen.findByRole('textbox', { name: 'Post text' });
    expect(body).toHaveValue('Five squat cues that keep your knees happy.');
    expect(screen.getByLabelText('Date')).toHaveValue('2030-03-15');
    expect(screen.getByLabelText('Time')).toHaveValue('09:30');
    expect(screen.getByRole('textbox', { name: 'Variant 2' })).toHaveValue('Cue two');
    await user.type(body, ' Try them.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The Auto-Post was not changed.');
    expect(alert).toHaveTextContent(autoPostMessages.started);
    expect(bodies).toEqual([
      expect.objectContaining({
        body: 'Five squat cues that keep your knees happy. Try them.',
        xVariants: ['Cue one', 'Cue two'],
        xSpreadMinutes: 20,
        scheduledAt: '2030-03-15T13:30:00.000Z',
      }),
    ]);
  });

  it('says an Auto-Post that has started can no longer be changed', async () => {
    server.use(
      http.get(`/api/autoposts/${autoPostId}`, () =>
        HttpResponse.json(makeDetail({ status: 'fanning_out' })),
      ),
    );
    const { user } = openEdit();

    expect(await screen.findByText(autoPostMessages.started)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Post text' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View progress' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(`/app/manage/autopost/${autoPostId}`);
  });
});
