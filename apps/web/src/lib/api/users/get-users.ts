import { userPage, type UserPage } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys, type UserListQuery } from './keys';

export type { UserListQuery, UserSortField } from './keys';

/** GET /api/user?portalid&keyword&roleid&page&pagesize&sort&desc: one page of the portal's users. */
function getUsers(query: UserListQuery, signal?: AbortSignal): Promise<UserPage> {
  return apiRequest('/api/user', {
    query: {
      portalid: query.portalid,
      keyword: query.keyword,
      roleid: query.roleid,
      page: query.page,
      pagesize: query.pagesize,
      sort: query.sort,
      desc: query.desc,
    },
    schema: userPage,
    signal,
  });
}

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
