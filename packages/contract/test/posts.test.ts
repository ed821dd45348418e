import { describe, expect, it } from 'vitest';
import { targetStatuses, type TargetStatus } from '../src/names.js';
import { isPostEditable } from '../src/posts.js';

const post = (...statuses: TargetStatus[]) => ({ targets: statuses.map((status) => ({ status })) });

describe('isPostEditable', () => {
  it('lets a draft (no targets) and a canceled post be edited', () => {
    expect(isPostEditable(post())).toBe(true);
    expect(isPostEditable(post('cancelled', 'cancelled'))).toBe(true);
  });

  it('lets a post be edited while nothing of it was sent or is being sent', () => {
    expect(isPostEditable(post('scheduled', 'failed', 'needs_reconnect', 'cancelled'))).toBe(true);
  });

  it.each(['published', 'publishing', 'unknown'] as const)(
    'refuses once one target is %s, even while another is still scheduled',
    (status) => {
      expect(isPostEditable(post('scheduled', status))).toBe(false);
    },
  );

  it('decides every target status', () => {
    const editable = targetStatuses.filter((status) => isPostEditable(post(status)));
    expect(editable).toEqual(['scheduled', 'failed', 'needs_reconnect', 'cancelled']);
  });
});
