import { PlusOutlined } from '@ant-design/icons';
import { networkNames, type Network, type SocialConnection } from '@fitpost/contract';
import { Alert, Button, Empty, message } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { errorText } from '@/lib/api-client';
import { useDeleteConnection } from '@/lib/api/connections/delete-connection';
import { useConnections } from '@/lib/api/connections/get-connections';
import { useConnectNetwork, type ConnectFeedback } from '../hooks/use-connect-network';
import { connectedNetwork } from '../navigation-state';
import { AddConnectionModal } from './add-connection-modal';
import { ConnectionsTable } from './connections-table';
import { FacebookChoiceModal } from './facebook-choice-modal';
import { LoadError } from '@/components/load-error';

/**
 * Settings › Social Platforms: the member's connected accounts, 'Add New Connection', Reconnect and
 * Disconnect. The settings screen renders it as the tab's content (composed in src/app).
 */
export function SocialPlatformsPanel() {
  const [messageApi, messageHolder] = message.useMessage();
  const location = useLocation();
  const navigate = useNavigate();
  const [addOpen, setAddOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Every way of connecting (X's redirect, LinkedIn's and Facebook's pop-ups) ends in the same banner.
  const [connectedNote, setConnectedNote] = useState<string | null>(null);
  const connections = useConnections();
  const disconnect = useDeleteConnection();

  const feedback = useMemo<ConnectFeedback>(
    () => ({
      success: (text) => setConnectedNote(text),
      info: (text) => void messageApi.info(text),
      error: (text) => setFailure(text),
    }),
    [messageApi],
  );
  const flow = useConnectNetwork(feedback);
  const justConnected = connectedNetwork(location.state);

  function startConnecting(network: Network) {
    setAddOpen(false);
    setFailure(null);
    setConnectedNote(null);
    flow.connect(network); // synchronously inside the click, so the popup may open
    // The last connection's confirmation no longer applies.
    if (justConnected)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }

  function handleDisconnect(connection: SocialConnection) {
    const label = `${networkNames[connection.network]} account ${connection.accountName}`;
    disconnect.mutate(connection.id, {
      onSuccess: () => void messageApi.success(`${label} disconnected.`),
      onError: (error) => void messageApi.error(`${label} was not disconnected: ${errorText(error)}`),
    });
  }

  function handleAdded(added: SocialConnection[]) {
    flow.closeFacebookChoice();
    setConnectedNote(
      added.length === 1
        ? `${added[0]?.accountName ?? 'The account'} is connected.`
        : `${added.length} accounts are connected.`,
    );
  }

  let content;
  if (connections.isPending) {
    content = <PageLoader label="Loading your connections…" />;
  } else if (connections.isError) {
    content = (
      <LoadError
        what="Your connections"
        error={connections.error}
        onRetry={() => void connections.refetch()}
        retrying={connections.isFetching}
      />
    );
  } else if (connections.data.length === 0) {
    content = (
      <Empty
        description={
          <>
            <strong className="empty-title">No social accounts connected yet</strong>
            <span className="empty-text">
              Connect X, LinkedIn, a Facebook Page or Instagram so FitPost can publish your scheduled posts
              and Auto-Posts there. Choose &lsquo;Add New Connection&rsquo; to start.
            </span>
          </>
        }
      />
    );
  } else {
    content = (
      <ConnectionsTable
        connections={connections.data}
        busy={flow.active}
        onReconnect={(connection) => startConnecting(connection.network)}
        disconnecting={disconnect.isPending ? (disconnect.variables ?? null) : null}
        onDisconnect={handleDisconnect}
      />
    );
  }

  return (
    <section aria-labelledby="social-platforms-title">
      {messageHolder}
      <div className="tab-header">
        <h2 id="social-platforms-title" className="section-title">
          Social Platforms
        </h2>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden="true" />}
          loading={flow.active !== null}
          onClick={() => setAddOpen(true)}
        >
          Add New Connection
        </Button>
      </div>
      <p className="muted">The accounts FitPost publishes your scheduled posts and Auto-Posts to.</p>

      {justConnected || connectedNote ? (
        <Alert
          className="form-alert"
          type="success"
          showIcon
          closable
          onClose={() => setConnectedNote(null)}
          title={justConnected ? `Your ${networkNames[justConnected]} account is connected.` : connectedNote}
        />
      ) : null}
      {failure !== null ? (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          closable
          onClose={() => setFailure(null)}
          title="The account was not connected."
          description={<span className="preserve-lines">{failure}</span>}
        />
      ) : null}
      {flow.popupOpen ? (
        <Alert
          className="form-alert"
          type="info"
          showIcon
          title={`Finish signing in to ${flow.popupOpen} in the window that opened.`}
          action={
            <span className="row-actions">
              <Button size="small" onClick={flow.focusPopup}>
                Show window
              </Button>
              <Button size="small" onClick={flow.cancelPopup}>
                Cancel
              </Button>
            </span>
          }
        />
      ) : null}

      {content}

      <AddConnectionModal open={addOpen} onClose={() => setAddOpen(false)} onChoose={startConnecting} />
      {flow.facebookChoice ? (
        <FacebookChoiceModal
          pending={flow.facebookChoice}
          connections={connections.data ?? []}
          onClose={flow.closeFacebookChoice}
          onConnected={handleAdded}
        />
      ) : null}
    </section>
  );
}
