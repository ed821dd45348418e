import { mediaMessages } from '@fitpost/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeMedia, memberUser, uploadedMediaId } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import type { Graphic } from './graphic';
import { GraphicUpload } from './graphic-upload';
import { useAltTextSync } from './use-alt-text';

const photo = () => new File([new Uint8Array(2048)], 'squat.jpg', { type: 'image/jpeg' });

/** A form with one graphic, saved (alt text first) by its Save button. */
function Harness({ onSaved }: { onSaved: (graphic: Graphic | null) => void }) {
  const [graphic, setGraphic] = useState<Graphic | null>(null);
  const altText = useAltTextSync(null);
  return (
    <div>
      <label htmlFor="graphic">Graphic</label>
      <GraphicUpload
        id="graphic"
        value={graphic}
        onChange={setGraphic}
        altText={altText}
        previewAlt="The graphic"
      />
      <button
        type="button"
        onClick={() =>
          void altText.sync(graphic).then(
            () => onSaved(graphic),
            () => undefined,
          )
        }
      >
        Save
      </button>
    </div>
  );
}

function renderHarness() {
  const saved: (Graphic | null)[] = [];
  const result = renderScreen(<Harness onSaved={(graphic) => saved.push(graphic)} />, { user: memberUser });
  return { ...result, saved };
}

describe('GraphicUpload', () => {
  it('uploads a picked image with the session, showing progress, then previews it', async () => {
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    let auth: string | null = null;
    server.use(
      http.post('/api/media', async ({ request }) => {
        auth = request.headers.get('authorization');
        await arrived;
        return HttpResponse.json(makeMedia(), { status: 201 });
      }),
    );
    const { user } = renderHarness();
    await user.upload(screen.getByLabelText('Graphic'), photo());
    expect(await screen.findByText('Uploading squat.jpg…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading squat.jpg' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('img', { name: 'The graphic' })).toHaveAttribute('src', makeMedia().url);
    expect(auth).toBe(`Bearer ${memberUser.token}`);
  });

  it('stops an upload on Cancel upload', async () => {
    server.use(http.post('/api/media', () => new Promise<Response>(() => undefined)));
    const { user } = renderHarness();
    await user.upload(screen.getByLabelText('Graphic'), photo());
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(screen.queryByText('Uploading squat.jpg…')).not.toBeInTheDocument();
    expect(screen.getByText('Drag an image here, or click to choose one')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the alt text when the member leaves the field, and before the form saves', async () => {
    const altTexts: unknown[] = [];
    server.use(
      http.post('/api/media', () => HttpResponse.json(makeMedia(), { status: 201 })),
      http.patch(`/api/media/${uploadedMediaId}`, async ({ request }) => {
        const body = (await request.json()) as { altText: string };
        altTexts.push(body.altText);
        return HttpResponse.json(makeMedia({ altText: body.altText }));
      }),
    );
    const { user, saved } = renderHarness();
    await user.upload(screen.getByLabelText('Graphic'), photo());
    await user.type(await screen.findByLabelText('Alt text'), 'A goblet squat');
    await user.tab();
    await waitFor(() => expect(altTexts).toEqual(['A goblet squat']));
    expect(screen.getByRole('img', { name: 'A goblet squat' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Alt text'), ', side view');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(altTexts).toEqual(['A goblet squat', 'A goblet squat, side view']);
    expect(saved[0]).toMatchObject({ mediaId: uploadedMediaId, altText: 'A goblet squat, side view' });
  });

  it("shows the server's refusal of the alt text, and the form does not save", async () => {
    server.use(
      http.post('/api/media', () => HttpResponse.json(makeMedia(), { status: 201 })),
      http.patch(`/api/media/${uploadedMediaId}`, () =>
        HttpResponse.json(
          { error: { code: 'validation', message: mediaMessages.altTextTooLong } },
          { status: 400 },
        ),
      ),
    );
    const { user, saved } = renderHarness();
    await user.upload(screen.getByLabelText('Graphic'), photo());
    await user.type(await screen.findByLabelText('Alt text'), 'Too long, says the server');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(mediaMessages.altTextTooLong);
    expect(saved).toEqual([]);
  });

  it('removes the graphic', async () => {
    server.use(http.post('/api/media', () => HttpResponse.json(makeMedia(), { status: 201 })));
    const { user } = renderHarness();
    await user.upload(screen.getByLabelText('Graphic'), photo());
    await user.click(await screen.findByRole('button', { name: 'Remove graphic' }));
    expect(screen.queryByRole('img', { name: 'The graphic' })).not.toBeInTheDocument();
    expect(screen.getByText('Drag an image here, or click to choose one')).toBeInTheDocument();
  });

  it('refuses files that are not images or too large before sending them, and shows the server refusal', async () => {
    let uploads = 0;
    server.use(
      http.post('/api/media', () => {
        uploads += 1;
        return HttpResponse.json(
          { error: { code: 'validation', message: mediaMessages.unreadable } },
          { status: 400 },
        );
      }),
    );
    renderHarness();
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(
      screen.getByLabelText('Graphic'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(mediaMessages.notAnImage)).toBeInTheDocument();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Graphic'), big);
    expect(await screen.findByText(mediaMessages.tooLarge)).toBeInTheDocument();
    expect(uploads).toBe(0);

    await user.upload(screen.getByLabelText('Graphic'), photo());
    expect(await screen.findByText(mediaMessages.unreadable)).toBeInTheDocument();
    expect(uploads).toBe(1);
  });
});
