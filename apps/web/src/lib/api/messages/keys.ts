import type { MessageListQuery } from '@fitpost/contract';

/** React-query keys of messages (the bell, Settings → Messages and the admins' screen share them). */
export const messageKeys = {
  all: ['messages'] as const,
  lists: ['messages', 'list'] as const,
  list: (query: MessageListQuery) => ['messages', 'list', query] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
  /** The bell's counts: notifications and messages together (GET /api/message/unread). */
  unread: ['messages', 'unread'] as const,
};
