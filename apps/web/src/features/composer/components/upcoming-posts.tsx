import { networkNames } from '@fitpost/contract';
import { Skeleton } from 'antd';
import { Link } from 'react-router';
import { usePosts, type PostListQuery } from '@/lib/api/posts/get-posts';
import { formatZoned } from '@/lib/zoned-time';
import { NetworkIcon } from '@/components/network-icon';
import { LoadError } from '@/components/load-error';

interface UpcomingPostsProps {
  contentId: string;
  /** The post on screen, left out of the list. */
  currentPostId: string | null;
  zone: string;
}

/** How many upcoming posts of one content item the composer lists. */
const contentPostsPageSize = 10;

/** The member's posts made from this library item that are still to go out, soonest first. */
function contentPostsQuery(contentId: string): PostListQuery {
  return { contentId, status: ['scheduled'], order: 'asc', page: 1, pagesize: contentPostsPageSize };
}

/** 'Upcoming posts with this content': the member's scheduled posts made from the same library item. */
export function UpcomingPosts({ contentId, currentPostId, zone }: UpcomingPostsProps) {
  const posts = usePosts(contentPostsQuery(contentId));
  const others = (posts.data?.items ?? []).filter((post) => post.id !== currentPostId);
  let content;
  if (posts.isPending) content = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (posts.isError) {
    content = (
      <LoadError what="Your upcoming posts" error={posts.error} onRetry={() => void posts.refetch()} />
    );
  } else if (others.length === 0) {
    content = <p className="composer-hint">You have no other posts with this content scheduled.</p>;
  } else {
    content = (
      <ul className="upcoming-posts">
        {others.map((post) => (
          <li key={post.id} className="upcoming-post">
            <span className="upcoming-post-when">
              {post.scheduledAt ? formatZoned(post.scheduledAt, zone) : 'Not scheduled'}
            </span>
            <span className="upcoming-post-targets">
              {post.targets.map((target) => (
                <span key={target.id} className="upcoming-post-target">
                  <NetworkIcon network={target.network} />
                  <span className="visually-hidden">{networkNames[target.network]}: </span>
                  {target.accountName}
                </span>
              ))}
            </span>
            <Link
              to={`/app/posts/post?id=${post.id}`}
              aria-label={`Edit the post scheduled for ${post.scheduledAt ? formatZoned(post.scheduledAt, zone) : 'later'}`}
            >
              Edit
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="panel composer-upcoming" aria-labelledby="composer-upcoming-title">
      <h2 id="composer-upcoming-title" className="card-title">
        Upcoming posts with this content
      </h2>
      {content}
    </section>
  );
}
