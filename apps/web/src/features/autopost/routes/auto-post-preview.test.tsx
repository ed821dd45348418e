import type { AutoPostMemberPreview, AutoPostPreview } from '@fitpost/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUserSummary } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { admin, autoPostId, makeDetail, mount } from '../test/autopost-kit';
import { AutoPostPreviewRoute } from './auto-post-preview';

const dana = makeUserSummary({
  id: '7d7d7d7d-7777-4777-8777-777777777777',
  fullName: 'Dana Coach',
  email: 'dana@example.com',
});
const tagged = (network: string, content: string) =>
  `https://fitpro.example.org/spring?utm_source=${network}&utm_medium=social&utm_campaign=${autoPostId}&utm_content=${content}`;

/** A card's name: "X preview for Casey Coach" (jsdom drops the space before the hidden words). */
const cardName = (network: string, member: string) => new RegExp(`^${network} preview\\s*for ${member}$`);

function memberPreview(overrides: Partial<AutoPostMemberPreview>): AutoPostMemberPreview {
  return {
    userId: '1b1b1b1b-1111-4111-8111-111111111111',
    fullName: 'Casey Coach',
    thumbnailUrl: '',
    reason: 'first',
    missingFields: [],
    optedIn: true,
    posts: [
      {
        network: 'x',
        text: 'Train with Casey in Leeds!',
        link: tagged('x', 'aaaa'),
        account: { accountName: 'Casey Coach', handle: 'casey_coach_fit', pictureUrl: '' },
      },
      {
        network: 'linkedin',
        text: 'Train with Casey in Leeds!',
        link: tagged('linkedin', 'aaaa'),
        account: null,
      },
    ],
    ...overrides,
  };
}

const sample: AutoPostPreview = {
  autoPostId,
  members: [
    memberPreview({}),
    memberPreview({
      userId: '2b2b2b2b-2222-4222-8222-222222222222',
      fullName: 'Rob Runner',
      reason: 'missing',
      missingFields: ['city'],
      posts: [
        { network: 'x', text: 'Train with Rob!', link: tagged('x', 'bbbb'), account: null },
        { network: 'linkedin', text: 'Train with Rob!', link: tagged('linkedin', 'bbbb'), account: null },
      ],
    }),
  ],
};

function previewApi(answers: { sample?: AutoPostPreview | 'error' } = {}) {
  const asked: (string | null)[] = [];
  server.use(
    http.get(`/api/autoposts/${autoPostId}`, () =>
      HttpResponse.json(
        makeDetail({ link: 'https://fitpro.example.org/spring', body: 'Train with {first_name}!' }),
      ),
    ),
    http.get(`/api/autoposts/${autoPostId}/preview`, ({ request }) => {
      const userId = new URL(request.url).searchParams.get('userId');
      asked.push(userId);
      if (userId === dana.id) {
        return HttpResponse.json({
          autoPostId,
          members: [
            memberPreview({
              userId: dana.id,
              fullName: 'Dana Coach',
              reason: 'searched',
              optedIn: false,
              posts: [
                { network: 'x', text: 'Train with Dana in York!', link: tagged('x', 'cccc'), account: null },
                {
                  network: 'linkedin',
                  text: 'Train with Dana in York!',
                  link: tagged('linkedin', 'cccc'),
                  account: null,
                },
              ],
            }),
          ],
        } satisfies AutoPostPreview);
      }
      const answer = answers.sample ?? sample;
      return answer === 'error'
        ? HttpResponse.json({ error: { code: 'internal', message: 'The database is away' } }, { status: 500 })
        : HttpResponse.json(answer);
    }),
    http.get('/api/user', ({ request }) => {
      const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
      const items = keyword && 'dana coach'.includes(keyword.toLowerCase()) ? [dana] : [];
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 20 });
    }),
  );
  return { asked };
}

function open() {
  return mount(<AutoPostPreviewRoute />, {
    user: admin,
    path: '/app/preview/auto-post/:id',
    at: `/app/preview/auto-post/${autoPostId}`,
  });
}

describe('/app/preview/auto-post/:id', () => {
  it("shows each sampled member's own post on every network, with the link as sent", async () => {
    previewApi();
    open();

    expect(await screen.findByRole('heading', { level: 1, name: 'Auto-Post Preview' })).toBeInTheDocument();
    const casey = await screen.findByRole('article', { name: 'Casey Coach' });
    expect(within(casey).getByText('First member reached')).toBeInTheDocument();
    const xCard = within(casey).getByRole('article', { name: cardName('X', 'Casey Coach') });
    expect(xCard).toHaveTextContent('Train with Casey in Leeds!');
    // The member's connected X account, not a handle made up from their name (issue 26).
    expect(xCard).toHaveTextContent('@casey_coach_fit');
    expect(xCard).not.toHaveTextContent('@caseycoach ');
    expect(
      within(xCard).getByText(tagged('x', 'aaaa'), { selector: '.member-preview-url' }),
    ).toBeInTheDocument();
    const linkedIn = within(casey).getByRole('article', { name: cardName('LinkedIn', 'Casey Coach') });
    expect(
      within(linkedIn).getByText(tagged('linkedin', 'aaaa'), { selector: '.member-preview-url' }),
    ).toBeInTheDocument();

    const rob = screen.getByRole('article', { name: 'Rob Runner' });
    expect(within(rob).getByText('Missing some details')).toBeInTheDocument();
    expect(rob).toHaveTextContent('No city in their details');
    expect(screen.getByRole('link', { name: 'Edit Auto-Post' })).toHaveAttribute(
      'href',
      `/app/manage/autopost/${autoPostId}/edit`,
    );
  });

  it('shows the member the admin searches for, and says when they are not opted in', async () => {
    const { asked } = previewApi();
    const { user } = open();
    await screen.findByRole('article', { name: 'Casey Coach' });

    await user.type(screen.getByRole('combobox', { name: 'Member' }), 'dana');
    await user.click(await screen.findByText('Dana Coach <dana@example.com>'));

    const danaCard = await screen.findByRole('article', { name: 'Dana Coach' });
    expect(within(danaCard).getByText('Searched for')).toBeInTheDocument();
    expect(danaCard).toHaveTextContent('will not receive this Auto-Post');
    expect(within(danaCard).getByRole('article', { name: cardName('X', 'Dana Coach') })).toHaveTextContent(
      'Train with Dana in York!',
    );
    expect(asked).toContain(dana.id);
  });

  it('says when no member is opted in, and offers a retry when the preview fails', async () => {
    previewApi({ sample: { autoPostId, members: [] } });
    const first = open();
    expect(await screen.findByText(/No member has Auto-Post on for these networks yet/)).toBeInTheDocument();
    first.unmount();

    previewApi({ sample: 'error' });
    open();
    expect(await screen.findByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });
});
