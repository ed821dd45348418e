import { mediaRecord, userInfo } from '@fitpost/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeMedia, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { ApiError, apiRequest, apiUpload, checkedByServer } from './api-client';
import { browser } from './browser';
import { getStoredUser, setStoredUser } from './session';

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('call error text (spec §8)', () => {
  it('joins the descriptions of an array response with newlines', async () => {
    server.use(
      http.get('/api/thing', () =>
        HttpResponse.json([{ description: 'Email is taken' }, { description: 'Name is too long' }], {
          status: 400,
        }),
      ),
    );
    const error = await failure(apiRequest('/api/thing'));
    expect(error.text).toBe('Email is taken\nName is too long');
    expect(error.status).toBe(400);
  });

  it("uses our envelope's message and code", async () => {
    server.use(
      http.get('/api/thing', () =>
        HttpResponse.json(
          { error: { code: 'no_access', message: 'Your membership has lapsed' } },
          { status: 403 },
        ),
      ),
    );
    const error = await failure(apiRequest('/api/thing'));
    expect(error.text).toBe('Your membership has lapsed');
    expect(error.code).toBe('no_access');
  });

  it('otherwise shows the response body', async () => {
    server.use(http.get('/api/thing', () => new HttpResponse('Bad gateway from the proxy', { status: 502 })));
    const error = await failure(apiRequest('/api/thing'));
    expect(error.text).toBe('Bad gateway from the proxy');
  });

  it("keeps the fields a validation refusal names (the envelope's details)", async () => {
    const details = [{ path: 'link', message: 'Invalid URL' }];
    server.use(
      http.get('/api/thing', () =>
        HttpResponse.json(
          { error: { code: 'validation', message: 'Invalid body: link Invalid URL', details } },
          { status: 400 },
        ),
      ),
    );
    const error = await failure(apiRequest('/api/thing'));
    expect(error.details).toEqual(details);
  });

  it("says 'network error' when no response arrives", async () => {
    server.use(http.get('/api/thing', () => HttpResponse.error()));
    const error = await failure(apiRequest('/api/thing'));
    expect(error.text).toBe('network error');
    expect(error.status).toBeNull();
  });

  it("says 'error' when the failed response has no body", async () => {
    server.use(http.get('/api/thing', () => new HttpResponse(null, { status: 500 })));
    const error = await failure(apiRequest('/api/thing'));
    expect(error.text).toBe('error');
  });

  it("says 'error' when a successful response does not match the contract", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/thing', () => HttpResponse.json({ id: 'not a user' })));
    const error = await failure(apiRequest('/api/thing', { schema: userInfo }));
    expect(error.text).toBe('error');
    expect(error.code).toBe('invalid_response');
  });
});

describe('requests', () => {
  it('sends the bearer token, and JSON only when there is a body', async () => {
    setStoredUser(makeUser({ token: 'tok-123' }));
    const seen: { auth: string | null; type: string | null; body: unknown }[] = [];
    server.use(
      http.put('/api/thing', async ({ request }) => {
        seen.push({
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        });
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete('/api/thing', ({ request }) => {
        seen.push({
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: null,
        });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await apiRequest('/api/thing', { method: 'PUT', body: { timeZone: 'Europe/Paris' } });
    await apiRequest('/api/thing', { method: 'DELETE' });

    expect(seen).toEqual([
      { auth: 'Bearer tok-123', type: 'application/json', body: { timeZone: 'Europe/Paris' } },
      { auth: 'Bearer tok-123', type: null, body: null },
    ]);
  });

  it('sends a FormData body as multipart, with its own boundary', async () => {
    setStoredUser(makeUser({ token: 'tok-123' }));
    let seen: { auth: string | null; type: string | null; body: string } | null = null;
    server.use(
      http.post('/api/media', async ({ request }) => {
        // Read as text: jsdom's File is not the one undici's form parser accepts.
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.text(),
        };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const form = new FormData();
    // A text field: under jsdom, a File's bytes do not survive into Node's fetch (a test-only gap).
    form.append('altText', 'A coach mid-squat');
    await apiRequest('/api/media', { method: 'POST', body: form });

    expect(seen).toEqual({
      auth: 'Bearer tok-123',
      type: expect.stringMatching(/^multipart\/form-data; boundary=/),
      body: expect.stringMatching(/name="altText"\r\n\r\nA coach mid-squat/),
    });
  });

  it("yields to the browser (scheduler.yield) before starting its request, so a screen's burst of calls is not one long task", async () => {
    const order: string[] = [];
    vi.stubGlobal('scheduler', {
      yield: () => {
        order.push('yield');
        return Promise.resolve();
      },
    });
    server.use(
      http.get('/api/thing', () => {
        order.push('request');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    try {
      await apiRequest('/api/thing');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(order).toEqual(['yield', 'request']);
  });

  it('skips empty query values', async () => {
    let search = '';
    server.use(
      http.get('/api/user', ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({});
      }),
    );
    await apiRequest('/api/user', { query: { portalid: 7, keyword: '', roleid: undefined, desc: false } });
    expect(search).toBe('?portalid=7&desc=false');
  });

  it('parses the response with the given schema', async () => {
    const user = makeUser();
    server.use(http.get('/api/thing', () => HttpResponse.json({ ...user, extra: 'dropped' })));
    await expect(apiRequest('/api/thing', { schema: userInfo })).resolves.toEqual(user);
  });

  it("takes a first-screen call's answer as the server sent it (checkedByServer): typed by the contract, not parsed again", async () => {
    const answer = { ...makeUser(), extra: 'kept' };
    server.use(http.get('/api/thing', () => HttpResponse.json(answer)));
    await expect(apiRequest('/api/thing', { schema: checkedByServer<typeof answer>() })).resolves.toEqual(
      answer,
    );
  });
});

describe('401', () => {
  it('clears the stored user and reloads the page', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    setStoredUser(makeUser());
    server.use(
      http.get('/api/thing', () =>
        HttpResponse.json(
          { error: { code: 'unauthenticated', message: 'Session expired' } },
          { status: 401 },
        ),
      ),
    );

    const error = await failure(apiRequest('/api/thing'));
    expect(error.status).toBe(401);
    expect(getStoredUser()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload for an anonymous call (nothing to sign out; a reload could loop)', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    server.use(http.get('/api/thing', () => new HttpResponse(null, { status: 401 })));

    await failure(apiRequest('/api/thing'));
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('apiUpload (multipart with progress)', () => {
  const form = () => {
    const data = new FormData();
    data.append('file', new File([new Uint8Array(64)], 'a.jpg', { type: 'image/jpeg' }));
    return data;
  };

  it('sends the bearer token and parses the answer with the contract', async () => {
    setStoredUser(makeUser());
    let auth: string | null = null;
    server.use(
      http.post('/api/upload', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json(makeMedia(), { status: 201 });
      }),
    );
    const progress: number[] = [];
    await expect(
      apiUpload('/api/upload', form(), { schema: mediaRecord, onProgress: (p) => progress.push(p) }),
    ).resolves.toEqual(makeMedia());
    expect(auth).toBe('Bearer session-token-1');
    expect(progress.at(-1)).toBe(100);
  });

  it('fails with the envelope like apiRequest, and a 401 signs out', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    setStoredUser(makeUser());
    server.use(
      http.post('/api/upload', () =>
        HttpResponse.json(
          { error: { code: 'unauthenticated', message: 'Session expired' } },
          { status: 401 },
        ),
      ),
    );
    const error = await failure(apiUpload('/api/upload', form(), { schema: mediaRecord }));
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated', text: 'Session expired' });
    expect(getStoredUser()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("says 'error' when the answer does not match the contract", async () => {
    server.use(http.post('/api/upload', () => HttpResponse.json({ id: 'nope' }, { status: 201 })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await failure(apiUpload('/api/upload', form(), { schema: mediaRecord }));
    expect(error).toMatchObject({ code: 'invalid_response', text: 'error' });
  });
});
