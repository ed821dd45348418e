import type { SocialConnection } from '@fitpost/contract';
import { Alert, Button, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useFacebookConnect } from '@/lib/api/connections/post-facebook-connect';
import type { PendingFacebookChoice } from '../hooks/use-connect-network';
import { AccountPicture } from '@/components/account-picture';

interface FacebookChoiceModalProps {
  pending: PendingFacebookChoice;
  /** The member's current connections, to mark accounts already added. */
  connections: SocialConnection[];
  onClose: () => void;
  onConnected: (added: SocialConnection[]) => void;
}

function existingNote(connections: SocialConnection[], network: 'facebook' | 'instagram', accountId: string) {
  const existing = connections.find((c) => c.network === network && c.accountId === accountId);
  if (!existing) return null;
  return (
    <span className="muted">
      {existing.status === 'needs_reconnect' ? ' — needs reconnect' : ' — already connected'}
    </span>
  );
}

/** 'Choose accounts to add': a checkbox per Facebook Page and per Instagram account Facebook returned. */
export function FacebookChoiceModal({
  pending,
  connections,
  onClose,
  onConnected,
}: FacebookChoiceModalProps) {
  const { choice, wanted } = pending;
  const [pageIds, setPageIds] = useState<string[]>([]);
  const [instagramIds, setInstagramIds] = useState<string[]>([]);
  const connect = useFacebookConnect();
  const instagramAccounts = choice.pages.flatMap((page) =>
    page.instagram ? [{ ...page.instagram, pageName: page.name }] : [],
  );
  const selected = pageIds.length + instagramIds.length;

  function handleAdd() {
    connect.mutate(
      { pendingId: choice.pendingId, pageIds, instagramIds },
      { onSuccess: (added) => onConnected(added) },
    );
  }

  const title = 'Choose accounts to add';

  if (choice.pages.length === 0) {
    return (
      <Modal
        title={title}
        open
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            Close
          </Button>
        }
      >
        <p>
          <strong>Your Facebook account doesn&apos;t manage any Facebook Pages</strong>, so there is nothing
          to add.
        </p>
        <p className="muted">
          FitPost posts to Facebook Pages — not to personal profiles — and to Instagram professional accounts
          linked to a Page. Create a Page (or ask to be made an admin of one), and when you sign in with
          Facebook again, allow FitPost to use it.
        </p>
      </Modal>
    );
  }

  const pagesGroup = (
    <fieldset key="pages" className="account-choices">
      <legend className="account-choices-legend">Facebook Pages</legend>
      <Checkbox.Group
        className="account-choice-list"
        value={pageIds}
        onChange={(values) => setPageIds(values)}
        options={choice.pages.map((page) => ({
          value: page.pageId,
          label: (
            <span className="account-choice">
              <AccountPicture name={page.name} pictureUrl={page.pictureUrl} size={28} />
              <span>
                {page.name}
                {existingNote(connections, 'facebook', page.pageId)}
              </span>
            </span>
          ),
        }))}
      />
    </fieldset>
  );
  const instagramGroup = (
    <fieldset key="instagram" className="account-choices">
      <legend className="account-choices-legend">Instagram accounts</legend>
      {instagramAccounts.length === 0 ? (
        <p className={wanted === 'instagram' ? undefined : 'muted'}>
          None of these Pages has an Instagram professional account linked to it. Link one to a Page, then
          sign in with Facebook again.
        </p>
      ) : (
        <Checkbox.Group
          className="account-choice-list"
          value={instagramIds}
          onChange={(values) => setInstagramIds(values)}
          options={instagramAccounts.map((account) => ({
            value: account.igUserId,
            label: (
              <span className="account-choice">
                <AccountPicture name={account.username} pictureUrl={account.pictureUrl} size={28} />
                <span>
                  @{account.username} <span className="muted">(via {account.pageName})</span>
                  {existingNote(connections, 'instagram', account.igUserId)}
                </span>
              </span>
            ),
          }))}
        />
      )}
    </fieldset>
  );

  return (
    <Modal
      title={title}
      open
      onCancel={onClose}
      okText="Add Selected"
      onOk={handleAdd}
      okButtonProps={{ disabled: selected === 0 }}
      confirmLoading={connect.isPending}
    >
      <p className="muted">
        FitPost will post to the accounts you tick. You can disconnect them at any time.
      </p>
      {wanted === 'instagram' ? [instagramGroup, pagesGroup] : [pagesGroup, instagramGroup]}
      {connect.isError ? (
        <Alert
          type="error"
          showIcon
          title="The accounts were not added."
          description={<span className="preserve-lines">{errorText(connect.error)}</span>}
        />
      ) : null}
    </Modal>
  );
}
