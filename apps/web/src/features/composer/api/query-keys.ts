/** React-query keys of the composer. Other screens' caches are theirs; this feature keeps its own. */
export const composerKeys = {
  all: ['composer'] as const,
  connections: ['composer', 'connections'] as const,
  post: (id: string) => ['composer', 'post', id] as const,
  media: (id: string) => ['composer', 'media', id] as const,
  contentItem: (id: string) => ['composer', 'content-item', id] as const,
  contentPosts: (contentId: string) => ['composer', 'content-posts', contentId] as const,
};
