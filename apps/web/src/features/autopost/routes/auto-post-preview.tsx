import { Empty } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { MemberSelect } from '@/components/member-select';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useStoredUser } from '@/lib/session';
import { formatZoned, memberTimeZone } from '@/lib/zoned-time';
import { useAutoPost } from '@/lib/api/auto-posts/get-auto-post';
import { useAutoPostPreview } from '@/lib/api/auto-posts/get-auto-post-preview';
import { MemberPostPreviews } from '../components/member-post-previews';
import { excerpt } from '../model/excerpt';
import '@/components/network-preview/network-preview.css';
import '../autopost.css';

/**
 * /app/preview/auto-post/:id (admins): the Auto-Post as each member will publish it — a sample of
 * opted-in members (the first reached, one missing details, one at random) and any member searched for.
 */
export function AutoPostPreviewRoute() {
  const { id = '' } = useParams();
  const zone = memberTimeZone(useStoredUser());
  const detail = useAutoPost(id);
  const [memberId, setMemberId] = useState<string | null>(null);
  const sample = useAutoPostPreview(id, null, detail.isSuccess);
  const searched = useAutoPostPreview(id, memberId, detail.isSuccess && memberId !== null);

  let body;
  if (detail.isPending) body = <PageLoader label="Loading the Auto-Post…" />;
  else if (detail.isError) {
    body = <LoadError what="The Auto-Post" error={detail.error} onRetry={() => void detail.refetch()} />;
  } else {
    const autoPost = detail.data;
    body = (
      <div className="autopost-preview">
        <div className="panel">
          <p>
            <strong>{excerpt(autoPost.body, 120)}</strong>
          </p>
          <p className="muted">
            Goes out {formatZoned(autoPost.scheduledAt, zone)}
            {autoPost.link
              ? autoPost.utm
                ? ' · links tagged for analytics (UTM)'
                : ' · links not tagged'
              : ''}
          </p>
          <div className="row-actions">
            {autoPost.status === 'scheduled' ? (
              <Link to={`/app/manage/autopost/${autoPost.id}/edit`}>Edit Auto-Post</Link>
            ) : null}
            <Link to={`/app/manage/autopost/${autoPost.id}`}>Auto-Post Progress</Link>
          </div>
        </div>

        <section className="panel" aria-labelledby="preview-search-title">
          <h2 id="preview-search-title" className="section-title">
            Find a member
          </h2>
          <label htmlFor="preview-member" className="autopost-label">
            Member
          </label>
          <p id="preview-member-hint" className="muted">
            Type a name or an email address to see that member’s own post.
          </p>
          <div className="preview-member-select">
            <MemberSelect
              id="preview-member"
              multiple={false}
              value={memberId}
              onChange={setMemberId}
              aria-describedby="preview-member-hint"
              placeholder="Search members"
            />
          </div>
          {memberId === null ? null : searched.isPending ? (
            <PageLoader label="Loading the member’s posts…" />
          ) : searched.isError ? (
            <LoadError
              what="The member’s preview"
              error={searched.error}
              onRetry={() => void searched.refetch()}
            />
          ) : (
            searched.data.members.map((member) => (
              <MemberPostPreviews key={member.userId} member={member} autoPost={autoPost} />
            ))
          )}
        </section>

        <section className="panel" aria-labelledby="preview-sample-title">
          <h2 id="preview-sample-title" className="section-title">
            Opted-in members
          </h2>
          {sample.isPending ? (
            <PageLoader label="Loading members’ posts…" />
          ) : sample.isError ? (
            <LoadError what="The preview" error={sample.error} onRetry={() => void sample.refetch()} />
          ) : sample.data.members.length === 0 ? (
            <Empty description="No member has Auto-Post on for these networks yet: search for one above." />
          ) : (
            sample.data.members.map((member) => (
              <MemberPostPreviews key={member.userId} member={member} autoPost={autoPost} />
            ))
          )}
        </section>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Auto-Post Preview"
        description="Each member’s own post as it will be published: their details fill the caption’s fields and links carry each network’s tags."
      />
      {body}
    </>
  );
}
