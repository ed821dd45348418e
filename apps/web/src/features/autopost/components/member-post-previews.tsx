import { mergeFieldLabels, type AutoPostDetail, type AutoPostMemberPreview } from '@fitpost/contract';
import { Tag } from 'antd';
import { useId } from 'react';
import { sharedGraphic } from '@/components/graphic-upload/graphic';
import { NetworkPreviewCard } from '@/components/network-preview/network-previews';
import { postText } from '@/components/network-preview/preview-text';

/** Why a member is shown, as the screen says it. */
const previewReasonLabels: Record<AutoPostMemberPreview['reason'], string> = {
  first: 'First member reached',
  missing: 'Missing some details',
  random: 'Chosen at random',
  searched: 'Searched for',
};

/** The day the feed shows a scheduled post on ("Mar 4"), in the Auto-Post's time zone. */
function feedDay(autoPost: Pick<AutoPostDetail, 'scheduledAt' | 'timeZone'>): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: autoPost.timeZone,
  }).format(new Date(autoPost.scheduledAt));
}

interface MemberPostPreviewsProps {
  member: AutoPostMemberPreview;
  autoPost: AutoPostDetail;
}

/**
 * One member's Auto-Post: each network's card as it will be published under their name, their
 * details filled into the caption, and the link exactly as sent (with its UTM tags).
 */
export function MemberPostPreviews({ member, autoPost }: MemberPostPreviewsProps) {
  const ids = useId();
  const graphic = autoPost.mediaId ? sharedGraphic(autoPost.mediaId, autoPost.mediaUrl) : null;
  const when = feedDay(autoPost);
  return (
    <article className="member-preview" aria-labelledby={`${ids}-name`}>
      <header className="member-preview-head">
        <h3 id={`${ids}-name`} className="member-preview-name">
          {member.fullName}
        </h3>
        <Tag>{previewReasonLabels[member.reason]}</Tag>
      </header>
      {member.optedIn ? null : (
        <p className="note-box">
          {member.fullName} has Auto-Post off on these networks, so they will not receive this Auto-Post.
        </p>
      )}
      {member.missingFields.length > 0 ? (
        <p className="muted">
          No {member.missingFields.map((field) => mergeFieldLabels[field].toLowerCase()).join(', ')} in their
          details: the caption’s fallback, or nothing, is used instead.
        </p>
      ) : null}
      <div className="member-preview-cards">
        {member.posts.map((post) => {
          const link = post.link ?? '';
          return (
            <NetworkPreviewCard
              key={post.network}
              headingId={`${ids}-${post.network}`}
              level={4}
              account={{
                network: post.network,
                accountName: post.account?.accountName ?? member.fullName,
                handle: post.account?.handle ?? null,
                pictureUrl: post.account?.pictureUrl || member.thumbnailUrl,
              }}
              text={postText(post.text, link)}
              body={post.text}
              link={link}
              graphic={graphic}
              when={when}
            >
              {post.link ? (
                <p className="member-preview-link">
                  <span className="muted">Link as sent: </span>
                  <span className="member-preview-url">{post.link}</span>
                </p>
              ) : null}
            </NetworkPreviewCard>
          );
        })}
      </div>
    </article>
  );
}
