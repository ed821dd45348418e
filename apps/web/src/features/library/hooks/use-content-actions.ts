import type { ContentItem } from '@fitpost/contract';
import { message } from 'antd';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '@/lib/api-client';
import { useAddFavorite } from '../api/add-favorite';
import { useRemoveFavorite } from '../api/remove-favorite';

/** Where 'Schedule Post' goes: the composer, opened with the item (its screen arrives with the posts issue). */
export function schedulePath(contentId: string): string {
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
 * What a content card's buttons do: 'Schedule Post' opens the composer with the item; the heart adds
 * it to or takes it out of My Favorites (shown at once, undone with a message if the server refuses).
 */
export function useContentActions() {
  const navigate = useNavigate();
  const [messageApi, messageHolder] = message.useMessage();
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  // One change per item at a time, so a quick double click cannot race a POST against a DELETE.
  const inFlight = useRef(new Set<string>());

  const schedule = useCallback((item: ContentItem) => void navigate(schedulePath(item.id)), [navigate]);

  const toggleFavorite = useCallback(
    (item: ContentItem) => {
      if (inFlight.current.has(item.id)) return;
      inFlight.current.add(item.id);
      const settle = {
        onError: (error: unknown) =>
          void messageApi.error(
            `${item.title} was not ${item.favorite ? 'removed from' : 'added to'} your favorites: ${errorText(error)}`,
          ),
        onSettled: () => inFlight.current.delete(item.id),
      };
      if (item.favorite) remove.mutate(item.id, settle);
      else add.mutate({ contentId: item.id }, settle);
    },
    [add, remove, messageApi],
  );

  return { schedule, toggleFavorite, messageHolder };
}
