/** React-query keys of the Auto-Post screens. Other features keep their own caches. */
export const autoPostKeys = {
  all: ['autopost'] as const,
  lists: ['autopost', 'list'] as const,
  list: (from: string) => ['autopost', 'list', from] as const,
  detail: (id: string) => ['autopost', 'detail', id] as const,
  upcoming: ['autopost', 'upcoming'] as const,
  settings: ['autopost', 'settings'] as const,
  contentItem: (id: string) => ['autopost', 'content-item', id] as const,
  postTotal: (filter: string) => ['autopost', 'post-total', filter] as const,
};
