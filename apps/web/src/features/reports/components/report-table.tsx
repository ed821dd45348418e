import type { ReportCell, ReportColumn } from '@fitpost/contract';
import { Grid, Table, type TableProps } from 'antd';

type Row = Record<string, ReportCell>;

/** A cell as people read it: unknown figures say so, links open the live post. */
function formatCell(column: ReportColumn, value: ReportCell) {
  if (value === null) return column.type === 'number' || column.type === 'percent' ? '—' : '';
  if (column.type === 'percent') return `${value}%`;
  if (column.type === 'number' && typeof value === 'number') return value.toLocaleString('en');
  if (column.type === 'link' && typeof value === 'string')
    return (
      <a href={value} target="_blank" rel="noopener noreferrer">
        Open
      </a>
    );
  return value;
}

/**
 * A report's rows: a sortable, paged table from 768 px, and the same rows as cards (label: value)
 * on a phone, so nothing runs off the side.
 */
export function ReportTable(props: {
  columns: ReportColumn[];
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  sort?: string | undefined;
  desc?: boolean | undefined;
  caption: string;
  onChange: (change: { page: number; pageSize: number; sort?: string; desc?: boolean }) => void;
}) {
  const screens = Grid.useBreakpoint();
  const { columns, rows, total, page, pageSize, loading, sort, desc, caption, onChange } = props;
  const pagination = {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [25, 50, 100],
    onChange: (next: number, size: number) => onChange({ page: next, pageSize: size, sort, desc }),
  };
  if (!screens.md) {
    return (
      <div className="report-cards">
        <ul aria-label={caption}>
          {rows.map((row, index) => (
            <li key={index} className="report-card">
              <dl>
                {columns.map((c) => (
                  <div key={c.key} className="report-card-line">
                    <dt>{c.label}</dt>
                    <dd>{formatCell(c, row[c.key] ?? null)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        <Table<Row>
          className="report-cards-pager"
          dataSource={[]}
          columns={[]}
          pagination={pagination}
          showHeader={false}
          locale={{ emptyText: ' ' }}
        />
      </div>
    );
  }
  const tableColumns: TableProps<Row>['columns'] = columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: c.label,
    sorter: true,
    sortOrder: sort === c.key ? (desc ? 'descend' : 'ascend') : null,
    align: c.type === 'number' || c.type === 'percent' ? 'right' : 'left',
    // A post's text and a failure's reason are cut to one line, at a width that keeps them readable
    // (without one, a fixed-layout table can squeeze the column to a letter per line).
    ellipsis: c.key === 'text' || c.key === 'reason',
    ...(c.key === 'text' ? { width: 320 } : c.key === 'reason' ? { width: 240 } : {}),
    render: (value: ReportCell) => formatCell(c, value ?? null),
  }));
  return (
    <Table<Row>
      rowKey={(_, index) => String(index)}
      size="small"
      loading={loading}
      columns={tableColumns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={pagination}
      aria-label={caption}
      onChange={(_, __, sorter) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const key = typeof one?.columnKey === 'string' ? one.columnKey : undefined;
        onChange({
          page: 1,
          pageSize,
          ...(key && one?.order ? { sort: key, desc: one.order === 'descend' } : {}),
        });
      }}
    />
  );
}
