import { myStats, reportApi, type MyStats } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { reportKeys } from './keys';

/** GET /api/stats/me: the signed-in member's own results. */
function getMyStats(
  params: { from: string; to: string; tz: string },
  signal?: AbortSignal,
): Promise<MyStats> {
  return apiRequest(reportApi.myStats, { query: params, schema: myStats, signal });
}

export function useMyStats(params: { from: string; to: string; tz: string }) {
  return useQuery({
    queryKey: reportKeys.mine(params),
    queryFn: ({ signal }) => getMyStats(params, signal),
    placeholderData: keepPreviousData,
  });
}
