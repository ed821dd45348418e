import { HeartFilled, HeartOutlined, PictureOutlined } from '@ant-design/icons';
import type { ContentItem } from '@fitpost/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { PlainButton, PlainTag } from '@/components/plain-controls';
import { useStoredUser } from '@/lib/session';
import { autoPostPath, previewPath } from '../hooks/use-content-actions';
import '../library.css';

const excerptLength = 160;

/** The caption's opening, cut at a word boundary. */
function captionExcerpt(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text.length <= excerptLength) return text;
  const cut = text.slice(0, excerptLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > excerptLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

interface ContentCardProps {
  item: ContentItem;
  onSchedule: (item: ContentItem) => void;
  /** One-click 'Add to Queue' (the member's usual accounts, next free slot); left out, no button. */
  onQueue?: (item: ContentItem) => void;
  /** This item is being added to the queue. */
  queueing?: boolean;
  onToggleFavorite: (item: ContentItem) => void;
  /** The card opens the list above the fold: its graphic loads at once, first, not lazily. */
  priority?: boolean;
}

/**
 * A content card (spec §2): graphic, title (opening its preview), brand, caption excerpt, tags, the caller's Scheduled and
 * Posted labels, a favourite toggle, 'Schedule Post' and 'Add to Queue'; for admins also
 * 'Schedule Auto-Post'.
 */
export function ContentCard({
  item,
  onSchedule,
  onQueue,
  queueing,
  onToggleFavorite,
  priority = false,
}: ContentCardProps) {
  const titleId = useId();
  const isAdmin = useStoredUser()?.fitPostAdminAccess === true;
  return (
    <article className="content-card" aria-labelledby={titleId}>
      <div className="content-card-graphic">
        {item.graphicUrl ? (
          // The title says what the graphic shows; an alt text would repeat it.
          <img
            src={item.graphicUrl}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <div className="content-card-placeholder" aria-hidden="true">
            <PictureOutlined />
          </div>
        )}
        {item.recommended || item.scheduled || item.posted ? (
          <div className="content-card-labels">
            {item.recommended ? <PlainTag color="blue">Recommended</PlainTag> : null}
            {item.scheduled ? <PlainTag className="tag-warning">Scheduled</PlainTag> : null}
            {item.posted ? <PlainTag className="tag-success">Posted</PlainTag> : null}
          </div>
        ) : null}
      </div>
      <div className="content-card-body">
        <h3 id={titleId} className="content-card-title">
          <Link to={previewPath(item.id)}>{item.title}</Link>
        </h3>
        {item.brand ? <p className="content-card-brand">{item.brand.name}</p> : null}
        {item.feed ? <p className="content-card-brand">From {item.feed.name}</p> : null}
        {item.body.trim() !== '' ? <p className="content-card-caption">{captionExcerpt(item.body)}</p> : null}
        {item.tags.length > 0 ? (
          <ul className="content-card-tags" aria-label="Tags">
            {item.tags.map((tag) => (
              <li key={tag.id}>
                <PlainTag>{tag.name}</PlainTag>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="content-card-actions">
        <span className="content-card-schedule">
          <PlainButton variant="primary" aria-describedby={titleId} onClick={() => onSchedule(item)}>
            Schedule Post
          </PlainButton>
          {onQueue ? (
            <PlainButton aria-describedby={titleId} loading={queueing} onClick={() => onQueue(item)}>
              Add to Queue
            </PlainButton>
          ) : null}
          {isAdmin ? (
            <Link to={autoPostPath(item.id)} aria-describedby={titleId}>
              Schedule Auto-Post
            </Link>
          ) : null}
        </span>
        <PlainButton
          className="favorite-toggle"
          aria-label={`Favorite ${item.title}`}
          aria-pressed={item.favorite}
          title={item.favorite ? 'Remove from My Favorites' : 'Add to My Favorites'}
          icon={item.favorite ? <HeartFilled aria-hidden="true" /> : <HeartOutlined aria-hidden="true" />}
          onClick={() => onToggleFavorite(item)}
        />
      </div>
    </article>
  );
}
