import { messageLimits, messages, messageTexts, type MessageThread } from '@fitpost/contract';
import { Alert, Button, Input, Tag } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { LoadError } from '@/components/load-error';
import { errorText } from '@/lib/api-client';
import { useThread } from '@/lib/api/messages/get-thread';
import { useSendReply } from '@/lib/api/messages/send-reply';
import { formatZoned } from '@/lib/zoned-time';
import { LinkedText } from './linked-text';

/** Reply, then the draft and Send Reply (spec §2). A failed send keeps the draft and says why. */
function ReplyBox({ threadId }: { threadId: string }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const send = useSendReply(threadId);
  const fieldId = useId();
  const errorId = useId();
  const field = useRef<TextAreaRef>(null);
  // Reply moves the focus to the draft, as a keyboard user expects.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <Button type="primary" onClick={() => setOpen(true)}>
        {messages['mail.reply']}
      </Button>
    );
  }
  const handleSend = () => {
    send.mutate(draft, {
      onSuccess: () => {
        setDraft('');
        setOpen(false);
      },
    });
  };
  return (
    <div className="message-reply">
      <label htmlFor={fieldId}>Your reply</label>
      <Input.TextArea
        id={fieldId}
        ref={field}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 12 }}
        maxLength={messageLimits.bodyMaxLength}
        showCount
        aria-describedby={send.isError ? errorId : undefined}
      />
      {send.isError ? (
        <Alert
          id={errorId}
          type="error"
          showIcon
          title="Your reply was not sent. Your text is still here."
          description={errorText(send.error)}
        />
      ) : null}
      <div className="message-reply-actions">
        <Button type="primary" onClick={handleSend} loading={send.isPending} disabled={!draft.trim()}>
          {messages['mail.sendReply']}
        </Button>
        <Button onClick={() => setOpen(false)} disabled={send.isPending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function ThreadBody({ thread, timeZone }: { thread: MessageThread; timeZone: string }) {
  return (
    <article className="message-thread" aria-labelledby={`subject-${thread.id}`}>
      <h2 id={`subject-${thread.id}`} className="message-thread-subject">
        {thread.subject}
      </h2>
      <p className="message-thread-meta">
        To:{' '}
        {thread.member && thread.kind === 'thread' && thread.to !== messageTexts.toAdmins
          ? `${thread.member.fullName} (${thread.to})`
          : thread.to}
        {thread.recipientCount !== null ? (
          <Tag>{messageTexts.readBy(thread.readCount ?? 0, thread.recipientCount)}</Tag>
        ) : null}
      </p>
      <ol className="message-items">
        {thread.items.map((item) => (
          <li key={item.id} className={item.fromAdmin ? 'message-item message-item-admin' : 'message-item'}>
            <div className="message-item-head">
              <strong>{item.author.fullName}</strong>
              <time dateTime={item.createdAt}>{formatZoned(item.createdAt, timeZone)}</time>
            </div>
            <LinkedText text={item.body} />
          </li>
        ))}
      </ol>
      {thread.canReply ? <ReplyBox key={thread.id} threadId={thread.id} /> : null}
    </article>
  );
}

/** A thread (or an admin's sent message) with its replies; opening it marks it read. */
export function ThreadView({ id, timeZone, onBack }: { id: string; timeZone: string; onBack: () => void }) {
  const thread = useThread(id);
  return (
    <div className="message-thread-view">
      <Button type="link" className="message-back" onClick={onBack}>
        ← Back to messages
      </Button>
      {thread.isError && !thread.data ? (
        <LoadError
          what="This message"
          error={thread.error}
          onRetry={() => void thread.refetch()}
          retrying={thread.isFetching}
        />
      ) : null}
      {thread.isPending ? <p aria-busy="true">Loading the message…</p> : null}
      {thread.data ? <ThreadBody thread={thread.data} timeZone={timeZone} /> : null}
    </div>
  );
}
