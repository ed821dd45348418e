import {
  isPostCancellable,
  isPostEditable,
  postStatus,
  type PostStatus,
  type ScheduledPost,
  type TargetStatus,
} from '@fitpost/contract';

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

/** How a post's status tag looks (contrast-checked classes); its words are the contract's `postStatusLabels`. */
export const postStatusTags: Record<PostStatus, string> = {
  draft: 'tag-neutral',
  scheduled: 'tag-info',
  publishing: 'tag-info',
  posted: 'tag-success',
  partly_posted: 'tag-warning',
  failed: 'tag-danger',
  cancelled: 'tag-neutral',
};

/** How an account's status tag looks; its words are the contract's `targetStatusLabels`. */
export const targetStatusTags: Record<TargetStatus, string> = {
  scheduled: 'tag-info',
  publishing: 'tag-info',
  published: 'tag-success',
  failed: 'tag-danger',
  needs_reconnect: 'tag-warning',
  unknown: 'tag-info',
  cancelled: 'tag-neutral',
};

/** What the member may do with a post (the server refuses the rest anyway). */
export function allowedActions(post: Pick<ScheduledPost, 'status' | 'targets'>) {
  const { status } = post;
  return {
    edit: isPostEditable(post),
    reschedule: status === 'scheduled',
    cancel: isPostCancellable(post),
    remove: ['draft', 'cancelled', 'failed'].includes(status),
  };
}
