import type { Announcement, AnnouncementDetail } from '@fitpost/contract';
import type { announcements } from '../../db/schema-announcements.js';

type Row = typeof announcements.$inferSelect;

/** What a member's dialog gets (spec §3): nothing about drafts, windows, portals or authors. */
export const presentAnnouncement = (row: Row): Announcement => ({
  id: row.id,
  body: row.body,
  url: row.url,
  urlText: row.urlText,
  isRecurring: row.isRecurring,
});

export const presentAnnouncementDetail = (row: Row): AnnouncementDetail => ({
  ...presentAnnouncement(row),
  portalId: row.portalId,
  isActive: row.isActive,
  startDate: row.startDate?.toISOString() ?? null,
  endDate: row.endDate?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
