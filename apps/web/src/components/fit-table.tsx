import { Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import './fit-table.css';

/** A column's title as plain text, for the label a cell shows when the row reads as a card. */
function titleText(title: unknown): string | undefined {
  return typeof title === 'string' ? title : undefined;
}

/**
 * Every list table of the app. It fits its card: no sideways scrolling, long text wraps and the
 * row's action buttons wrap inside their cell, so they stay in view at 1280×800. Below 768 px each
 * row reads as a card, each cell under its column's name (the same table underneath, so screen
 * readers, keyboard use and tests meet one structure at every size).
 */
export function FitTable<T extends object>({ columns, className, ...rest }: Omit<TableProps<T>, 'scroll'>) {
  const labelled = columns?.map((column) => {
    const label = titleText(column.title);
    if (!label) return column;
    const onCell = (column as ColumnType<T>).onCell;
    return {
      ...column,
      onCell: (record: T, index?: number) => ({ ...onCell?.(record, index), 'data-label': label }),
    };
  });
  return (
    <Table<T> {...rest} columns={labelled} className={['fit-table', className].filter(Boolean).join(' ')} />
  );
}
