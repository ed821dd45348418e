import { autoPostDetail, type AutoPostDetail } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './keys';

/** How often the progress view asks again while the fan-out runs. */
const progressPollMs = 2000;

/** GET /api/autoposts/{id}: one Auto-Post with its fan-out results by network (admins). */
function getAutoPost(id: string, signal?: AbortSignal): Promise<AutoPostDetail> {
  return apiRequest(`/api/autoposts/${encodeURIComponent(id)}`, { schema: autoPostDetail, signal });
}

/**
 * Still moving: the fan-out is running, or is due to start, or members' posts are waiting to be sent
 * (X posts spread over a window go out long after the fan-out itself ends).
 */
export function isInProgress(detail: AutoPostDetail | undefined, now = Date.now()): boolean {
  if (!detail) return false;
  if (detail.status === 'fanning_out') return true;
  if (detail.status === 'scheduled') return Date.parse(detail.scheduledAt) <= now;
  if (detail.status === 'cancelled') return false;
  return detail.progress.byNetwork.some((n) => n.pending > 0);
}

/** The longest a live view waits before looking again at an Auto-Post that is not due yet. */
const idleCheckMs = 60_000;

/**
 * When a live view asks again: every 2 s while it is in progress; for one not yet due, at its time
 * (at most a minute away, so an edit made elsewhere shows too); never once it is over.
 */
export function nextCheckMs(detail: AutoPostDetail | undefined, now = Date.now()): number | false {
  if (!detail) return false;
  if (isInProgress(detail, now)) return progressPollMs;
  if (detail.status !== 'scheduled') return false;
  return Math.min(Math.max(Date.parse(detail.scheduledAt) - now, progressPollMs), idleCheckMs);
}

/** The Auto-Post for the form and the progress view; `live` keeps it fresh (see `nextCheckMs`). */
export function useAutoPost(id: string | undefined, options: { live?: boolean } = {}) {
  return useQuery({
    queryKey: autoPostKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getAutoPost(id ?? '', signal),
    enabled: id !== undefined,
    refetchInterval: (query) => (options.live ? nextCheckMs(query.state.data) : false),
  });
}
