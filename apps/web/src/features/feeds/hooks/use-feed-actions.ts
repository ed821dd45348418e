import type { Feed } from '@fitpost/contract';
import { message } from 'antd';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useDeleteFeed } from '@/lib/api/feeds/delete-feed';
import { useUpsertFeed } from '@/lib/api/feeds/upsert-feed';

/** Activate / deactivate and delete a feed from a table row, with a message for the outcome. */
export function useFeedActions() {
  const [messageApi, messageHolder] = message.useMessage();
  const upsert = useUpsertFeed();
  const remove = useDeleteFeed();
  const [busyId, setBusyId] = useState<string | null>(null);

  function setActive(feed: Feed, isActive: boolean) {
    setBusyId(feed.id);
    upsert.mutate(
      {
        id: feed.id,
        name: feed.name,
        url: feed.url,
        description: feed.description,
        isActive,
        userId: feed.userId,
        isSystem: feed.isSystem,
        thumbnailUrl: feed.thumbnailUrl,
      },
      {
        onSuccess: () =>
          void messageApi.success(
            isActive
              ? `${feed.name} is active again.`
              : `${feed.name} is deactivated: FitPost stops fetching it.`,
          ),
        onError: (error) => void messageApi.error(`${feed.name} was not changed: ${errorText(error)}`),
        onSettled: () => setBusyId(null),
      },
    );
  }

  function deleteFeed(feed: Feed) {
    setBusyId(feed.id);
    remove.mutate(feed.id, {
      onSuccess: () => void messageApi.success(`${feed.name} deleted.`),
      onError: (error) => void messageApi.error(`${feed.name} was not deleted: ${errorText(error)}`),
      onSettled: () => setBusyId(null),
    });
  }

  return { setActive, deleteFeed, busyId, messageHolder, messageApi };
}
