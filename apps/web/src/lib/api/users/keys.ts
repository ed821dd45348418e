import type { UserListQuery } from './get-users';

/** React-query keys of the users feature, so mutations invalidate exactly what they change. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
  detail: (userId: string) => ['users', 'detail', userId] as const,
  roles: (userId: string) => ['users', 'detail', userId, 'roles'] as const,
  properties: (userId: string) => ['users', 'detail', userId, 'properties'] as const,
  roleCatalogue: ['roles'] as const,
};
