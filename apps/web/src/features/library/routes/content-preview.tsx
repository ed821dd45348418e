import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { Link, useParams } from 'react-router';
import { sharedGraphic } from '@/components/graphic-upload/graphic';
import { LoadError } from '@/components/load-error';
import { NetworkPreviews } from '@/components/network-preview/network-previews';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useConnections } from '@/lib/api/connections/get-connections';
import { useContentItem } from '@/lib/api/content/get-content-item';
import { useContentActions } from '../hooks/use-content-actions';
import '../library.css';

/**
 * /app/preview/content/:id: a library item as it would look on each of the member's connected
 * networks, with 'Schedule Post' and 'Add to Favorites'.
 */
export function ContentPreviewRoute() {
  const { id = '' } = useParams();
  const item = useContentItem(id);
  const connections = useConnections();
  const { schedule, toggleFavorite, messageHolder } = useContentActions();

  if (item.isPending) return <PageLoader label="Loading the content…" />;
  if (item.isError) {
    return (
      <>
        <PageHeader title="Content Preview" />
        <LoadError what="The content" error={item.error} onRetry={() => void item.refetch()} />
      </>
    );
  }

  const content = item.data;
  const connected = (connections.data ?? []).filter((c) => c.status === 'connected');
  let previews;
  if (connections.isPending) previews = <PageLoader label="Loading your social networks…" />;
  else if (connections.isError) {
    previews = (
      <LoadError
        what="Your social networks"
        error={connections.error}
        onRetry={() => void connections.refetch()}
      />
    );
  } else if (connected.length === 0) {
    previews = (
      <Empty
        description={
          <>
            Connect a social network to see how this post would look there.{' '}
            <Link to="/app/settings">Go to Settings</Link>
          </>
        }
      />
    );
  } else {
    previews = (
      <NetworkPreviews
        connections={connected}
        body={content.body}
        link={content.link ?? ''}
        graphic={content.mediaId ? sharedGraphic(content.mediaId, content.graphicUrl) : null}
        when="now"
      />
    );
  }

  return (
    <>
      {messageHolder}
      <PageHeader
        title={content.title}
        description="How this post would look on each of your connected social networks."
        actions={
          <>
            <Button type="primary" onClick={() => schedule(content)}>
              Schedule Post
            </Button>
            <Button
              icon={
                content.favorite ? <HeartFilled aria-hidden="true" /> : <HeartOutlined aria-hidden="true" />
              }
              onClick={() => toggleFavorite(content)}
            >
              {content.favorite ? 'Remove from Favorites' : 'Add to Favorites'}
            </Button>
          </>
        }
      />
      {previews}
    </>
  );
}
