import { connectionStatusLabels, networkNames, type Network, type SocialConnection } from '@fitpost/contract';
import { Button, Popconfirm, Tag, type TableProps } from 'antd';
import { formatDate } from '@/lib/dates';
import { AccountPicture } from '@/components/account-picture';
import { NetworkLabel } from '@/components/network-icon';
import { FitTable } from '@/components/fit-table';

interface ConnectionsTableProps {
  connections: SocialConnection[];
  /** The network being connected right now: its Reconnect buttons show progress. */
  busy: Network | null;
  onReconnect: (connection: SocialConnection) => void;
  /** The connection whose DELETE is under way. */
  disconnecting: string | null;
  onDisconnect: (connection: SocialConnection) => void;
}

function accountLabel(connection: SocialConnection): string {
  return `${networkNames[connection.network]} account ${connection.accountName}`;
}

/** The member's connected accounts: network, account, status, connected date and actions. */
export function ConnectionsTable({
  connections,
  busy,
  onReconnect,
  disconnecting,
  onDisconnect,
}: ConnectionsTableProps) {
  const columns: TableProps<SocialConnection>['columns'] = [
    {
      key: 'network',
      title: 'Network',
      dataIndex: 'network',
      render: (network: Network) => <NetworkLabel network={network} />,
    },
    {
      key: 'account',
      title: 'Account',
      render: (_: unknown, connection) => (
        <span className="account-cell">
          <AccountPicture
            name={connection.accountName}
            pictureUrl={connection.pictureUrl}
            alt={`Profile picture of ${connection.accountName}`}
          />
          <span className="account-cell-text">
            <span className="account-name">{connection.accountName}</span>
            {connection.handle ? <span className="muted">@{connection.handle.replace(/^@/, '')}</span> : null}
          </span>
        </span>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (_: unknown, connection) =>
        connection.status === 'connected' ? (
          <Tag className="tag-success">{connectionStatusLabels.connected}</Tag>
        ) : (
          <span className="status-cell">
            <Tag className="tag-warning">{connectionStatusLabels.needs_reconnect}</Tag>
            {connection.statusReason ? (
              <span id={`status-reason-${connection.id}`} className="status-reason muted">
                {connection.statusReason}
              </span>
            ) : null}
          </span>
        ),
    },
    {
      key: 'connectedAt',
      title: 'Connected',
      dataIndex: 'connectedAt',
      render: (value: string) => formatDate(value),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      render: (_: unknown, connection) => (
        <span className="row-actions">
          {connection.status === 'needs_reconnect' ? (
            <Button
              size="small"
              type="primary"
              loading={busy === connection.network}
              aria-label={`Reconnect ${accountLabel(connection)}`}
              aria-describedby={connection.statusReason ? `status-reason-${connection.id}` : undefined}
              onClick={() => onReconnect(connection)}
            >
              Reconnect
            </Button>
          ) : null}
          <Popconfirm
            title={`Disconnect ${accountLabel(connection)}?`}
            description="FitPost will stop posting to this account. You can connect it again at any time."
            okText="Disconnect"
            okButtonProps={{ danger: true }}
            cancelText="Keep"
            onConfirm={() => onDisconnect(connection)}
          >
            <Button
              size="small"
              danger
              loading={disconnecting === connection.id}
              aria-label={`Disconnect ${accountLabel(connection)}`}
            >
              Disconnect
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <FitTable<SocialConnection> rowKey="id" columns={columns} dataSource={connections} pagination={false} />
  );
}
