/**
 * React-query keys of the composer's own data (the member's uploaded images). Posts, connections and
 * content items are shared resources with their keys in lib/api.
 */
export const composerKeys = {
  all: ['composer'] as const,
  media: (id: string) => ['composer', 'media', id] as const,
};
