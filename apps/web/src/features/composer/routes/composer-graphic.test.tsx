import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeMedia, uploadedMediaId } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { connectionsApi, renderComposer, savePostApi, makePost, postNow } from '../test/composer-kit';

const photo = () => new File([new Uint8Array(2048)], 'squat.jpg', { type: 'image/jpeg' });

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

// The upload itself (progress, refusals, alt text, remove) is tested with components/graphic-upload.
describe('Create New › graphic', () => {
  it('waits for the upload before posting, and saves the alt text before the post', async () => {
    connectionsApi();
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: string[] = [];
    server.use(
      http.post('/api/media', async () => {
        await arrived;
        return HttpResponse.json(makeMedia(), { status: 201 });
      }),
      http.patch(`/api/media/${uploadedMediaId}`, async ({ request }) => {
        const body = (await request.json()) as { altText: string };
        calls.push(`alt: ${body.altText}`);
        return HttpResponse.json(makeMedia({ altText: body.altText }));
      }),
    );
    const saved = savePostApi(() => {
      calls.push('post');
      return makePost({ mediaId: uploadedMediaId });
    });
    const { user, container } = renderComposer();
    await screen.findByText('Drag an image here, or click to choose one');

    await user.upload(fileInput(container), photo());
    expect(await screen.findByText('Uploading squat.jpg…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Queue' })).toBeDisabled();
    release();
    await screen.findByRole('img', { name: "Your post's graphic" });

    await user.type(screen.getByLabelText('Alt text'), 'A coach demonstrating a goblet squat');
    await user.tab();
    await waitFor(() => expect(calls).toEqual(['alt: A coach demonstrating a goblet squat']));

    // A graphic alone is a post: no body needed.
    await user.click(screen.getByRole('checkbox', { name: /^X Casey Coach/ }));
    await postNow(user);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({ body: '', mediaId: uploadedMediaId });
    expect(calls).toEqual(['alt: A coach demonstrating a goblet squat', 'post']);
  });
});
