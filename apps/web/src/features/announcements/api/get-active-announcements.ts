import { announcementApi, type Announcement } from '@fitpost/contract';
import { apiRequest, checkedByServer } from '@/lib/api-client';

/**
 * POST /api/announcement/active: the portal's announcements shown now, less the seen ones. Not a
 * query: the dialog asks once per sign-in, when the cookie window allows (announcement-window.ts).
 * Read as the server checked it (checkedByServer): the signed-in shell loads this without zod.
 */
export function getActiveAnnouncements(portalId: number, ids: string[]): Promise<Announcement[]> {
  return apiRequest(announcementApi.active, {
    method: 'POST',
    body: { portalId, ids },
    schema: checkedByServer<Announcement[]>(),
  });
}
