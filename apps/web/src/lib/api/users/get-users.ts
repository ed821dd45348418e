import { userPage, type UserPage, type userSortFields } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './keys';

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

/** GET /api/user?portalid&keyword&roleid&page&pagesize&sort&desc: one page of the portal's users. */
export function getUsers(query: UserListQuery, signal?: AbortSignal): Promise<UserPage> {
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
