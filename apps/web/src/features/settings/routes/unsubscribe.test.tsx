import { emailTexts } from '@fitpost/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/msw-server';

const token = 'YWJjZGVmOnBvc3QuZmFpbGVk.c2lnbmF0dXJl';

describe('/unsubscribe', () => {
  it('asks first, then unsubscribes with the token, without signing in', async () => {
    const tokens: (string | null)[] = [];
    const oneClick: (FormDataEntryValue | null)[] = [];
    server.use(
      http.post('/api/email/unsubscribe', async ({ request }) => {
        tokens.push(new URL(request.url).searchParams.get('token'));
        // RFC 8058's one field, which the server requires of every unsubscribe POST.
        oneClick.push((await request.formData()).get('List-Unsubscribe'));
        return HttpResponse.json({ kind: 'post.failed', label: 'A post failed' });
      }),
    );
    const { user } = renderApp(`/unsubscribe?token=${token}`, {});
    expect(await screen.findByText('Stop this kind of email from FitPost?')).toBeInTheDocument();
    expect(tokens).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: you will no longer get "A post failed" emails.',
    );
    expect(tokens).toEqual([token]);
    expect(oneClick).toEqual(['One-Click']);
  });

  it('says the link has expired when the server says so', async () => {
    server.use(
      http.post('/api/email/unsubscribe', () =>
        HttpResponse.json({ error: { code: 'forbidden', message: emailTexts.expiredLink } }, { status: 403 }),
      ),
    );
    const { user } = renderApp(`/unsubscribe?token=${token}`, {});
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/This unsubscribe link has expired/)).toBeInTheDocument();
  });

  it('says the link is not valid when the server refuses the token', async () => {
    server.use(
      http.post('/api/email/unsubscribe', () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'This unsubscribe link is not valid.' } },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderApp(`/unsubscribe?token=${token}`, {});
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeInTheDocument();
  });

  it('offers nothing for a link without a token', async () => {
    renderApp('/unsubscribe', {});
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});
