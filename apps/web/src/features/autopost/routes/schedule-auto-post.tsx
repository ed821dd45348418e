import { autoPostImportWords, autoPostMessages, type AutoPost } from '@fitpost/contract';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { sharedGraphic } from '@/components/graphic-upload/graphic';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useStoredUser } from '@/lib/session';
import { memberTimeZone } from '@/lib/zoned-time';
import { useAutoPost } from '@/lib/api/auto-posts/get-auto-post';
import { useContentItem } from '@/lib/api/content/get-content-item';
import { AutoPostForm } from '../components/auto-post-form';
import { emptyValues, valuesFrom } from '../model/auto-post-values';
import '../autopost.css';
import { LoadError } from '@/components/load-error';
import { useOrganisationSettings } from '@/lib/api/organisation/organisation-settings';

/** What the progress view says after the form saved (router state). */
export interface SavedState {
  saved: 'scheduled' | 'changed';
}

function useOnSaved(editing: boolean) {
  const navigate = useNavigate();
  return (saved: AutoPost) =>
    void navigate(`/app/manage/autopost/${saved.id}`, {
      state: { saved: editing ? 'changed' : 'scheduled' } satisfies SavedState,
    });
}

/** A new Auto-Post, optionally from a library item (`?contentId=`). */
function NewAutoPost({ zone }: { zone: string }) {
  const navigate = useNavigate();
  const onSaved = useOnSaved(false);
  const [params] = useSearchParams();
  const contentId = params.get('contentId');
  const content = useContentItem(contentId);
  const organisation = useOrganisationSettings();
  const [now] = useState(() => Date.now());

  if (contentId && content.isPending) return <PageLoader label="Loading the content…" />;
  // The organization's Auto-Post defaults; should they fail to load, the built-in ones (UTM on, no spread).
  if (organisation.isPending) return <PageLoader label="Loading the organization’s defaults…" />;
  const defaults = organisation.data
    ? { xSpreadMinutes: organisation.data.xSpreadMinutes, utm: organisation.data.utmEnabled }
    : undefined;
  if (contentId && content.isError) {
    return <LoadError what="The content" error={content.error} onRetry={() => void content.refetch()} />;
  }
  const item = content.data;
  const initial = {
    ...emptyValues(zone, now, defaults),
    ...(item
      ? {
          contentId: item.id,
          body: item.body,
          graphic: item.mediaId ? sharedGraphic(item.mediaId, item.graphicUrl) : null,
          link: item.link ?? '',
        }
      : {}),
  };
  return (
    <AutoPostForm
      id={null}
      initial={initial}
      zone={zone}
      onSaved={onSaved}
      onCancel={() => void navigate('/app/manage')}
    />
  );
}

/** Changing an Auto-Post, possible only before its fan-out starts. */
function EditAutoPost({ id, zone }: { id: string; zone: string }) {
  const navigate = useNavigate();
  const onSaved = useOnSaved(true);
  const autoPost = useAutoPost(id);

  if (autoPost.isPending) return <PageLoader label="Loading the Auto-Post…" />;
  if (autoPost.isError) {
    return <LoadError what="The Auto-Post" error={autoPost.error} onRetry={() => void autoPost.refetch()} />;
  }
  if (autoPost.data.status !== 'scheduled') {
    return (
      <Alert
        type="warning"
        showIcon
        title={autoPost.data.status === 'cancelled' ? autoPostMessages.cancelled : autoPostMessages.started}
        action={<Button onClick={() => void navigate(`/app/manage/autopost/${id}`)}>View progress</Button>}
      />
    );
  }
  return (
    <AutoPostForm
      id={id}
      initial={valuesFrom(autoPost.data, zone)}
      zone={zone}
      onSaved={onSaved}
      onCancel={() => void navigate(`/app/manage/autopost/${id}`)}
    />
  );
}

/** /app/manage/autopost (new, `?contentId=`) and /app/manage/autopost/:id/edit: schedule or change an Auto-Post. */
export function ScheduleAutoPostRoute() {
  const { id } = useParams();
  const zone = memberTimeZone(useStoredUser());
  return (
    <>
      <PageHeader
        title={id ? 'Edit Auto-Post' : 'Schedule Auto-Post'}
        description="At the time you choose, FitPost publishes this post to the connected accounts of every member who opted in to Auto-Post on the networks you pick."
        actions={
          id ? null : (
            <Link to="/app/manage/autopost/import">{autoPostImportWords.title} from a spreadsheet</Link>
          )
        }
      />
      <div className="panel">{id ? <EditAutoPost id={id} zone={zone} /> : <NewAutoPost zone={zone} />}</div>
    </>
  );
}
