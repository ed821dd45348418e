import { isPostEditable, messages, type ScheduledPost } from '@fitpost/contract';
import { Alert, message } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { ApiError } from '@/lib/api-client';
import { useStoredUser } from '@/lib/session';
import { memberTimeZone } from '@/lib/zoned-time';
import { useContentItem } from '@/lib/api/content/get-content-item';
import { useMedia } from '@/lib/api/media/get-media';
import { useQueue } from '@/lib/api/queue/get-queue';
import { usePost } from '@/lib/api/posts/get-post';
import { ComposerScreen } from '../components/composer-screen';
import { PostOutcome } from '../components/post-outcome';
import { emptyValues, type SaveIntent } from '../model/composer-values';
import { parseDateParam, valuesForDate, valuesFromContent, valuesFromPost } from '../model/initial-values';
import { LoadError } from '@/components/load-error';

/** A saved or sent post's outcome, read again while it is going out. */
function OutcomeView(props: {
  postId: string;
  zone: string;
  onEdit: () => void;
  onCreateAnother: () => void;
}) {
  const post = usePost(props.postId, { watch: true });
  if (!post.data) return <PageLoader />;
  return (
    <>
      <PageHeader title={messages['action.compose']} />
      <PostOutcome
        post={post.data}
        zone={props.zone}
        onEdit={props.onEdit}
        onCreateAnother={props.onCreateAnother}
      />
    </>
  );
}

/**
 * /app/posts/post — Create New. `?id=` edits a post or draft, `?contentId=` starts from a library
 * item (its card's 'Schedule Post'), `?date=YYYY-MM-DD` from a calendar day (Schedule, that day),
 * and `?source=library|favorites` opens 'Choose from Library' at once. A new post starts with the
 * member's usual accounts ticked and Add to Queue chosen.
 */
export function ComposerRoute() {
  const [params, setParams] = useSearchParams();
  const user = useStoredUser();
  const zone = memberTimeZone(user);
  const [messageApi, messageHolder] = message.useMessage();
  const [showOutcome, setShowOutcome] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [now] = useState(() => Date.now());
  const [queueWaited, setQueueWaited] = useState(false);

  const postId = params.get('id');
  const contentId = postId ? null : params.get('contentId');
  const date = postId ? null : parseDateParam(params.get('date'));
  const source = params.get('source');
  const openLibrary = source === 'favorites' ? 'favorites' : source === 'library' ? 'library' : null;

  const post = usePost(postId);
  const content = useContentItem(postId ? (post.data?.contentId ?? null) : contentId);
  // The post's image, read back with its alt text: the member's own, or one the portal shares (an
  // Auto-Post's image, a library graphic), which the answer marks as not theirs to change. The
  // graphic of the library item the post was made from is not asked for: the item's answer has it.
  const mediaId = post.data?.mediaId ?? null;
  const fromLibrary = mediaId !== null && content.data?.mediaId === mediaId;
  const media = useMedia(mediaId && !content.isLoading && !fromLibrary ? mediaId : null);
  // A new post starts with the member's usual accounts ticked (a failed answer just ticks none).
  const queue = useQueue({ enabled: !postId });

  function handleSaved(saved: ScheduledPost, intent: SaveIntent) {
    if (intent === 'draft') void messageApi.success('Draft saved.');
    else setShowOutcome(true);
    setParams({ id: saved.id }, { replace: true });
  }

  function handleCreateAnother() {
    setShowOutcome(false);
    setGeneration((g) => g + 1);
    setParams({});
  }

  if (!user) return null;
  if (postId && (showOutcome || (post.data && !isPostEditable(post.data)))) {
    return (
      <>
        {messageHolder}
        <OutcomeView
          postId={postId}
          zone={zone}
          onEdit={() => setShowOutcome(false)}
          onCreateAnother={handleCreateAnother}
        />
      </>
    );
  }

  if (postId && post.isError) {
    const missing = post.error instanceof ApiError && post.error.status === 404;
    return (
      <>
        <PageHeader title="Edit Post" />
        {missing ? (
          <Alert
            type="error"
            showIcon
            title="This post was not found."
            action={<Link to="/app/posts/post">Create a new post</Link>}
          />
        ) : (
          <LoadError what="The post" error={post.error} onRetry={() => void post.refetch()} />
        )}
      </>
    );
  }

  // Offline the queue's question waits (the form is drawn without the usual accounts); when it is
  // asked once the network is back, the form stays rather than give way to a spinner.
  if (!queue.isLoading && !queueWaited) setQueueWaited(true);
  const loading =
    (postId !== null && post.isPending) ||
    media.isLoading ||
    content.isLoading ||
    (queue.isLoading && !queueWaited);
  if (loading) return <PageLoader />;

  let startValues = emptyValues;
  if (post.data) {
    startValues = valuesFromPost(
      post.data,
      { media: media.data ?? null, content: content.data ?? null },
      zone,
    );
  } else {
    if (date) startValues = valuesForDate(date, zone, now);
    if (content.data) startValues = valuesFromContent(content.data, startValues);
    if (queue.data) startValues = { ...startValues, connectionIds: queue.data.usualConnectionIds };
  }
  const notice =
    !postId && contentId && content.isError ? (
      <LoadError
        className="composer-banner"
        type="warning"
        what="That library content"
        error={content.error}
      />
    ) : null;

  return (
    <>
      {messageHolder}
      <ComposerScreen
        key={`${postId ?? 'new'}|${contentId ?? ''}|${date ?? ''}|${generation}`}
        userId={user.id}
        zone={zone}
        post={post.data ?? null}
        startValues={startValues}
        startsFromAddress={Boolean(contentId || date)}
        openLibrary={openLibrary}
        notice={notice}
        onSaved={handleSaved}
      />
    </>
  );
}
