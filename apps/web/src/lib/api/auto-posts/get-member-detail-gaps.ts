import { memberDetailGaps, type MemberDetailGaps, type Network } from '@fitpost/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './keys';

/**
 * GET /api/autoposts/member-details?networks (admins): how many members have Auto-Post on for an
 * account on `networks`, and how many of them have no value for each merge field.
 */
function getMemberDetailGaps(networks: readonly Network[], signal?: AbortSignal): Promise<MemberDetailGaps> {
  return apiRequest('/api/autoposts/member-details', {
    query: { networks: networks.join(',') },
    schema: memberDetailGaps,
    signal,
  });
}

/** The counts for the networks chosen; waits while none is chosen or `enabled` is false. */
export function useMemberDetailGaps(networks: readonly Network[], enabled: boolean) {
  const sorted = [...networks].sort();
  return useQuery({
    queryKey: autoPostKeys.memberDetailGaps(sorted),
    queryFn: enabled && sorted.length > 0 ? ({ signal }) => getMemberDetailGaps(sorted, signal) : skipToken,
  });
}
