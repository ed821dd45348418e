import type { PostListQuery } from './get-posts';

/** React-query keys of the posts list, so every action refreshes exactly the lists it changes. */
export const postKeys = {
  all: ['posts'] as const,
  lists: ['posts', 'list'] as const,
  list: (query: PostListQuery) => ['posts', 'list', query] as const,
};
