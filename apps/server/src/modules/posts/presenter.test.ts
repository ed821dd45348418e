import { describe, expect, it } from 'vitest';
import { derivePostStatus, excerpt } from './presenter.js';

describe('excerpt', () => {
  it('keeps a short text whole, with its spacing tidied', () => {
    expect(excerpt('  Leg day\n\nsquats  and lunges ', 140)).toBe('Leg day squats and lunges');
  });

  it('cuts plain text at the length, without trailing space, with an ellipsis', () => {
    expect(excerpt('Long '.repeat(60), 12)).toBe('Long Long Lo…');
    expect(excerpt('abcdef', 6)).toBe('abcdef');
  });

  it('counts an emoji with its skin tone, a flag and an accented letter as one character each', () => {
    expect(excerpt('💪🏽'.repeat(150), 140)).toBe(`${'💪🏽'.repeat(140)}…`);
    expect(excerpt(`${'🇮🇪'.repeat(3)} go`, 2)).toBe('🇮🇪🇮🇪…');
    expect(excerpt('Zoe\u0301 lifts', 3)).toBe('Zoe\u0301…');
  });
});

describe('derivePostStatus', () => {
  const of = (...statuses: Parameters<typeof derivePostStatus>[0][number]['status'][]) =>
    derivePostStatus(statuses.map((status) => ({ status })));

  it('reads the post’s status from its targets', () => {
    expect(of()).toBe('draft');
    expect(of('cancelled', 'cancelled')).toBe('cancelled');
    expect(of('published', 'cancelled')).toBe('posted');
    expect(of('published', 'unknown')).toBe('publishing');
    expect(of('scheduled', 'failed')).toBe('scheduled');
    expect(of('published', 'failed')).toBe('partly_posted');
    expect(of('failed', 'needs_reconnect')).toBe('failed');
  });
});
