import { networkNames, targetStatusLabels, type ScheduledPost } from '@fitpost/contract';
import { Link } from 'react-router';
import { usePosts, type PostListQuery } from '@/lib/api/posts/get-posts';
import { LoadError } from '@/components/load-error';
import { useStoredUser } from '@/lib/session';
import { formatZoned, memberTimeZone } from '@/lib/zoned-time';
import '../dashboard.css';

const excerptLength = 90;

/** How many of the next posts the dashboard lists. */
const scheduledPostsShown = 5;

/** The member's next posts, soonest first: one view of the shared posts cache. */
const nextPosts: PostListQuery = {
  status: ['scheduled', 'publishing'],
  order: 'asc',
  page: 1,
  pagesize: scheduledPostsShown,
};

function excerpt(post: ScheduledPost): string {
  const characters = Array.from(post.body.replace(/\s+/g, ' ').trim());
  if (characters.length === 0) return 'A post with a graphic';
  return characters.length > excerptLength
    ? `${characters.slice(0, excerptLength).join('').trimEnd()}…`
    : characters.join('');
}

/** 'My Scheduled Posts' (spec §2): the member's next posts, when (in their zone), where and how. */
export function MyScheduledPosts() {
  const zone = memberTimeZone(useStoredUser());
  const posts = usePosts(nextPosts);

  let content;
  if (posts.isPending) {
    content = <p className="empty-note">Loading your scheduled posts…</p>;
  } else if (posts.isError) {
    content = (
      <LoadError what="Your scheduled posts" error={posts.error} onRetry={() => void posts.refetch()} />
    );
  } else if (posts.data.items.length === 0) {
    content = (
      <p className="empty-note">
        You have no scheduled posts. Posts you schedule, and your Auto-Posts, will be listed here.
      </p>
    );
  } else {
    content = (
      <ul className="scheduled-posts">
        {posts.data.items.map((post) => (
          <li key={post.id} className="scheduled-post">
            <span className="scheduled-post-when">
              {post.scheduledAt ? (
                <time dateTime={post.scheduledAt}>{formatZoned(post.scheduledAt, zone)}</time>
              ) : null}
              {post.status === 'publishing' ? ' · publishing now' : null}
            </span>
            <span className="scheduled-post-body">{excerpt(post)}</span>
            <span className="scheduled-post-targets">
              {/* The contract's words as they are ("LinkedIn: Scheduled"), not a lower-cased value (issue 26). */}
              {post.targets
                .map((target) => `${networkNames[target.network]}: ${targetStatusLabels[target.status]}`)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    );
  }

  const more = posts.data && posts.data.total > posts.data.items.length;
  return (
    <section className="panel" aria-labelledby="scheduled-posts-title" aria-busy={posts.isPending}>
      <h2 id="scheduled-posts-title" className="card-title">
        My Scheduled Posts
      </h2>
      {content}
      <p className="scheduled-posts-more">
        <Link to="/app/posts">
          {more ? `See all ${posts.data?.total} scheduled posts` : 'See all your posts'}
        </Link>
      </p>
    </section>
  );
}
