/**
 * React-query keys of the member's posting queue: the summary 'Add to Queue' and the composer use
 * (next free slot, usual accounts) and the slots System Settings edits. Any post saved, moved or
 * canceled, and any change to the slots or the time zone, invalidates `queueKeys.all`.
 */
export const queueKeys = {
  all: ['queue'] as const,
  summary: ['queue', 'summary'] as const,
  slots: ['queue', 'slots'] as const,
  suggestions: ['queue', 'suggestions'] as const,
};
