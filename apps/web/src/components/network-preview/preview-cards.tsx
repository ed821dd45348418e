import {
  CommentOutlined,
  GlobalOutlined,
  HeartOutlined,
  LikeOutlined,
  RetweetOutlined,
  SendOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { SocialConnection } from '@fitpost/contract';
import type { Graphic } from '@/components/graphic-upload/graphic';
import { feedTruncation, linkHost } from './preview-text';
import { AccountPicture } from '@/components/account-picture';
import { imageFrames, PreviewImage, PreviewText } from './preview-parts';

/** The account a post appears under: a member's connection, or a member as the preview shows them. */
export type PreviewAccount = Pick<SocialConnection, 'network' | 'accountName' | 'handle' | 'pictureUrl'>;

export interface PreviewCardProps {
  connection: PreviewAccount;
  /** The text the network receives (body and link). */
  text: string;
  body: string;
  link: string;
  graphic: Graphic | null;
  /** "now", or when it is scheduled, as the feed would say it. */
  when: string;
}

function image(network: PreviewAccount['network'], graphic: Graphic | null) {
  if (!graphic) return null;
  return (
    <PreviewImage
      network={network}
      url={graphic.url}
      width={graphic.width}
      height={graphic.height}
      altText={graphic.altText}
    />
  );
}

/** X: name, @handle, every character (links shortened as X writes them), the image cropped to 16:9. */
export function XPreview({ connection, text, graphic, when }: PreviewCardProps) {
  const handle = connection.handle ?? connection.accountName.replaceAll(' ', '').toLowerCase();
  return (
    <div className="preview-card preview-x">
      <AccountPicture name={connection.accountName} pictureUrl={connection.pictureUrl} size={40} />
      <div className="preview-x-main">
        <div className="preview-x-head">
          <strong>{connection.accountName}</strong> <span className="preview-muted">@{handle}</span>{' '}
          <span className="preview-muted">· {when}</span>
        </div>
        {text ? <PreviewText text={text} links="x" /> : null}
        {image('x', graphic)}
        <div className="preview-actions" aria-hidden="true">
          <CommentOutlined /> <RetweetOutlined /> <HeartOutlined /> <ShareAltOutlined />
        </div>
      </div>
    </div>
  );
}

/** LinkedIn: name, "now • 🌐", about 210 characters then "…see more", the image. */
export function LinkedInPreview({ connection, text, graphic, when }: PreviewCardProps) {
  return (
    <div className="preview-card preview-linkedin">
      <div className="preview-head">
        <AccountPicture name={connection.accountName} pictureUrl={connection.pictureUrl} size={48} />
        <div>
          <strong>{connection.accountName}</strong>
          <div className="preview-muted">
            {when} • <GlobalOutlined aria-label="Anyone" />
          </div>
        </div>
      </div>
      {text ? <PreviewText text={text} links="linked" truncation={feedTruncation.linkedin} /> : null}
      {image('linkedin', graphic)}
      <div className="preview-actions preview-actions-labelled" aria-hidden="true">
        <span>
          <LikeOutlined /> Like
        </span>
        <span>
          <CommentOutlined /> Comment
        </span>
        <span>
          <RetweetOutlined /> Repost
        </span>
        <span>
          <SendOutlined /> Send
        </span>
      </div>
    </div>
  );
}

/**
 * A Facebook Page: about 480 characters then "… See more". A post with an image carries the link in
 * its caption; without one, the link becomes a link card under the text.
 */
export function FacebookPreview({ connection, text, body, link, graphic, when }: PreviewCardProps) {
  const linkCard = !graphic && link.trim() !== '';
  const shown = linkCard ? body : text;
  return (
    <div className="preview-card preview-facebook">
      <div className="preview-head">
        <AccountPicture name={connection.accountName} pictureUrl={connection.pictureUrl} size={40} />
        <div>
          <strong>{connection.accountName}</strong>
          <div className="preview-muted">
            {when} · <GlobalOutlined aria-label="Public" />
          </div>
        </div>
      </div>
      {shown ? <PreviewText text={shown} links="linked" truncation={feedTruncation.facebook} /> : null}
      {image('facebook', graphic)}
      {linkCard ? (
        <div className="preview-link-card">
          <span className="preview-muted">{linkHost(link.trim()).toUpperCase()}</span>
          <span className="preview-link-url">{link.trim()}</span>
        </div>
      ) : null}
      <div className="preview-actions preview-actions-labelled" aria-hidden="true">
        <span>
          <LikeOutlined /> Like
        </span>
        <span>
          <CommentOutlined /> Comment
        </span>
        <span>
          <ShareAltOutlined /> Share
        </span>
      </div>
    </div>
  );
}

/** How a ratio reads: "1:3", "16:9". */
function ratioLabel(width: number, height: number): string {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const d = gcd(width, height);
  const w = width / d;
  const h = height / d;
  return w > 50 || h > 50 ? `${(width / height).toFixed(2)}:1` : `${w}:${h}`;
}

/** Instagram: the image first (it needs one), then the username and about 125 characters then "… more". */
export function InstagramPreview({ connection, text, graphic }: PreviewCardProps) {
  const username = connection.handle ?? connection.accountName;
  const { min, max } = imageFrames.instagram;
  const ratio = graphic?.width && graphic.height ? graphic.width / graphic.height : null;
  const outside = ratio !== null && (ratio < min - 0.01 || ratio > max + 0.01);
  return (
    <div className="preview-card preview-instagram">
      <div className="preview-head">
        <AccountPicture name={username} pictureUrl={connection.pictureUrl} size={32} />
        <strong>{username}</strong>
      </div>
      {graphic ? (
        image('instagram', graphic)
      ) : (
        <div className="preview-image preview-image-instagram preview-image-needed">
          Instagram needs an image
        </div>
      )}
      <div className="preview-actions" aria-hidden="true">
        <HeartOutlined /> <CommentOutlined /> <SendOutlined />
      </div>
      {text ? (
        <PreviewText text={text} links="plain" lead={username} truncation={feedTruncation.instagram} />
      ) : null}
      {outside && graphic?.width && graphic.height ? (
        <p className="note-box">
          Instagram takes images from 4:5 (portrait) to 1.91:1 (landscape); this one is{' '}
          {ratioLabel(graphic.width, graphic.height)} and may be refused.
        </p>
      ) : null}
    </div>
  );
}
