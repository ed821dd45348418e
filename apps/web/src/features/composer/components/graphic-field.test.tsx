import { mediaMessages } from '@fitpost/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/setup';
import {
  connectionsApi,
  makeMedia,
  renderComposer,
  savePostApi,
  makePost,
  uploadedMediaId,
} from '../test/composer-kit';

const photo = () => new File([new Uint8Array(2048)], 'squat.jpg', { type: 'image/jpeg' });

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('Create New › graphic', () => {
  it('uploads a picked image with progress, previews it, and saves its alt text before posting', async () => {
    connectionsApi();
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    let uploadAuth: string | null = null;
    const altTexts: unknown[] = [];
    server.use(
      http.post('/api/media', async ({ request }) => {
        uploadAuth = request.headers.get('authorization');
        await arrived;
        return HttpResponse.json(makeMedia(), { status: 201 });
      }),
      http.patch(`/api/media/${uploadedMediaId}`, async ({ request }) => {
        const body = (await request.json()) as { altText: string };
        altTexts.push(body);
        return HttpResponse.json(makeMedia({ altText: body.altText }));
      }),
    );
    const saved = savePostApi(() => makePost({ mediaId: uploadedMediaId }));
    const { user, container } = renderComposer();
    await screen.findByText('Drag an image here, or click to choose one');

    await user.upload(fileInput(container), photo());
    expect(await screen.findByText('Uploading squat.jpg…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading squat.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post Now' })).toBeDisabled();
    release();

    const preview = await screen.findByRole('img', { name: "Your post's graphic" });
    expect(preview).toHaveAttribute('src', makeMedia().url);
    expect(uploadAuth).toBe('Bearer session-token-1');

    await user.type(screen.getByLabelText('Alt text'), 'A coach demonstrating a goblet squat');
    await user.tab();
    await waitFor(() => expect(altTexts).toEqual([{ altText: 'A coach demonstrating a goblet squat' }]));

    // A graphic alone is a post: no body needed.
    await user.click(screen.getByRole('checkbox', { name: /^X Casey Coach/ }));
    await user.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toMatchObject({ body: '', mediaId: uploadedMediaId });
    expect(altTexts).toHaveLength(1);
  });

  it('removes the image', async () => {
    connectionsApi();
    server.use(http.post('/api/media', () => HttpResponse.json(makeMedia(), { status: 201 })));
    const { user, container } = renderComposer();
    await screen.findByText('Drag an image here, or click to choose one');
    await user.upload(fileInput(container), photo());
    await screen.findByRole('img', { name: "Your post's graphic" });
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: "Your post's graphic" })).not.toBeInTheDocument();
    expect(screen.getByText('Drag an image here, or click to choose one')).toBeInTheDocument();
  });

  it('refuses files that are not images or too large before sending them, and shows the server refusal', async () => {
    connectionsApi();
    server.use(
      http.post('/api/media', () =>
        HttpResponse.json(
          { error: { code: 'validation', message: mediaMessages.unreadable } },
          { status: 400 },
        ),
      ),
    );
    const { container } = renderComposer();
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByText('Drag an image here, or click to choose one');

    await user.upload(fileInput(container), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(mediaMessages.notAnImage)).toBeInTheDocument();

    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(fileInput(container), big);
    expect(await screen.findByText(mediaMessages.tooLarge)).toBeInTheDocument();

    await user.upload(fileInput(container), photo());
    expect(await screen.findByText(mediaMessages.unreadable)).toBeInTheDocument();
  });
});
