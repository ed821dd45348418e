import type { AutoPost, AutoPostDetail, MemberAutoPost } from '@fitpost/contract';
import type { autoPosts } from '../../db/schema-autopost.js';
import { jpegUrl } from '../media/service.js';
import type { upcomingForMember } from './choices.js';
import type { autoPostProgress } from './scheduling.js';

type AutoPostRow = typeof autoPosts.$inferSelect;

// The JPEG address works for every stored image (a PNG is served flattened), so no media lookup is needed.
const mediaUrlOf = (publicUrl: string, mediaId: string | null) =>
  mediaId ? jpegUrl(publicUrl, { id: mediaId }) : null;

/** An Auto-Post as admins see it: an allowlist of fields, never fan-out internals. */
export function presentAutoPost(publicUrl: string, row: AutoPostRow): AutoPost {
  return {
    id: row.id,
    contentId: row.contentId,
    body: row.body,
    mediaId: row.mediaId,
    mediaUrl: mediaUrlOf(publicUrl, row.mediaId),
    link: row.link,
    networks: row.networks,
    xVariants: row.xVariants,
    xSpreadMinutes: row.xSpreadMinutes,
    scheduledAt: row.scheduledAt.toISOString(),
    timeZone: row.timeZone,
    status: row.status,
    utm: row.utm,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    warnings: row.claimWarnings,
    claimsAcknowledged: row.claimsAcknowledgedAt
      ? {
          by: { id: row.claimsAcknowledgedBy, fullName: row.claimsAcknowledgedByName ?? 'A removed user' },
          at: row.claimsAcknowledgedAt.toISOString(),
        }
      : null,
  };
}

export function presentAutoPostDetail(
  publicUrl: string,
  { row, progress }: Awaited<ReturnType<typeof autoPostProgress>>,
): AutoPostDetail {
  return {
    ...presentAutoPost(publicUrl, row),
    progress: {
      ...progress,
      fanoutStartedAt: progress.fanoutStartedAt?.toISOString() ?? null,
      fanoutFinishedAt: progress.fanoutFinishedAt?.toISOString() ?? null,
    },
  };
}

/** What a member sees of an upcoming Auto-Post: their own text, their accounts and their choice. */
export function presentMemberAutoPost(
  publicUrl: string,
  item: Awaited<ReturnType<typeof upcomingForMember>>[number],
): MemberAutoPost {
  const { row } = item;
  return {
    id: row.id,
    contentId: row.contentId,
    body: item.body,
    mediaUrl: mediaUrlOf(publicUrl, row.mediaId),
    link: row.link,
    scheduledAt: row.scheduledAt.toISOString(),
    timeZone: row.timeZone,
    status: row.status,
    accounts: item.accounts,
    choice: item.choice,
    customPostId: item.customPostId,
  };
}
