import type { ContentItem } from '@fitpost/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLazyMessage } from '@/components/use-lazy-message';
import { errorText } from '@/lib/api-client';
import { useAddToQueue } from '@/lib/api/queue/add-to-queue';
import { getQueue } from '@/lib/api/queue/get-queue';
import { queueKeys } from '@/lib/api/queue/keys';
import { useStoredUser } from '@/lib/session';
import { formatZoned, memberTimeZone } from '@/lib/zoned-time';
import { useAddFavorite } from '@/lib/api/content/add-favorite';
import { useRemoveFavorite } from '@/lib/api/content/remove-favorite';

/** Where 'Schedule Post' goes: the composer, opened with the item (its screen arrives with the posts issue). */
function schedulePath(contentId: string): string {
  return `/app/posts/post?contentId=${encodeURIComponent(contentId)}`;
}

/** The item's preview: how it would look on each of the member's connected networks. */
export function previewPath(contentId: string): string {
  return `/app/preview/content/${encodeURIComponent(contentId)}`;
}

/** Where an admin's 'Schedule Auto-Post' goes: the Auto-Post form, filled from the item. */
export function autoPostPath(contentId: string): string {
  return `/app/manage/autopost?contentId=${encodeURIComponent(contentId)}`;
}

/**
 * What a content card's buttons do: 'Schedule Post' opens the composer with the item; 'Add to Queue'
 * posts it as it is, to the member's usual accounts, in their next free queue slot (or opens the
 * composer when there is no account to post to); the heart adds it to or takes it out of My
 * Favorites (shown at once, undone with a message if the server refuses).
 */
export function useContentActions() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useStoredUser();
  // antd's message loads with the first one shown: the dashboard's cards load no antd.
  const [messageApi, messageHolder] = useLazyMessage();
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  const addToQueue = useAddToQueue();
  const [queueingId, setQueueingId] = useState<string | null>(null);
  // One change per item at a time, so a quick double click cannot race a POST against a DELETE.
  const inFlight = useRef(new Set<string>());

  const schedule = useCallback((item: ContentItem) => void navigate(schedulePath(item.id)), [navigate]);

  const queue = useCallback(
    async (item: ContentItem) => {
      if (queueingId) return;
      setQueueingId(item.id);
      try {
        // Asked when needed (the accounts may have changed since the page was drawn), not per page.
        const summary = await queryClient.fetchQuery({
          queryKey: queueKeys.summary,
          queryFn: () => getQueue(),
        });
        if (summary.usualConnectionIds.length === 0) {
          void navigate(schedulePath(item.id));
          return;
        }
        // Worked out on the click, not while the cards draw: the first time-zone lookup loads the
        // browser's date data, which the dashboard's first panel need not wait for.
        const zone = memberTimeZone(user);
        const saved = await addToQueue.mutateAsync({
          item,
          connectionIds: summary.usualConnectionIds,
          timeZone: zone,
        });
        const at = saved.queueSlot?.scheduledAt ?? saved.scheduledAt;
        messageApi.success(
          at
            ? `Added to your queue: ${item.title} goes out ${formatZoned(at, zone)}.`
            : `Added to your queue: ${item.title}.`,
        );
      } catch (error) {
        messageApi.error(`${item.title} was not added to your queue: ${errorText(error)}`);
      } finally {
        setQueueingId(null);
      }
    },
    [queueingId, queryClient, navigate, addToQueue, user, messageApi],
  );

  const toggleFavorite = useCallback(
    (item: ContentItem) => {
      if (inFlight.current.has(item.id)) return;
      inFlight.current.add(item.id);
      const settle = {
        onError: (error: unknown) =>
          messageApi.error(
            `${item.title} was not ${item.favorite ? 'removed from' : 'added to'} your favorites: ${errorText(error)}`,
          ),
        onSettled: () => inFlight.current.delete(item.id),
      };
      if (item.favorite) remove.mutate(item.id, settle);
      else add.mutate({ contentId: item.id }, settle);
    },
    [add, remove, messageApi],
  );

  return { schedule, queue, queueingId, toggleFavorite, messageHolder };
}
