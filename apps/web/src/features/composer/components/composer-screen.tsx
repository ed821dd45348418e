import { BookOutlined } from '@ant-design/icons';
import { messages, type ContentItem, type ScheduledPost } from '@fitpost/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { GraphicUpload } from '@/components/graphic-upload/graphic-upload';
import { useAltTextSync } from '@/components/graphic-upload/use-alt-text';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatZoned, toWallTime } from '@/lib/zoned-time';
import { useConnections } from '@/lib/api/connections/get-connections';
import { useQueue } from '@/lib/api/queue/get-queue';
import { useContentItem } from '@/lib/api/content/get-content-item';
import { composerKeys } from '../api/query-keys';
import { contentKeys } from '@/lib/api/content/keys';
import { useSavePost } from '../api/save-post';
import {
  hasErrors,
  perConnectionProblems,
  toPostUpsert,
  validateComposer,
  type ComposerErrors,
  type ComposerValues,
  networkName,
  type SaveIntent,
} from '../model/composer-values';
import { clearDraft, draftKey, readDraft, writeDraft, type StoredDraft } from '../model/draft-storage';
import { defaultTime, valuesFromContent } from '../model/initial-values';
import { BodyField } from './body-field';
import { NetworkPicker } from './network-picker';
import { NetworkPreviews } from '@/components/network-preview/network-previews';
import { UpcomingPosts } from './upcoming-posts';
import { WhenField } from './when-field';
import '../composer.css';

// Loaded when first opened: its drawer, filters and paging are not needed to write a post.
const LibraryPicker = lazy(() =>
  import('@/components/library-picker/library-picker').then((m) => ({ default: m.LibraryPicker })),
);

/** The post's request fields by the composer field that shows them. */
const composerFields = {
  body: 'body',
  link: 'link',
  connectionIds: 'networks',
  scheduledAt: 'when',
} as const;

/** Items a page in the composer's picker; the Auto-Post form keeps its own, shorter pages. */
const libraryPageSize = 12;

export interface ComposerScreenProps {
  userId: string;
  zone: string;
  /** The post being edited (a scheduled post or a server draft), or null for a new one. */
  post: ScheduledPost | null;
  /** Where the form starts: the post, the library item, the calendar's day, or empty. */
  startValues: ComposerValues;
  /**
   * The address asked for something particular (a library item, a day): start from it, and only
   * offer the unsaved post kept on this device instead of restoring it.
   */
  startsFromAddress: boolean;
  /** Open 'Choose from Library' at once (the calendar's Choose From Library / Favorites). */
  openLibrary: 'library' | 'favorites' | null;
  notice?: ReactNode;
  onSaved: (post: ScheduledPost, intent: SaveIntent) => void;
}

interface Start {
  values: ComposerValues;
  restoredAt: number | null;
  offer: StoredDraft | null;
}

const shortDate = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(date);

/** "Mar 8" in the member's zone, as the feeds date a post; "now" for Post Now. */
function feedDate(values: ComposerValues, zone: string, nextFree: string | null | undefined): string {
  if (values.when === 'queue') return nextFree ? shortDate(new Date(nextFree), zone) : 'soon';
  if (values.when === 'now' || !values.date) return 'now';
  return shortDate(new Date(`${values.date}T12:00:00Z`), 'UTC');
}

const mainButtonLabels = { queue: 'Add to Queue', later: 'Schedule Post', now: 'Post Now' } as const;

function focusFirstError(errors: ComposerErrors) {
  const target = errors.body
    ? 'composer-body'
    : errors.link
      ? 'composer-link'
      : errors.networks
        ? null
        : errors.when
          ? 'composer-date'
          : null;
  if (target) document.getElementById(target)?.focus();
  else document.querySelector<HTMLInputElement>('.composer-networks input:not(:disabled)')?.focus();
}

/** Create New / edit a post: text, graphic, networks, when; previews; saving and its outcome. */
export function ComposerScreen(props: ComposerScreenProps) {
  const { userId, zone, post, startValues, onSaved } = props;
  const key = draftKey(userId, post?.id ?? null);
  const [start] = useState<Start>(() => {
    const stored = readDraft(key);
    if (stored && !props.startsFromAddress)
      return { values: stored.values, restoredAt: stored.savedAt, offer: null };
    return { values: startValues, restoredAt: null, offer: stored };
  });
  const [values, setValues] = useState(start.values);
  const [dirty, setDirty] = useState(false);
  const [restoredAt, setRestoredAt] = useState(start.restoredAt);
  const [offer, setOffer] = useState(start.offer);
  // The last save attempt: from then on the spec's rules are shown as the member fixes them.
  const [attempt, setAttempt] = useState<{ intent: SaveIntent; at: number } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(props.openLibrary !== null);
  const [libraryUsed, setLibraryUsed] = useState(props.openLibrary !== null);
  const [picked, setPicked] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const connections = useConnections();
  const content = useContentItem(values.contentId);
  const save = useSavePost();
  const queue = useQueue({ enabled: values.when === 'queue' });
  const [modal, modalHolder] = Modal.useModal();
  // The server's copy of each image of the member's own, so editing it later needs no request.
  const altText = useAltTextSync(startValues.graphic, (media) =>
    queryClient.setQueryData(composerKeys.media(media.id), media),
  );
  const submitted = useRef(false);

  // Everything typed is kept on this device until the post is saved.
  useEffect(() => {
    if (dirty) writeDraft(key, values);
  }, [dirty, key, values]);

  /**
   * Choosing Schedule with no date and time yet starts from the next free time in the member's
   * queue (what they would otherwise type), or from a sensible time today when it is unknown.
   */
  function handleWhenChange(patch: Partial<ComposerValues>) {
    if (patch.when !== 'later' || values.date !== '' || values.time !== '') return change(patch);
    const now = Date.now();
    const nextFree = queue.data?.nextFree;
    const slot = nextFree && Date.parse(nextFree) > now ? toWallTime(nextFree, zone) : null;
    const today = toWallTime(now, zone).date;
    change({ ...patch, date: slot?.date ?? today, time: slot?.time ?? defaultTime(today, zone, now) });
  }

  function change(patch: Partial<ComposerValues>) {
    setDirty(true);
    setValues((previous) => ({ ...previous, ...patch }));
  }

  const all = connections.data ?? [];
  const chosen = all.filter((connection) => values.connectionIds.includes(connection.id));
  const networks = [...new Set(chosen.map((connection) => connection.network))];
  const problems = perConnectionProblems(values, all);
  const errors: ComposerErrors = {
    // What the server refused, under the field it is about, unless the member's own check says more.
    ...serverFieldErrors(save.error, composerFields),
    ...(attempt
      ? validateComposer(values, { connections: all, zone, now: attempt.at, intent: attempt.intent })
      : {}),
    perConnection: problems,
  };

  async function handleSave(intent: SaveIntent) {
    if (submitted.current) return;
    const now = Date.now();
    const found = validateComposer(values, { connections: all, zone, now, intent });
    setAttempt({ intent, at: now });
    if (hasErrors(found)) {
      focusFirstError(found);
      return;
    }
    submitted.current = true;
    if (intent === 'publish' && values.when === 'now') {
      // Post Now sends at once to every ticked account: asked once, naming them.
      const accounts = all.filter((c) => values.connectionIds.includes(c.id));
      const confirmed = await modal.confirm({
        title: `Post now to ${accounts.length === 1 ? '1 account' : `${accounts.length} accounts`}?`,
        content: (
          <ul className="composer-confirm-accounts">
            {accounts.map((c) => (
              <li key={c.id}>
                {networkName(c)} · {c.accountName}
              </li>
            ))}
          </ul>
        ),
        okText: 'Post Now',
        cancelText: 'Cancel',
      });
      if (!confirmed) {
        submitted.current = false;
        return;
      }
    }
    try {
      await altText.sync(values.graphic);
    } catch {
      submitted.current = false; // the alt text field shows why
      return;
    }
    save.mutate(
      { id: post?.id ?? null, post: toPostUpsert(values, zone, intent) },
      {
        onSuccess: (saved) => {
          clearDraft(key);
          setDirty(false);
          onSaved(saved, intent);
        },
        onSettled: () => {
          submitted.current = false;
        },
      },
    );
  }

  function handlePick(item: ContentItem) {
    queryClient.setQueryData(contentKeys.item(item.id), item);
    change(valuesFromContent(item, values));
    setPicked(item.title);
    setLibraryOpen(false);
  }

  function handleStartOver() {
    clearDraft(key);
    setValues(startValues);
    setDirty(false);
    setRestoredAt(null);
    setAttempt(null);
  }

  function handleRestore() {
    if (!offer) return;
    change(offer.values);
    setOffer(null);
  }

  const savingIntent = save.isPending ? (save.variables.post.draft ? 'draft' : 'publish') : null;

  return (
    <>
      {modalHolder}
      <PageHeader
        title={post ? 'Edit Post' : messages['action.compose']}
        description="Write your post once, see how it looks on each network, then add it to your queue, schedule it or post it now."
        actions={
          <Button
            icon={<BookOutlined aria-hidden="true" />}
            onClick={() => {
              setLibraryUsed(true);
              setLibraryOpen(true);
            }}
          >
            Or Choose from Library
          </Button>
        }
      />
      {restoredAt !== null ? (
        <Alert
          className="composer-banner"
          type="info"
          showIcon
          title="We restored the post you were writing."
          description={`Unsaved changes from ${formatZoned(restoredAt, zone)}, kept on this device.`}
          action={<Button onClick={handleStartOver}>Start over</Button>}
          closable={{ onClose: () => setRestoredAt(null), 'aria-label': 'Dismiss' }}
        />
      ) : null}
      {offer ? (
        <Alert
          className="composer-banner"
          type="info"
          showIcon
          title="You have an unsaved post from earlier."
          description={`Written ${formatZoned(offer.savedAt, zone)} and kept on this device. Editing this one replaces it.`}
          action={<Button onClick={handleRestore}>Restore it</Button>}
        />
      ) : null}
      {props.notice}
      {picked ? (
        <Alert
          className="composer-banner"
          type="success"
          showIcon
          title={`Filled from the library: ${picked}`}
          closable={{ onClose: () => setPicked(null), 'aria-label': 'Dismiss' }}
        />
      ) : null}
      <div className="composer-layout">
        <form
          className="panel composer-form"
          aria-label="Post"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void handleSave('publish');
          }}
        >
          {values.contentId && content.data ? (
            <p className="composer-hint">
              Made from library content: <strong>{content.data.title}</strong>
            </p>
          ) : null}
          <BodyField
            body={values.body}
            link={values.link}
            networks={networks}
            onBodyChange={(body) => change({ body })}
            onLinkChange={(link) => change({ link })}
            bodyError={errors.body}
            linkError={errors.link}
          />
          <div className="composer-field">
            <label className="composer-label" htmlFor="composer-graphic">
              Graphic <span className="composer-optional">(optional)</span>
            </label>
            <GraphicUpload
              id="composer-graphic"
              value={values.graphic}
              onChange={(graphic) => change({ graphic })}
              altText={altText}
              previewAlt="Your post's graphic"
              sharedHint="From the content library, with the library’s description."
              onUploadingChange={setUploading}
            />
          </div>
          <NetworkPicker
            connections={connections.data}
            loading={connections.isPending}
            loadError={connections.error}
            onRetry={() => void connections.refetch()}
            selected={values.connectionIds}
            onChange={(connectionIds) => change({ connectionIds })}
            error={errors.networks}
            problems={errors.perConnection}
          />
          <WhenField
            when={values.when}
            nextFree={queue.data?.nextFree}
            date={values.date}
            time={values.time}
            zone={zone}
            onChange={handleWhenChange}
            error={errors.when}
          />
          {save.isError ? (
            <Alert
              className="form-alert"
              type="error"
              showIcon
              title="Your post was not saved."
              description={
                <>
                  <span className="preserve-lines">{errorText(save.error)}</span>
                  <br />
                  Everything you wrote is still here, and kept on this device.
                </>
              }
            />
          ) : null}
          <div className="composer-actions">
            <Button
              type="primary"
              htmlType="submit"
              disabled={uploading}
              loading={savingIntent === 'publish'}
            >
              {mainButtonLabels[values.when]}
            </Button>
            <Button
              onClick={() => void handleSave('draft')}
              disabled={uploading}
              loading={savingIntent === 'draft'}
            >
              Save Draft
            </Button>
            {uploading ? (
              <span className="composer-hint">Wait for the image to finish uploading.</span>
            ) : null}
          </div>
        </form>
        <div className="composer-side">
          <NetworkPreviews
            connections={chosen.filter((connection) => connection.status === 'connected')}
            body={values.body}
            link={values.link}
            graphic={values.graphic}
            when={feedDate(values, zone, queue.data?.nextFree)}
          />
          {values.contentId ? (
            <UpcomingPosts contentId={values.contentId} currentPostId={post?.id ?? null} zone={zone} />
          ) : null}
        </div>
      </div>
      {libraryUsed ? (
        <Suspense fallback={null}>
          <LibraryPicker
            open={libraryOpen}
            searchLabel="Search"
            pageSize={libraryPageSize}
            favoritesFirst={props.openLibrary === 'favorites'}
            rememberFilter
            onClose={() => setLibraryOpen(false)}
            onPick={handlePick}
          />
        </Suspense>
      ) : null}
    </>
  );
}
