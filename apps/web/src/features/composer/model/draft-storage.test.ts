import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyValues, type ComposerValues } from './composer-values';
import { clearDraft, draftKey, readDraft, writeDraft } from './draft-storage';

const values: ComposerValues = {
  ...emptyValues,
  body: 'Tempo squats 3×8 — Zoë’s favourite',
  connectionIds: ['c1', 'c2'],
  when: 'later',
  date: '2026-12-01',
  time: '10:00',
  graphic: { mediaId: 'm1', url: '/api/media/m1', altText: 'A squat', owned: true, width: 800, height: null },
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('draft storage', () => {
  it('keeps one draft per member and per post', () => {
    expect(draftKey('u1', null)).not.toBe(draftKey('u2', null));
    expect(draftKey('u1', null)).not.toBe(draftKey('u1', 'p1'));
    writeDraft(draftKey('u1', null), values, 1000);
    expect(readDraft(draftKey('u1', null))).toEqual({ values, savedAt: 1000 });
    expect(readDraft(draftKey('u2', null))).toBeNull();
    expect(readDraft(draftKey('u1', 'p1'))).toBeNull();
  });

  it('is gone once cleared (after a successful save)', () => {
    const key = draftKey('u1', 'p1');
    writeDraft(key, values, 1000);
    clearDraft(key);
    expect(readDraft(key)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('trusts only a well-formed draft', () => {
    const key = draftKey('u1', null);
    for (const raw of [
      'not json',
      '{"savedAt":1}',
      JSON.stringify({ values, savedAt: 'yesterday' }),
      JSON.stringify({ values: { ...values, when: 'soon' }, savedAt: 1 }),
      JSON.stringify({ values: { ...values, connectionIds: [1] }, savedAt: 1 }),
      JSON.stringify({ values: { ...values, graphic: { mediaId: 'm1' } }, savedAt: 1 }),
    ]) {
      localStorage.setItem(key, raw);
      expect(readDraft(key)).toBeNull();
    }
  });

  it('lives as long as the page when storage refuses it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeDraft(draftKey('u1', null), values)).not.toThrow();
    expect(readDraft(draftKey('u1', null))).toBeNull();
  });
});
