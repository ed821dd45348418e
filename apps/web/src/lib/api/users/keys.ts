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

/** React-query keys of the users feature, so mutations invalidate exactly what they change. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
  detail: (userId: string) => ['users', 'detail', userId] as const,
  roles: (userId: string) => ['users', 'detail', userId, 'roles'] as const,
  properties: (userId: string) => ['users', 'detail', userId, 'properties'] as const,
  roleCatalogue: ['roles'] as const,
};
