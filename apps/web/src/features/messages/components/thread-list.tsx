import { messageTexts, type MessageList, type MessageSummary } from '@fitpost/contract';
import { Pagination, Tag } from 'antd';
import { Link } from 'react-router';
import { formatZoned } from '@/lib/zoned-time';

interface ThreadListProps {
  data: MessageList;
  empty: string;
  timeZone: string;
  /** The address a row opens (the thread in this screen). */
  hrefOf: (item: MessageSummary) => string;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  busy: boolean;
}

/** Who a row is about: the other side of the thread, or the author of a sent message. */
function counterpart(item: MessageSummary): string {
  if (item.kind === 'sent') return `${item.author.fullName} → ${item.to}`;
  return item.member && item.member.id !== item.author.id
    ? `${item.author.fullName} → ${item.member.fullName}`
    : item.author.fullName;
}

function ThreadRow({ item, timeZone, href }: { item: MessageSummary; timeZone: string; href: string }) {
  return (
    <li className={item.unread ? 'message-row message-row-unread' : 'message-row'}>
      <div className="message-row-head">
        <Link to={href} className="message-row-subject">
          {item.subject}
          {item.unread ? <span className="visually-hidden">, unread</span> : null}
        </Link>
        {item.kind === 'sent' ? (
          <Tag>{messageTexts.readBy(item.readCount ?? 0, item.recipientCount ?? 0)}</Tag>
        ) : (
          <Tag className={item.unread ? 'message-tag-unread' : undefined} aria-hidden="true">
            {item.unread ? 'Unread' : 'Read'}
          </Tag>
        )}
      </div>
      <p className="message-row-preview">
        <span className="message-row-who">{counterpart(item)}</span> {item.preview}
      </p>
      <div className="message-row-foot">
        <time dateTime={item.lastAt}>{formatZoned(item.lastAt, timeZone)}</time>
        {item.replyCount > 0 ? (
          <span>{item.kind === 'sent' ? `${item.replyCount} answered` : `${item.replyCount} replies`}</span>
        ) : null}
      </div>
    </li>
  );
}

/** One page of threads or sent messages, latest first, each opening in place; paging below. */
export function ThreadList({ data, empty, timeZone, hrefOf, page, pageSize, onPage, busy }: ThreadListProps) {
  return (
    <>
      {data.items.length === 0 ? <p className="empty-note">{empty}</p> : null}
      <ul className="message-rows" aria-busy={busy}>
        {data.items.map((item) => (
          <ThreadRow key={item.id} item={item} timeZone={timeZone} href={hrefOf(item)} />
        ))}
      </ul>
      {data.total > pageSize ? (
        <Pagination
          current={page}
          pageSize={pageSize}
          total={data.total}
          onChange={(next, size) => onPage(size === pageSize ? next : 1, size)}
        />
      ) : null}
    </>
  );
}
