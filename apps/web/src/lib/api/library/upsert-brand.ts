import { brand, libraryApi, type Brand, type BrandUpsert } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateLibrary } from './keys';

/** Upsert (spec §7): POST /api/brand ('Add Brand') when the id is empty or 0, else PUT /api/brand/{id}. */
function upsertBrand(body: BrandUpsert): Promise<Brand> {
  const id = body.id;
  return id === undefined || id === '' || id === 0
    ? apiRequest(libraryApi.brands, { method: 'POST', body, schema: brand })
    : apiRequest(libraryApi.brand(encodeURIComponent(id)), { method: 'PUT', body, schema: brand });
}

export function useUpsertBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertBrand,
    // Content shows its brand's name too.
    onSuccess: () => invalidateLibrary(queryClient),
  });
}
