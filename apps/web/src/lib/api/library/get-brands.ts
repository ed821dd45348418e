import { libraryApi, paging, type BrandPage } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { libraryKeys, type BrandListQuery } from './keys';

export type { BrandListQuery } from './keys';

/** GET /api/brand?q&page&pagesize&sort&desc: one page of the portal's brands. */
function getBrands(query: BrandListQuery, signal?: AbortSignal): Promise<BrandPage> {
  return apiRequest(libraryApi.brands, {
    query: { q: query.q, page: query.page, pagesize: query.pagesize, sort: query.sort, desc: query.desc },
    // Browse Library's first screen reads it as the server checked it (docs/architecture.md §5).
    schema: checkedByServer<BrandPage>(),
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

/** Every brand by name (one page of the largest size), for the library picker's brand filter. */
export function useBrandChoices(enabled: boolean) {
  return useQuery({
    queryKey: libraryKeys.brandChoices,
    queryFn: ({ signal }) => getBrands({ sort: 'name', page: 1, pagesize: paging.maxPageSize }, signal),
    enabled,
  });
}
