import { messages } from '@fitpost/contract';
import { describe, expect, it } from 'vitest';
import { makeConnection } from '@/test/fixtures';
import {
  emptyValues,
  hasErrors,
  reconnectMessage,
  toPostUpsert,
  validateComposer,
  whenMessages,
  type ComposerValues,
} from './composer-values';

const x = makeConnection({ id: '11111111-1111-4111-8111-111111111111', network: 'x' });
const lapsed = makeConnection({
  id: '22222222-2222-4222-8222-222222222222',
  network: 'facebook',
  status: 'needs_reconnect',
});
const zone = 'America/New_York';
const now = Date.parse('2026-03-07T12:00:00Z');
const context = { connections: [x, lapsed], zone, now, intent: 'publish' as const };

const values = (patch: Partial<ComposerValues>): ComposerValues => ({ ...emptyValues, ...patch });

describe('validateComposer', () => {
  it("names the spec's two rules for an empty post with no network", () => {
    const errors = validateComposer(emptyValues, context);
    expect(errors.body).toBe('Please add at least a body or a graphic');
    expect(errors.body).toBe(messages['post.error.data']);
    expect(errors.networks).toBe('Please select at least one social network');
    expect(errors.networks).toBe(messages['post.error.network']);
  });

  it('accepts a graphic without a body', () => {
    const graphic = { mediaId: 'm', url: '', altText: '', owned: true, width: null, height: null };
    expect(validateComposer(values({ graphic, connectionIds: [x.id] }), context)).toEqual({
      perConnection: {},
    });
  });

  it('puts per-network problems beside the account', () => {
    const errors = validateComposer(
      values({ body: 'a'.repeat(281), connectionIds: [x.id, lapsed.id] }),
      context,
    );
    expect(errors.perConnection).toEqual({
      [x.id]: 'X allows 280 characters; this post has 281.',
      [lapsed.id]: reconnectMessage,
    });
    expect(hasErrors(errors)).toBe(true);
  });

  it('needs a time in the future for a scheduled post', () => {
    const later = values({ body: 'Leg day', connectionIds: [x.id], when: 'later' });
    expect(validateComposer(later, context).when).toBe(whenMessages.missing);
    expect(validateComposer({ ...later, date: '2026-03-07', time: '06:59' }, context).when).toBe(
      whenMessages.past,
    );
    expect(validateComposer({ ...later, date: '2026-03-07', time: '07:01' }, context).when).toBeUndefined();
  });

  it('checks a link is a web address', () => {
    expect(validateComposer(values({ body: 'x', link: 'fit.example' }), context).link).toMatch(/http/);
  });

  it('keeps a draft with a body alone: no network or time needed', () => {
    expect(validateComposer(values({ body: 'Idea' }), { ...context, intent: 'draft' })).toEqual({
      perConnection: {},
    });
    expect(validateComposer(emptyValues, { ...context, intent: 'draft' }).body).toBe(
      messages['post.error.data'],
    );
  });
});

describe('toPostUpsert', () => {
  it('sends a scheduled time as the instant it names in the member zone', () => {
    const upsert = toPostUpsert(
      values({
        body: 'Leg day',
        link: ' https://fit.example/a ',
        connectionIds: [x.id],
        when: 'later',
        date: '2026-03-08',
        time: '09:00',
      }),
      zone,
      'publish',
    );
    expect(upsert).toEqual({
      body: 'Leg day',
      mediaId: null,
      link: 'https://fit.example/a',
      connectionIds: [x.id],
      contentId: null,
      publishNow: false,
      queue: false,
      scheduledAt: '2026-03-08T13:00:00.000Z',
      timeZone: zone,
      draft: false,
    });
  });

  it('marks Add to Queue (the default), Post Now and drafts', () => {
    expect(toPostUpsert(values({ body: 'Queued' }), zone, 'publish')).toMatchObject({
      queue: true,
      publishNow: false,
      scheduledAt: null,
    });
    expect(toPostUpsert(values({ body: 'Now', when: 'now' }), zone, 'publish')).toMatchObject({
      publishNow: true,
      queue: false,
      scheduledAt: null,
    });
    expect(toPostUpsert(values({ body: 'Later' }), zone, 'draft')).toMatchObject({
      publishNow: false,
      queue: false,
      draft: true,
    });
  });
});
