import { formatCount } from '@fitpost/contract';
import { ReloadOutlined } from '@ant-design/icons';
import type { FeedConsumeResult } from '@fitpost/contract';
import { Alert, Button } from 'antd';
import { errorText } from '@/lib/api-client';
import { useConsumeFeeds } from '@/lib/api/feeds/consume-feeds';
import '../feeds.css';

const items = (count: number) => `${formatCount(count)} new ${count === 1 ? 'item' : 'items'}`;

function feedLine(feed: FeedConsumeResult['feeds'][number]): string {
  if (feed.status === 'error') return `${feed.name}: failed — ${feed.error ?? 'the feed could not be read.'}`;
  if (feed.status === 'not_modified') return `${feed.name}: no change since the last fetch`;
  return `${feed.name}: ${items(feed.imported)}`;
}

function RefreshResult({ result }: { result: FeedConsumeResult }) {
  const failed = result.feeds.filter((feed) => feed.status === 'error').length;
  const summary =
    result.feeds.length === 0
      ? 'There are no active feeds to refresh.'
      : `${items(result.imported)} from ${result.feeds.length} ${result.feeds.length === 1 ? 'feed' : 'feeds'}` +
        (failed > 0 ? `; ${failed} could not be read.` : '.');
  return (
    <Alert
      className="refresh-result"
      type={failed > 0 ? 'warning' : 'success'}
      showIcon
      title={summary}
      description={
        result.feeds.length > 0 ? (
          <ul className="refresh-result-list">
            {result.feeds.map((feed) => (
              <li key={feed.feedId}>{feedLine(feed)}</li>
            ))}
          </ul>
        ) : null
      }
    />
  );
}

/**
 * 'Refresh Feed Data' (spec §2): fetches the member's feeds and the portal's system feeds now and
 * reports what each gave — new items, or why it failed.
 */
export function RefreshFeeds({ userId }: { userId: string }) {
  const consume = useConsumeFeeds();
  return (
    <div>
      <Button
        icon={<ReloadOutlined aria-hidden="true" />}
        loading={consume.isPending}
        onClick={() => consume.mutate(userId)}
      >
        Refresh Feed Data
      </Button>
      <div aria-live="polite">
        {consume.isPending ? (
          <p className="muted" role="status">
            Fetching your feeds… this can take a few seconds.
          </p>
        ) : null}
        {consume.isSuccess ? <RefreshResult result={consume.data} /> : null}
        {consume.isError ? (
          <Alert
            className="refresh-result"
            type="error"
            showIcon
            title="The feeds were not refreshed."
            description={<span className="preserve-lines">{errorText(consume.error)}</span>}
          />
        ) : null}
      </div>
    </div>
  );
}
