import {
  network as networkSchema,
  type AutoPostCsvColumn,
  type AutoPostImportProblem,
  type AutoPostImportRow,
} from '@fitpost/contract';
import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import { FitTable } from '@/components/fit-table';
import { NetworkLabel } from '@/components/network-icon';

/** The columns the preview shows; a problem of any other column is listed under Problems. */
const shownColumns: Partial<Record<AutoPostCsvColumn, string>> = {
  date: 'Date',
  time: 'Time',
  time_zone: 'Zone',
  networks: 'Networks',
  text: 'Text as X shows it',
};

/** A cell: its value and, when the row's problems name its column, each message, marked. */
function Cell({
  row,
  column,
  children,
}: {
  row: AutoPostImportRow;
  column: AutoPostCsvColumn;
  children: ReactNode;
}) {
  const problems = row.errors.filter((e) => e.column === column);
  if (problems.length === 0) return <>{children}</>;
  return (
    <div className="plan-cell-bad">
      <div>{children}</div>
      {problems.map((p) => (
        <p key={p.message} className="plan-cell-message">
          <span className="visually-hidden">Problem: </span>
          {p.message}
        </p>
      ))}
    </div>
  );
}

/** Problems not about a shown column: the whole row's (a duplicate) and the other columns'. */
function otherProblems(row: AutoPostImportRow): AutoPostImportProblem[] {
  return row.errors.filter((e) => e.column === null || !(e.column in shownColumns));
}

function NetworksCell({ tokens }: { tokens: string[] }) {
  if (tokens.length === 0) return <span className="muted">None</span>;
  return (
    <ul className="autopost-networks">
      {tokens.map((token) => {
        const known = networkSchema.safeParse(token.toLowerCase());
        return <li key={token}>{known.success ? <NetworkLabel network={known.data} /> : token}</li>;
      })}
    </ul>
  );
}

/**
 * The rows of an imported plan as the server read them: date, time, zone, networks and the text X
 * will show, each bad cell marked with its message. On a phone each row reads as a card (FitTable).
 */
export function PlanPreviewTable({ rows }: { rows: AutoPostImportRow[] }) {
  const cell = (column: AutoPostCsvColumn, render: (row: AutoPostImportRow) => ReactNode) => ({
    key: column,
    title: shownColumns[column],
    render: (_: unknown, row: AutoPostImportRow) => (
      <Cell row={row} column={column}>
        {render(row)}
      </Cell>
    ),
  });
  const columns: TableProps<AutoPostImportRow>['columns'] = [
    { key: 'line', title: 'Line', render: (_: unknown, row) => row.row },
    cell('date', (row) => row.preview.date || <span className="muted">Empty</span>),
    cell('time', (row) => row.preview.time || <span className="muted">Empty</span>),
    cell('time_zone', (row) => row.preview.timeZone),
    cell('networks', (row) => <NetworksCell tokens={row.preview.networks} />),
    cell('text', (row) => <span className="plan-text">{row.preview.text}</span>),
    {
      key: 'problems',
      title: 'Problems',
      render: (_: unknown, row) => {
        const other = otherProblems(row);
        if (row.ok) return <span className="plan-ok">Ready</span>;
        if (other.length === 0) return <span className="plan-bad">See the marked cells</span>;
        return (
          <ul className="plan-problems">
            {other.map((p) => (
              <li key={`${p.column}-${p.message}`}>
                {p.column ? <strong>{p.column}: </strong> : null}
                {p.message}
              </li>
            ))}
          </ul>
        );
      },
    },
  ];
  return (
    <FitTable<AutoPostImportRow>
      rowKey={(row) => String(row.row)}
      columns={columns}
      dataSource={rows}
      rowClassName={(row) => (row.ok ? '' : 'plan-row-bad')}
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      size="small"
    />
  );
}
