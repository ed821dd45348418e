import { BookOutlined } from '@ant-design/icons';
import { messages } from '@fitpost/contract';
import { Alert, Button } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { ClaimWarnings } from '@/components/claim-warnings/claim-warnings';
import { GraphicUpload } from '@/components/graphic-upload/graphic-upload';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { formatZoned } from '@/lib/zoned-time';
import type { ComposerValues } from '../model/composer-values';
import { useComposer, type ComposerOptions } from '../hooks/use-composer';
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

/** Items a page in the composer's picker; the Auto-Post form keeps its own, shorter pages. */
const libraryPageSize = 12;

export interface ComposerScreenProps extends ComposerOptions {
  notice?: ReactNode;
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

/** Create New / edit a post: text, graphic, networks, when; previews; saving and its outcome. */
export function ComposerScreen(props: ComposerScreenProps) {
  const { zone, post } = props;
  const composer = useComposer(props);
  const {
    values,
    change,
    errors,
    save,
    content,
    connections,
    queue,
    altText,
    library,
    offer,
    restoredAt,
    picked,
    uploading,
    chosen,
    networks,
    savingIntent,
    modalHolder,
    handleSave,
    handlePick,
    handleStartOver,
    handleRestore,
  } = composer;

  return (
    <>
      {modalHolder}
      <PageHeader
        title={post ? 'Edit Post' : messages['action.compose']}
        description="Write your post once, see how it looks on each network, then add it to your queue, schedule it or post it now."
        actions={
          <Button icon={<BookOutlined aria-hidden="true" />} onClick={library.show}>
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
          closable={{ onClose: composer.dismissRestored, 'aria-label': 'Dismiss' }}
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
          closable={{ onClose: composer.dismissPicked, 'aria-label': 'Dismiss' }}
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
          <ClaimWarnings
            id="composer-claims"
            warnings={composer.claimWarnings}
            note="You can still save: the post goes out in your name, so the wording is yours to choose."
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
              onUploadingChange={composer.setUploading}
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
            onChange={composer.handleWhenChange}
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
      {library.used ? (
        <Suspense fallback={null}>
          <LibraryPicker
            open={library.open}
            searchLabel="Search"
            pageSize={libraryPageSize}
            favoritesFirst={props.openLibrary === 'favorites'}
            rememberFilter
            onClose={library.close}
            onPick={handlePick}
          />
        </Suspense>
      ) : null}
    </>
  );
}
