import type { MessageItem, MessageList, MessageSummary, MessageThread } from '@fitpost/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { composeState } from '@/lib/compose-recipients';
import { adminUser, makeUserSummary, memberUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { splitLinks } from './linked-text';
import { MessagesPanel } from './messages-panel';

const admin = { id: 'c0000000-0000-4000-8000-000000000001', fullName: 'Avery Admin' };
const coach = { id: memberUser.id, fullName: memberUser.fullName };
const threadId = 'd0000000-0000-4000-8000-000000000001';
const body = 'Spring challenge starts Monday: https://example.com/challenge. <script>window.x=1</script>';

const summary: MessageSummary = {
  id: threadId,
  kind: 'thread',
  subject: 'Spring challenge',
  preview: body.slice(0, 140),
  author: admin,
  member: coach,
  to: 'All members',
  lastAt: '2026-11-24T10:00:00.000Z',
  unread: true,
  replyCount: 0,
  recipientCount: null,
  readCount: null,
};

const page = (items: MessageSummary[], unread = items.filter((i) => i.unread).length): MessageList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  unread,
});

/** A small messages API holding one thread; replies and sends are recorded, `fail` makes them 500. */
function messagesApi(opts: { fail?: boolean; sent?: MessageSummary[] } = {}) {
  const items: MessageItem[] = [
    {
      id: 'e0000000-0000-4000-8000-000000000001',
      author: admin,
      fromAdmin: true,
      body,
      createdAt: summary.lastAt,
    },
  ];
  const posted: { url: string; body: unknown }[] = [];
  let read = false;
  const refuse = () =>
    HttpResponse.json({ error: { code: 'internal', message: 'The server is unavailable' } }, { status: 500 });
  server.use(
    http.get('/api/message', ({ request }) => {
      const folder = new URL(request.url).searchParams.get('folder');
      if (folder === 'sent') return HttpResponse.json(page(opts.sent ?? []));
      return HttpResponse.json(page([{ ...summary, unread: !read, replyCount: items.length - 1 }]));
    }),
    http.get('/api/message/:id', () => {
      read = true;
      return HttpResponse.json({
        id: threadId,
        kind: 'thread',
        subject: summary.subject,
        to: 'All members',
        member: coach,
        createdAt: summary.lastAt,
        canReply: true,
        items,
        recipientCount: null,
        readCount: null,
      } satisfies MessageThread);
    }),
    http.post('/api/message/:id/reply', async ({ request }) => {
      const sent = (await request.json()) as { body: string };
      posted.push({ url: new URL(request.url).pathname, body: sent });
      if (opts.fail) return refuse();
      const reply = {
        id: `e0000000-0000-4000-8000-00000000000${items.length + 1}`,
        author: coach,
        fromAdmin: false,
        body: sent.body,
        createdAt: '2026-11-24T11:00:00.000Z',
      };
      items.push(reply);
      return HttpResponse.json(reply, { status: 201 });
    }),
    http.post('/api/message', async ({ request }) => {
      posted.push({ url: '/api/message', body: await request.json() });
      if (opts.fail) return refuse();
      return HttpResponse.json({ id: threadId, kind: 'thread', recipientCount: 1 }, { status: 201 });
    }),
  );
  return { posted };
}

describe('splitLinks', () => {
  it('makes http(s) addresses links, leaving trailing punctuation and everything else text', () => {
    expect(splitLinks('See https://a.example/x?y=1. And javascript:alert(1) or (http://b.example)')).toEqual([
      { text: 'See ' },
      { text: 'https://a.example/x?y=1', href: 'https://a.example/x?y=1' },
      { text: '. And javascript:alert(1) or (' },
      { text: 'http://b.example', href: 'http://b.example' },
      { text: ')' },
    ]);
  });
});

describe('MessagesPanel for a member', () => {
  it('lists the inbox, opens a thread as text with its links, and sends a reply with Send Reply', async () => {
    const api = messagesApi();
    const { user, container } = renderScreen(<MessagesPanel />, { user: memberUser });
    const panel = await screen.findByRole('region', { name: 'Messages' });
    await within(panel).findByText('1 unread');
    await user.click(within(panel).getByRole('link', { name: 'Spring challenge, unread' }));

    const thread = await screen.findByRole('article', { name: 'Spring challenge' });
    expect(within(thread).getByRole('link', { name: 'https://example.com/challenge' })).toHaveAttribute(
      'href',
      'https://example.com/challenge',
    );
    // Markup in a message is shown as the text it is.
    expect(within(thread).getByText(/<script>window.x=1<\/script>/)).toBeInTheDocument();
    expect(container.querySelector('.message-text script')).toBeNull();

    await user.click(within(thread).getByRole('button', { name: 'Reply' }));
    const draft = within(thread).getByRole('textbox', { name: 'Your reply' });
    expect(draft).toHaveFocus();
    await user.type(draft, 'Count me in');
    await user.click(within(thread).getByRole('button', { name: 'Send Reply' }));
    await within(thread).findByText('Count me in');
    expect(api.posted).toEqual([{ url: `/api/message/${threadId}/reply`, body: { body: 'Count me in' } }]);
    expect(within(thread).queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '← Back to messages' }));
    expect(await screen.findByRole('link', { name: 'Spring challenge' })).toBeInTheDocument();
  });

  it('keeps the reply draft when sending fails, and says why', async () => {
    messagesApi({ fail: true });
    const { user, router } = renderScreen(<MessagesPanel />, { user: memberUser });
    await router.navigate(`/?thread=${threadId}`);
    const thread = await screen.findByRole('article', { name: 'Spring challenge' });
    await user.click(within(thread).getByRole('button', { name: 'Reply' }));
    await user.type(within(thread).getByRole('textbox', { name: 'Your reply' }), 'Will this arrive?');
    await user.click(within(thread).getByRole('button', { name: 'Send Reply' }));
    expect(
      await within(thread).findByText('Your reply was not sent. Your text is still here.'),
    ).toBeInTheDocument();
    expect(within(thread).getByText('The server is unavailable')).toBeInTheDocument();
    expect(within(thread).getByRole('textbox', { name: 'Your reply' })).toHaveValue('Will this arrive?');
  });

  it("composes to the portal's admins without naming recipients; a failed send keeps the draft", async () => {
    const api = messagesApi({ fail: true });
    const { user } = renderScreen(<MessagesPanel />, { user: memberUser });
    await user.click(await screen.findByRole('button', { name: 'Compose' }));
    const form = screen.getByRole('region', { name: 'Compose' });
    expect(within(form).getByText("To: The portal's admins")).toBeInTheDocument();
    expect(within(form).queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Please write a subject')).toBeInTheDocument();
    expect(api.posted).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Help with LinkedIn');
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'It will not connect.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(
      await within(form).findByText('Your message was not sent. What you wrote is still here.'),
    ).toBeInTheDocument();
    expect(api.posted).toEqual([
      { url: '/api/message', body: { subject: 'Help with LinkedIn', body: 'It will not connect.' } },
    ]);
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveValue('Help with LinkedIn');
    expect(within(form).getByRole('textbox', { name: 'Message' })).toHaveValue('It will not connect.');
  });

  it('says why the list did not load, with Retry', async () => {
    server.use(
      http.get('/api/message', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Server error' } }, { status: 500 }),
      ),
    );
    renderScreen(<MessagesPanel />, { user: memberUser });
    expect(await screen.findByText('Your messages could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('MessagesPanel for an admin', () => {
  it('sends to chosen members found by search, then shows the sent folder with read counts', async () => {
    const dana = makeUserSummary({
      id: 'f0000000-0000-4000-8000-000000000001',
      fullName: 'Dana Coach',
      email: 'dana@example.com',
    });
    const searches: string[] = [];
    const sentItem: MessageSummary = {
      ...summary,
      id: 'f1000000-0000-4000-8000-000000000001',
      kind: 'sent',
      subject: 'For Dana',
      member: null,
      to: '1 chosen member',
      unread: false,
      recipientCount: 2,
      readCount: 1,
    };
    const api = messagesApi({ sent: [sentItem] });
    server.use(
      http.get('/api/user', ({ request }) => {
        const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
        searches.push(keyword);
        const items = keyword && 'dana coach'.includes(keyword.toLowerCase()) ? [dana] : [];
        return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 20 });
      }),
      http.get('/api/role', () => HttpResponse.json([])),
      http.post('/api/message', async ({ request }) => {
        api.posted.push({ url: '/api/message', body: await request.json() });
        return HttpResponse.json({ id: sentItem.id, kind: 'sent', recipientCount: 1 }, { status: 201 });
      }),
    );
    const { user } = renderScreen(<MessagesPanel />, { user: adminUser });
    await user.click(await screen.findByRole('button', { name: 'Compose' }));
    const form = screen.getByRole('region', { name: 'Compose' });
    await user.click(within(form).getByRole('radio', { name: 'Chosen members' }));
    const picker = await within(form).findByRole('combobox', { name: 'Members' });
    await user.type(picker, 'dana');
    await user.click(await screen.findByText('Dana Coach <dana@example.com>'));
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'For Dana');
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'Well done!');
    await user.click(within(form).getByRole('button', { name: 'Send' }));

    await screen.findByText('Message sent');
    expect(api.posted).toEqual([
      { url: '/api/message', body: { subject: 'For Dana', body: 'Well done!', to: { userIds: [dana.id] } } },
    ]);
    expect(searches).toContain('dana');
    expect(await screen.findByText('Read by 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sent' })).toBeChecked();
  });

  it('sends to every member by default', async () => {
    const api = messagesApi();
    server.use(http.get('/api/role', () => HttpResponse.json([])));
    const { user } = renderScreen(<MessagesPanel />, { user: adminUser });
    await user.click(await screen.findByRole('button', { name: 'Compose' }));
    const form = screen.getByRole('region', { name: 'Compose' });
    expect(within(form).getByRole('radio', { name: 'All members' })).toBeChecked();
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'Everyone');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.posted).toEqual([
        { url: '/api/message', body: { subject: 'Hello', body: 'Everyone', to: { all: true } } },
      ]),
    );
  });
});

describe('MessagesPanel opened from the Inactive Users report', () => {
  it('composes to the handed members, chosen and named, and sends to their ids', async () => {
    const ben = { id: 'f0000000-0000-4000-8000-000000000002', label: 'Ben Coach <ben@example.com>' };
    const cara = { id: 'f0000000-0000-4000-8000-000000000003', label: 'Cara Coach <cara@example.com>' };
    const api = messagesApi();
    server.use(
      http.get('/api/user', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
      http.get('/api/role', () => HttpResponse.json([])),
    );
    const { user } = renderScreen(<MessagesPanel />, {
      user: adminUser,
      path: '/app/manage/messages',
      state: composeState([ben, cara]),
    });
    const form = await screen.findByRole('region', { name: 'Compose' });
    expect(within(form).getByRole('radio', { name: 'Chosen members' })).toBeChecked();
    expect(within(form).getByText(ben.label)).toBeInTheDocument();
    expect(within(form).getByText(cara.label)).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'We miss you');
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'Anything we can help with?');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await screen.findByText('Message sent');
    expect(api.posted).toEqual([
      {
        url: '/api/message',
        body: {
          subject: 'We miss you',
          body: 'Anything we can help with?',
          to: { userIds: [ben.id, cara.id] },
        },
      },
    ]);
  });
});
