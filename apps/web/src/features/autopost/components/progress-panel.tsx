import { formatCount } from '@fitpost/contract';
import type { AutoPostDetail } from '@fitpost/contract';
import { type TableProps } from 'antd';
import { formatZoned } from '@/lib/zoned-time';
import { NetworkLabel } from '@/components/network-icon';
import { FitTable } from '@/components/fit-table';

type NetworkStats = AutoPostDetail['progress']['byNetwork'][number];

/** One figure with its label, as a description-list pair. */
function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="autopost-figure">
      <dt>{label}</dt>
      <dd>{formatCount(value)}</dd>
    </div>
  );
}

/** An Auto-Post's fan-out results: members reached, sends by network, who was left out and why. */
export function ProgressPanel({ detail, zone }: { detail: AutoPostDetail; zone: string }) {
  const { progress } = detail;
  const totals = progress.byNetwork.reduce(
    (sum, n) => ({
      published: sum.published + n.published,
      failed: sum.failed + n.failed,
      pending: sum.pending + n.pending,
    }),
    { published: 0, failed: 0, pending: 0 },
  );
  const columns: TableProps<NetworkStats>['columns'] = [
    {
      key: 'network',
      title: 'Network',
      render: (_: unknown, n) => <NetworkLabel network={n.network} />,
    },
    { key: 'targets', title: 'Posts', dataIndex: 'targets', render: formatCount },
    { key: 'published', title: 'Published', dataIndex: 'published', render: formatCount },
    { key: 'failed', title: 'Failed', dataIndex: 'failed', render: formatCount },
    { key: 'pending', title: 'Pending', dataIndex: 'pending', render: formatCount },
  ];

  return (
    <>
      <dl className="autopost-figures">
        <Figure label="Members reached" value={progress.membersReached} />
        <Figure label="Published" value={totals.published} />
        <Figure label="Failed" value={totals.failed} />
        <Figure label="Pending" value={totals.pending} />
        <Figure label="Skipped accounts" value={progress.skippedAccounts} />
        <Figure label="Members who skipped" value={progress.skippedMembers} />
        <Figure label="Customized" value={progress.customised} />
      </dl>
      <p className="muted">
        Skipped accounts were opted in but disconnected or needing to reconnect. Members who skipped chose not
        to post this one; customized ones made it their own Custom Post.
      </p>
      <h3 className="autopost-subtitle">By network</h3>
      {progress.byNetwork.length === 0 ? (
        <p className="empty-note">
          {progress.fanoutStartedAt
            ? 'No member posts were made: nobody opted in on these networks.'
            : 'Nothing sent yet: members’ posts are made at the scheduled time.'}
        </p>
      ) : (
        <FitTable<NetworkStats>
          rowKey="network"
          columns={columns}
          dataSource={progress.byNetwork}
          pagination={false}
        />
      )}
      <dl className="autopost-times">
        <div>
          <dt>Fan-out started</dt>
          <dd>{progress.fanoutStartedAt ? formatZoned(progress.fanoutStartedAt, zone) : 'Not yet'}</dd>
        </div>
        <div>
          <dt>Fan-out finished</dt>
          <dd>{progress.fanoutFinishedAt ? formatZoned(progress.fanoutFinishedAt, zone) : 'Not yet'}</dd>
        </div>
      </dl>
    </>
  );
}
