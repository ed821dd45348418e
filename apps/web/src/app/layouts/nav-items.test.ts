import { describe, expect, it } from 'vitest';
import { adminNavGroups } from './admin-nav-items';
import { memberNavGroups, selectedNavKey } from './nav-items';

const all = [...memberNavGroups, ...adminNavGroups];

describe('selectedNavKey', () => {
  it.each([
    ['/app/dashboard', '/app/dashboard'],
    ['/app/posts', '/app/posts'],
    ['/app/posts/post', '/app/posts/post'],
    ['/app/posts/post/', '/app/posts/post'],
    ['/app/calendar', '/app/calendar'],
    ['/app/content', '/app/content'],
    ['/app/settings/welcome', '/app/settings'],
    ['/app/manage', '/app/manage'],
    ['/app/manage/users', '/app/manage/users'],
    ['/app/manage/reports', '/app/manage/reports'],
    // One Reports link (issue 26): a report's own address selects it.
    ['/app/manage/reports/topusers', '/app/manage/reports'],
  ])('%s selects %s', (path, key) => expect(selectedNavKey(path, all)).toBe(key));

  it('selects nothing for a path outside the sidebar', () => {
    expect(selectedNavKey('/app/brands', all)).toBeUndefined();
    expect(selectedNavKey('/app/postsx', all)).toBeUndefined();
  });
});
