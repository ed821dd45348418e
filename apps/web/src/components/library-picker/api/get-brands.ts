import { brandPage, libraryApi, paging, type BrandPage } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { libraryPickerKeys } from './query-keys';

/** GET /api/brand: the portal's brands, for the library picker's brand filter. */
function getBrands(signal?: AbortSignal): Promise<BrandPage> {
  return apiRequest(libraryApi.brands, {
    query: { sort: 'name', page: 1, pagesize: paging.maxPageSize },
    schema: brandPage,
    signal,
  });
}

export function useBrands(enabled: boolean) {
  return useQuery({
    queryKey: libraryPickerKeys.brands,
    queryFn: ({ signal }) => getBrands(signal),
    enabled,
  });
}
