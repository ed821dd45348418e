import { PlusOutlined } from '@ant-design/icons';
import {
  messages,
  networks,
  paging,
  postStatus,
  type Network,
  type PostStatus,
  type PublishTarget,
  type ScheduledPost,
} from '@fitpost/contract';
import { Button, message } from 'antd';
import { PageTabs } from '@/components/page-tabs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useStoredUser } from '@/lib/session';
import { addDays, memberTimeZone, startOfZonedDay } from '@/lib/zoned-time';
import { useCancelPost } from '@/lib/api/posts/cancel-post';
import { useDeletePost } from '@/lib/api/posts/delete-post';
import { useDuplicatePost } from '@/lib/api/posts/duplicate-post';
import { usePosts, type PostListQuery } from '@/lib/api/posts/get-posts';
import { useRetryTarget } from '@/lib/api/posts/retry-target';
import { PostFilters, type PostFilterValues } from '../components/post-filters';
import { PostsTable, type Busy, type PostAction } from '../components/posts-table';
import { RescheduleModal } from '../components/reschedule-modal';
import { isPostView, postViewNames, postViews, type PostView } from '../post-views';
import '../posts.css';
import { LoadError } from '@/components/load-error';

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const idle: Busy = { postId: null, action: null, targetId: null };

function pickNetwork(value: string | null): Network | undefined {
  return networks.find((network) => network === value);
}
function pickStatus(value: string | null): PostStatus | undefined {
  return postStatus.options.find((status) => status === value);
}
function pickDate(value: string | null): string | undefined {
  return value && datePattern.test(value) ? value : undefined;
}
function pickPositive(value: string | null, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** The screen's state lives in the address, so a reload or a shared link shows the same list. */
function useListState() {
  const [params, setParams] = useSearchParams();
  const view: PostView = isPostView(params.get('view')) ? (params.get('view') as PostView) : 'upcoming';
  const statuses = postViews[view].statuses;
  const status = pickStatus(params.get('status'));
  const filters: PostFilterValues = {
    network: pickNetwork(params.get('network')),
    status: status && (statuses as readonly PostStatus[]).includes(status) ? status : undefined,
    fromDate: pickDate(params.get('from')),
    toDate: pickDate(params.get('to')),
  };
  const page = pickPositive(params.get('page'), 1, 100_000);
  const pageSize = pickPositive(params.get('pagesize'), paging.defaultPageSize, paging.maxPageSize);

  function update(next: Record<string, string | number | undefined>) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === '') merged.delete(key);
      else merged.set(key, String(value));
    }
    setParams(merged, { replace: true });
  }

  return {
    view,
    filters,
    page,
    pageSize,
    setView: (next: PostView) => update({ view: next, status: undefined, page: undefined }),
    setFilters: (next: PostFilterValues) =>
      update({
        network: next.network,
        status: next.status,
        from: next.fromDate,
        to: next.toDate,
        page: undefined,
      }),
    setPage: (nextPage: number, nextSize: number) =>
      update({ page: nextSize === pageSize ? nextPage : 1, pagesize: nextSize }),
  };
}

/** The API query for the list: statuses of the tab (or the one chosen), days read in the member's zone. */
function toQuery(state: ReturnType<typeof useListState>, timeZone: string): PostListQuery {
  const view = postViews[state.view];
  const { filters } = state;
  const lastInstant = filters.toDate
    ? new Date(Date.parse(startOfZonedDay(addDays(filters.toDate, 1), timeZone)) - 1).toISOString()
    : undefined;
  return {
    status: filters.status ? [filters.status] : [...view.statuses],
    network: filters.network,
    from: filters.fromDate ? startOfZonedDay(filters.fromDate, timeZone) : undefined,
    to: lastInstant,
    order: view.order,
    page: state.page,
    pagesize: state.pageSize,
  };
}

const emptyTexts: Record<PostView, string> = {
  upcoming: 'No upcoming posts. Posts you schedule appear here until they go out.',
  posted: 'Nothing posted yet. Published posts appear here with links to them.',
  failed: 'No failed posts. If a network refuses a post, it appears here with the reason.',
  drafts: 'No drafts. Save a post as a draft to finish it later.',
  all: 'No posts yet.',
};

/** /app/posts: Schedule a Post — the member's posts by tab, filterable, with every action on them. */
export function PostsRoute() {
  const navigate = useNavigate();
  const timeZone = memberTimeZone(useStoredUser());
  const [messageApi, messageHolder] = message.useMessage();
  const state = useListState();
  const posts = usePosts(toQuery(state, timeZone), { keepPrevious: true });
  const [rescheduling, setRescheduling] = useState<ScheduledPost | null>(null);
  const [busy, setBusy] = useState<Busy>(idle);
  const cancel = useCancelPost();
  const duplicate = useDuplicatePost();
  const remove = useDeletePost();
  const retry = useRetryTarget();
  const filtered = Object.values(state.filters).some((value) => value !== undefined);

  const fail = (error: unknown) => void messageApi.error(errorText(error));
  const settle = () => setBusy(idle);

  function handleAction(action: PostAction, post: ScheduledPost) {
    if (action === 'edit') {
      void navigate(`/app/posts/post?id=${encodeURIComponent(post.id)}`);
      return;
    }
    if (action === 'reschedule') {
      setRescheduling(post);
      return;
    }
    setBusy({ postId: post.id, action, targetId: null });
    if (action === 'duplicate') {
      duplicate.mutate(post.id, {
        onSuccess: (copy) =>
          void messageApi.success(
            <span>
              Copied as a draft.{' '}
              <Link to={`/app/posts/post?id=${encodeURIComponent(copy.id)}`}>Edit the copy</Link>
            </span>,
          ),
        onError: fail,
        onSettled: settle,
      });
    } else if (action === 'cancel') {
      cancel.mutate(post.id, {
        onSuccess: () => void messageApi.success('Post canceled.'),
        onError: fail,
        onSettled: settle,
      });
    } else {
      remove.mutate(post.id, {
        onSuccess: () => void messageApi.success('Post deleted.'),
        onError: fail,
        onSettled: settle,
      });
    }
  }

  function handleRetry(post: ScheduledPost, target: PublishTarget) {
    setBusy({ postId: post.id, action: null, targetId: target.id });
    retry.mutate(
      { id: post.id, targetId: target.id },
      {
        onSuccess: () => void messageApi.success(`Sending to ${target.accountName} again.`),
        onError: fail,
        onSettled: settle,
      },
    );
  }

  const view = postViews[state.view];
  return (
    <>
      {messageHolder}
      <PageHeader
        title="Schedule a Post"
        description="Your posts: what is coming up, what went out (with links to it), what failed, and your drafts."
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/app/posts/post')}>
            {messages['action.compose']}
          </Button>
        }
      />
      <div className="panel">
        <PageTabs
          activeKey={state.view}
          onChange={(key) => state.setView(isPostView(key) ? key : 'upcoming')}
          items={postViewNames.map((name) => ({ key: name, label: postViews[name].label }))}
        />
        <PostFilters values={state.filters} statuses={view.statuses} onChange={state.setFilters} />
        {posts.isError ? (
          <LoadError
            className="form-alert"
            what="Your posts"
            error={posts.error}
            onRetry={() => void posts.refetch()}
          />
        ) : null}
        <PostsTable
          posts={posts.data?.items ?? []}
          total={posts.data?.total ?? 0}
          page={state.page}
          pageSize={state.pageSize}
          loading={posts.isFetching}
          timeZone={timeZone}
          busy={busy}
          empty={
            posts.isError
              ? 'Nothing to show.'
              : filtered
                ? 'No posts match these filters.'
                : emptyTexts[state.view]
          }
          onPage={state.setPage}
          onAction={handleAction}
          onRetry={handleRetry}
        />
      </div>
      {rescheduling ? (
        <RescheduleModal
          post={rescheduling}
          timeZone={timeZone}
          onClose={() => setRescheduling(null)}
          onDone={() => {
            setRescheduling(null);
            void messageApi.success('Post rescheduled.');
          }}
        />
      ) : null}
    </>
  );
}
