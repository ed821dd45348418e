import { MessagesPanel } from '@/features/messages/components/messages-panel';
import { MessagesRoute } from '@/features/notifications/routes/messages';

/**
 * /app/settings/messages: the notifications feature's screen with the messages feature's panel as
 * its Messages tab (the app layer composes features; reached only through a lazy route).
 */
export function MessagesPage() {
  return <MessagesRoute messages={<MessagesPanel />} />;
}
