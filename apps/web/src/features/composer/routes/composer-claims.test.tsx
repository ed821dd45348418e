import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import { connectionsApi, makePost, renderComposer, savePostApi } from '../test/composer-kit';

// Health claims (issue 30): the member is warned as they type, with the safer wording, and saving
// still works.

const body = () => screen.getByLabelText('Post text');

async function openComposer() {
  const rendered = renderComposer('');
  await screen.findByRole('heading', { level: 1, name: 'Create New' });
  await screen.findByRole('checkbox', { name: /^X Casey Coach/ });
  return rendered;
}

/** The alert naming the claims (the composer's other alerts are about saving). */
async function claimAlert() {
  const alert = (await screen.findByText(/^Check th(is|ese).*health claims?$/)).closest('[role="alert"]');
  if (!(alert instanceof HTMLElement)) throw new Error('the claims are not in an alert');
  return alert;
}

describe('Create New › health claims', () => {
  it('names the phrase and the safer wording once typing pauses, and still saves the post', async () => {
    connectionsApi();
    const saved = savePostApi((post) => makePost({ body: post.body, status: 'draft', targets: [] }));
    const { user } = await openComposer();
    await user.type(body(), 'This stretch cures back pain');

    const alert = await claimAlert();
    expect(alert).toHaveTextContent('Check this health claim');
    expect(alert).toHaveTextContent('“cures back pain”');
    expect(alert).toHaveTextContent('Safer: Say how it may help you feel');
    expect(alert).toHaveTextContent('You can still save');

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
    expect(saved[0]?.body).toMatchObject({ body: 'This stretch cures back pain', draft: true });
  });

  it('says nothing about wording that makes no claim, and goes when the claim is reworded', async () => {
    connectionsApi();
    const { user } = await openComposer();
    await user.type(body(), 'Guaranteed results');
    expect(await claimAlert()).toHaveTextContent('“Guaranteed results”');
    await user.clear(body());
    await user.type(body(), 'I cured my fear of deadlifts');
    await waitFor(() => expect(screen.queryByText(/health claim/)).not.toBeInTheDocument());
  });

  it('uses the organisation’s rules: a rule switched off, a phrase added', async () => {
    server.use(
      http.get('/api/settings/health-claims', () =>
        HttpResponse.json({
          claimRulesOff: ['detox'],
          claimPhrases: [{ phrase: 'fat-burning', suggestion: 'energetic' }],
        }),
      ),
    );
    connectionsApi();
    const { user } = await openComposer();
    await user.type(body(), 'A fat-burning detox class');
    const alert = await claimAlert();
    expect(alert).toHaveTextContent('“fat-burning”');
    expect(alert).toHaveTextContent('Safer: energetic');
    expect(within(alert).queryByText(/detox/)).not.toBeInTheDocument();
  });
});
