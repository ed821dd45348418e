import type { userSortFields } from '@fitpost/contract';

export type UserSortField = (typeof userSortFields)[number];

/** The list's query string (contract `userSearchQuery`), typed as the web app builds it. */
export interface UserListQuery {
  portalid?: number;
  keyword?: string;
  roleid?: number;
  page: number;
  pagesize: number;
  sort: UserSortField;
  desc: boolean;
}

/**
 * React-query keys of the users (GET /api/user…, /api/role), so mutations invalidate exactly what they
 * change. The signed-in member's own record (`me`) sits outside `all`: the admin's changes to the
 * users list do not refetch it.
 */
export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
  detail: (userId: string) => ['users', 'detail', userId] as const,
  roles: (userId: string) => ['users', 'detail', userId, 'roles'] as const,
  properties: (userId: string) => ['users', 'detail', userId, 'properties'] as const,
  roleCatalogue: ['roles'] as const,
  /** GET /api/user/me, read once per signed-in visit. */
  me: ['user', 'me'] as const,
};
