import { autoPostImportResult, type AutoPostImportBody, type AutoPostImportResult } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './keys';

/**
 * POST /api/autoposts/import: a dry run checks every row; otherwise every row is scheduled in one
 * transaction, or none (422, which the screen answers by checking the file again).
 */
function importPlan(body: AutoPostImportBody): Promise<AutoPostImportResult> {
  return apiRequest('/api/autoposts/import', { method: 'POST', body, schema: autoPostImportResult });
}

export function useImportPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPlan,
    onSuccess: (result) =>
      result.created.length > 0 ? queryClient.invalidateQueries({ queryKey: autoPostKeys.all }) : undefined,
  });
}
