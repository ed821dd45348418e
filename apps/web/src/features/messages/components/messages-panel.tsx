import { messages, messageTexts, paging, type MessageFolder } from '@fitpost/contract';
import { Button, Radio } from 'antd';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { composeRecipientsOf } from '@/lib/compose-recipients';
import { useMessages } from '@/lib/api/messages/get-messages';
import { useStoredUser } from '@/lib/session';
import { memberTimeZone } from '@/lib/zoned-time';
import { ComposeForm } from './compose-form';
import { ThreadList } from './thread-list';
import { ThreadView } from './thread-view';
import '../messages.css';

/** The search parameter naming the open thread (the bell links to it). */
const threadParam = 'thread';

/**
 * Messages (spec §2 'Mail and notifications'): the inbox and sent folders with read/unread and
 * paging, a thread with Reply / Send Reply, and Compose. A member writes to the portal's admins;
 * an admin's inbox also holds the members' threads, their sent folder the read counts, and their
 * Compose chooses who receives it.
 */
export function MessagesPanel() {
  const user = useStoredUser();
  const admin = Boolean(user?.fitPostAdminAccess);
  const timeZone = memberTimeZone(user);
  const [params, setParams] = useSearchParams();
  const [folder, setFolder] = useState<MessageFolder>('inbox');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(paging.defaultPageSize);
  // Opened with members to write to (the Inactive Users report's action): compose to them at once.
  const handed = composeRecipientsOf(useLocation().state);
  const [composeTo, setComposeTo] = useState(admin ? handed : undefined);
  const [composing, setComposing] = useState(Boolean(composeTo));
  const [notice, setNotice] = useState('');
  const openId = params.get(threadParam);
  const list = useMessages({ folder, page, pagesize: pageSize });

  const hrefOf = (item: { id: string }) => {
    const next = new URLSearchParams(params);
    next.set(threadParam, item.id);
    return `?${next.toString()}`;
  };
  const closeThread = () => {
    const next = new URLSearchParams(params);
    next.delete(threadParam);
    setParams(next);
  };
  const chooseFolder = (next: MessageFolder) => {
    setFolder(next);
    setPage(1);
  };

  let body;
  if (composing) {
    body = (
      <ComposeForm
        admin={admin}
        members={composeTo}
        onCancel={() => {
          setComposing(false);
          setComposeTo(undefined);
        }}
        onSent={(sent) => {
          setComposing(false);
          setComposeTo(undefined);
          setNotice(messageTexts.sentToast);
          if (sent.kind === 'sent') chooseFolder('sent');
        }}
      />
    );
  } else if (openId) {
    body = <ThreadView key={openId} id={openId} timeZone={timeZone} onBack={closeThread} />;
  } else if (list.isError && !list.data) {
    body = (
      <LoadError
        what="Your messages"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data) {
    body = (
      <ThreadList
        data={list.data}
        empty={folder === 'sent' ? messageTexts.emptySent : messageTexts.empty}
        timeZone={timeZone}
        hrefOf={hrefOf}
        page={page}
        pageSize={pageSize}
        onPage={(next, size) => {
          setPage(next);
          setPageSize(size);
        }}
        busy={list.isFetching}
      />
    );
  } else {
    body = <p aria-busy="true">Loading your messages…</p>;
  }

  return (
    <section aria-label={messageTexts.tab} className="messages-panel">
      <div className="messages-toolbar">
        <Radio.Group
          aria-label="Folder"
          optionType="button"
          value={folder}
          onChange={(e) => {
            chooseFolder(e.target.value as MessageFolder);
            closeThread();
            setComposing(false);
          }}
          options={[
            { value: 'inbox', label: messageTexts.inbox },
            { value: 'sent', label: messageTexts.sent },
          ]}
        />
        <span>{list.data ? `${list.data.unread} unread` : ''}</span>
        <Button
          type="primary"
          onClick={() => {
            setNotice('');
            closeThread();
            setComposing(true);
          }}
          disabled={composing}
        >
          {messages['mail.compose']}
        </Button>
      </div>
      <p role="status" className="messages-notice">
        {notice}
      </p>
      {body}
    </section>
  );
}
