import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import './plain-pagination.css';

/** How many pages a "•••" jumps, as antd's. */
const jump = 5;

type Item = number | 'back' | 'ahead';

/**
 * antd's page list: every page up to 9; past that the first, the last and two either side of the
 * current one, with a "•••" where pages are left out that jumps five pages.
 */
export function pageItems(current: number, pages: number): Item[] {
  if (pages <= 9) return Array.from({ length: pages }, (_, i) => i + 1);
  let left = Math.max(2, current - 2);
  let right = Math.min(pages - 1, current + 2);
  if (current <= 3) right = 5;
  if (current >= pages - 2) left = pages - 4;
  const middle = Array.from({ length: right - left + 1 }, (_, i) => left + i);
  return [
    1,
    ...(left > 2 ? (['back'] as const) : []),
    ...middle,
    ...(right < pages - 1 ? (['ahead'] as const) : []),
    pages,
  ];
}

/**
 * antd's Pagination (previous, the pages, next; no size changer) in plain buttons and CSS, for the
 * screens a phone opens first (Browse Library: docs/architecture.md §5). Put it in a labelled `nav`.
 */
export function PlainPagination({
  current,
  pageSize,
  total,
  onChange,
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (page: number) => onChange(Math.min(pages, Math.max(1, page)));
  return (
    <ul className="plain-pagination">
      <li>
        <button type="button" title="Previous Page" disabled={current <= 1} onClick={() => go(current - 1)}>
          <LeftOutlined aria-hidden="true" />
          <span className="visually-hidden">Previous Page</span>
        </button>
      </li>
      {pageItems(current, pages).map((item) =>
        typeof item === 'number' ? (
          <li key={item}>
            <button
              type="button"
              title={String(item)}
              aria-current={item === current ? 'page' : undefined}
              onClick={() => go(item)}
            >
              {item}
            </button>
          </li>
        ) : (
          <li key={item}>
            <button
              type="button"
              className="plain-pagination-jump"
              title={item === 'back' ? `Previous ${jump} Pages` : `Next ${jump} Pages`}
              onClick={() => go(item === 'back' ? current - jump : current + jump)}
            >
              <span aria-hidden="true">•••</span>
              <span className="visually-hidden">
                {item === 'back' ? `Previous ${jump} Pages` : `Next ${jump} Pages`}
              </span>
            </button>
          </li>
        ),
      )}
      <li>
        <button type="button" title="Next Page" disabled={current >= pages} onClick={() => go(current + 1)}>
          <RightOutlined aria-hidden="true" />
          <span className="visually-hidden">Next Page</span>
        </button>
      </li>
    </ul>
  );
}
