import {
  engagementLabels,
  linkClickLabels,
  type LinkClickTotals,
  networkServiceNames,
  targetStatusLabels,
  type EngagementTotals,
  type MyStats,
} from '@fitpost/contract';
import { Empty, Grid, Spin, type TableProps } from 'antd';
import { useState } from 'react';
import {
  CartesianGrid,
  ComposedChart,
  Bar,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { useMyStats } from '@/features/reports/api/get-my-stats';
import { useStoredUser } from '@/lib/session';
import { formatZoned, memberTimeZone } from '@/lib/zoned-time';
import { ReportFilters } from '../components/report-filters';
import { lastThirtyDays } from '../components/report-range';
import '../components/reports.css';
import { FitTable } from '@/components/fit-table';

type Post = MyStats['recent'][number];
type ClickedPost = MyStats['clickedPosts'][number];
const figureNames = Object.entries(engagementLabels) as [keyof EngagementTotals, string][];
const clickNames = Object.entries(linkClickLabels) as [keyof LinkClickTotals, string][];
const show = (value: number | null) => (value === null ? '—' : value.toLocaleString('en'));

/** 'My Results' (/app/stats): the member's own posts and what they earned, against the previous period. */
export function MyResultsRoute() {
  const zone = memberTimeZone(useStoredUser());
  const [range, setRange] = useState(() => lastThirtyDays(zone));
  const stats = useMyStats({ ...range, tz: zone });
  const data = stats.data;
  return (
    <section>
      <PageHeader
        title="My Results"
        description="Your published posts and what they earned on each network."
      />
      <ReportFilters
        from={range.from}
        to={range.to}
        zone={zone}
        showNetwork={false}
        onRange={(from, to) => setRange({ from, to })}
      />
      {stats.isError ? (
        <LoadError
          what="Your results"
          error={stats.error}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : !data ? (
        <Spin aria-label="Loading your results" />
      ) : (
        <Results data={data} zone={zone} />
      )}
    </section>
  );
}

function Results({ data, zone }: { data: MyStats; zone: string }) {
  const totals: [string, number | null, number | null][] = [
    ['Published', data.published.current, data.published.previous],
    ...figureNames.map(
      ([key, label]) =>
        [label, data.engagement.current[key], data.engagement.previous[key]] as [
          string,
          number | null,
          number | null,
        ],
    ),
  ];
  return (
    <>
      <h2 className="visually-hidden">Totals</h2>
      <ul className="my-results-totals" aria-label="Totals against the previous period">
        {totals.map(([label, current, previous]) => (
          <li key={label} className="my-results-total">
            <span>{label}</span>
            <strong>{show(current)}</strong>
            <small>previous period: {show(previous)}</small>
          </li>
        ))}
      </ul>
      <p>
        By network:{' '}
        {data.byNetwork.map((n) => `${networkServiceNames[n.network]} ${n.published}`).join(' · ')}
      </p>
      <h2>Engagement per day</h2>
      <figure className="report-chart" aria-label="Engagement per day chart">
        <ResponsiveContainer width="100%" height={220}>
          <ComposedChart data={data.perDay} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} width={40} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend />
            <Bar dataKey="likes" name="Likes" fill="#1d3b6f" />
            <Bar dataKey="comments" name="Comments" fill="#2f7d6d" />
            <Line dataKey="published" name="Published" stroke="#b3261e" />
          </ComposedChart>
        </ResponsiveContainer>
      </figure>
      <h2>Clicks on your links</h2>
      <ul className="my-results-totals" aria-label="Clicks on your links in this period">
        {clickNames.map(([key, label]) => (
          <li key={key} className="my-results-total">
            <span>{label}</span>
            <strong>{show(data.linkClicks[key])}</strong>
          </li>
        ))}
      </ul>
      <ClickedPostsTable posts={data.clickedPosts} zone={zone} />
      <h2>Best posts</h2>
      <PostsTable posts={data.best} zone={zone} caption="Best posts" />
      <h2>Recent posts</h2>
      <PostsTable posts={data.recent} zone={zone} caption="Recent posts" />
    </>
  );
}

/** What a posts table shows of each post: the same base for every table, then its own figures. */
type ListedPost = Pick<Post, 'targetId' | 'network' | 'text' | 'time' | 'url'> & { status?: Post['status'] };
interface Figure<P> {
  key: string;
  label: string;
  value: (post: P) => number | null;
}

const engagementFigures: Figure<Post>[] = figureNames.map(([key, label]) => ({
  key,
  label,
  value: (post) => post.metrics[key],
}));
const clickFigures: Figure<ClickedPost>[] = clickNames.map(([key, label]) => ({
  key,
  label,
  value: (post) => post.linkClicks[key],
}));

/** The spec's 'Recent posts' table: network, text, time, status, link, engagement. */
function PostsTable({ posts, zone, caption }: { posts: Post[]; zone: string; caption: string }) {
  return (
    <PostList
      posts={posts}
      zone={zone}
      caption={caption}
      figures={engagementFigures}
      empty="No posts in this period."
    />
  );
}

/** The member's posts whose links were clicked in the period, most clicked first. */
function ClickedPostsTable({ posts, zone }: { posts: ClickedPost[]; zone: string }) {
  return (
    <PostList
      posts={posts}
      zone={zone}
      caption="Posts by clicks"
      figures={clickFigures}
      empty="No clicks on your links in this period."
    />
  );
}

/** A table of posts with their figures (status and link where known); cards on a phone. */
function PostList<P extends ListedPost>({
  posts,
  zone,
  caption,
  figures,
  empty,
}: {
  posts: P[];
  zone: string;
  caption: string;
  figures: Figure<P>[];
  empty: string;
}) {
  const screens = Grid.useBreakpoint();
  const when = (post: P) => (post.time ? formatZoned(post.time, zone) : '');
  if (posts.length === 0) return <Empty description={empty} />;
  if (!screens.md) {
    return (
      <ul className="report-cards" aria-label={caption} style={{ listStyle: 'none', padding: 0 }}>
        {posts.map((post) => (
          <li key={post.targetId} className="report-card">
            <strong>{networkServiceNames[post.network]}</strong> ·{' '}
            {post.status ? `${targetStatusLabels[post.status]} · ` : ''}
            {when(post)}
            <p>{post.text}</p>
            <p>{figures.map((f) => `${f.label} ${show(f.value(post))}`).join(' · ')}</p>
            {post.url ? (
              <a href={post.url} target="_blank" rel="noopener noreferrer">
                Open post
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  const withStatus = posts.some((post) => post.status);
  const columns: TableProps<P>['columns'] = [
    { key: 'network', title: 'Network', render: (_, post) => networkServiceNames[post.network] },
    { key: 'text', title: 'Text', dataIndex: 'text', ellipsis: true },
    { key: 'time', title: 'Time', render: (_, post) => when(post) },
    ...(withStatus
      ? [
          {
            key: 'status',
            title: 'Status',
            render: (_: unknown, post: P) => (post.status ? targetStatusLabels[post.status] : ''),
          },
        ]
      : []),
    {
      key: 'link',
      title: 'Link',
      render: (_, post) =>
        post.url ? (
          <a href={post.url} target="_blank" rel="noopener noreferrer">
            Open
          </a>
        ) : null,
    },
    ...figures.map((f) => ({
      key: f.key,
      title: f.label,
      align: 'right' as const,
      render: (_: unknown, post: P) => show(f.value(post)),
    })),
  ];
  return (
    <FitTable<P>
      aria-label={caption}
      rowKey="targetId"
      size="small"
      columns={columns}
      dataSource={posts}
      pagination={false}
    />
  );
}
