import { postStatus, type PostStatus, type TargetStatus } from '@fitpost/contract';

/** The list's tabs: which post statuses each shows, and in which order. */
export const postViews = {
  upcoming: { label: 'Upcoming', statuses: ['scheduled', 'publishing'], order: 'asc' },
  posted: { label: 'Posted', statuses: ['posted', 'partly_posted'], order: 'desc' },
  failed: { label: 'Failed', statuses: ['failed', 'partly_posted'], order: 'desc' },
  drafts: { label: 'Drafts', statuses: ['draft'], order: 'desc' },
  all: { label: 'All', statuses: postStatus.options, order: 'desc' },
} as const satisfies Record<
  string,
  { label: string; statuses: readonly PostStatus[]; order: 'asc' | 'desc' }
>;

export type PostView = keyof typeof postViews;

export const postViewNames = Object.keys(postViews) as PostView[];

export function isPostView(value: string | null): value is PostView {
  return value !== null && value in postViews;
}

/** What the member reads for a post's status, and the tag's look (contrast-checked classes). */
export const postStatusLabels: Record<PostStatus, { label: string; tag: string }> = {
  draft: { label: 'Draft', tag: 'tag-neutral' },
  scheduled: { label: 'Scheduled', tag: 'tag-info' },
  publishing: { label: 'Publishing', tag: 'tag-info' },
  posted: { label: 'Posted', tag: 'tag-success' },
  partly_posted: { label: 'Partly posted', tag: 'tag-warning' },
  failed: { label: 'Failed', tag: 'tag-danger' },
  cancelled: { label: 'Cancelled', tag: 'tag-neutral' },
};

export const targetStatusLabels: Record<TargetStatus, { label: string; tag: string }> = {
  scheduled: { label: 'Scheduled', tag: 'tag-info' },
  publishing: { label: 'Publishing', tag: 'tag-info' },
  published: { label: 'Posted', tag: 'tag-success' },
  failed: { label: 'Failed', tag: 'tag-danger' },
  needs_reconnect: { label: 'Reconnect needed', tag: 'tag-warning' },
  unknown: { label: 'Checking', tag: 'tag-info' },
  cancelled: { label: 'Cancelled', tag: 'tag-neutral' },
};

/** What the member may do with a post in each status (the server refuses the rest anyway). */
export function allowedActions(status: PostStatus) {
  return {
    edit: ['draft', 'scheduled', 'failed', 'cancelled'].includes(status),
    reschedule: status === 'scheduled',
    cancel: status === 'scheduled' || status === 'failed',
    remove: ['draft', 'cancelled', 'failed'].includes(status),
  };
}
