import { brandPage, libraryApi, type BrandPage } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { libraryKeys, type BrandListQuery } from './query-keys';

export type { BrandListQuery } from './query-keys';

/** GET /api/brand?q&page&pagesize&sort&desc: one page of the portal's brands. */
function getBrands(query: BrandListQuery, signal?: AbortSignal): Promise<BrandPage> {
  return apiRequest(libraryApi.brands, {
    query: { q: query.q, page: query.page, pagesize: query.pagesize, sort: query.sort, desc: query.desc },
    schema: brandPage,
    signal,
  });
}

export function useBrands(query: BrandListQuery) {
  return useQuery({
    queryKey: libraryKeys.brands(query),
    queryFn: ({ signal }) => getBrands(query, signal),
    placeholderData: keepPreviousData,
  });
}
