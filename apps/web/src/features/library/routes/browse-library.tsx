import { formatCount, libraryMessages, messages, paging } from '@fitpost/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useStoredUser } from '@/lib/session';
import { useBrands } from '@/lib/api/library/get-brands';
import { useContent } from '@/lib/api/content/get-content';
import { useTags } from '@/lib/api/library/get-tags';
import { ContentGrid } from '../components/content-grid';
import { LibraryFilters } from '../components/library-filters';
import { useContentActions } from '../hooks/use-content-actions';
import { useFilterCheck, useLibraryFilter, type FilterCheck } from '../hooks/use-library-filter';
import { filterToQuery, isFiltered } from '../library-filter';

/** Cards per page: fills rows of 2, 3 or 4 columns. */
export const libraryPageSize = 24;

/** /app/content: Browse Library — search, filters and the content cards (spec §2). */
export function BrowseLibraryRoute() {
  const check = useFilterCheck();
  return (
    <>
      <PageHeader
        title={messages['page.library']}
        description="Ready-made, on-brand posts from your organization and your content feeds. Find one you like and schedule it in two clicks."
        actions={<Link to="/app/brands">{messages['page.brands']}</Link>}
      />
      <div className="panel">
        {/* A link's or the stored filter is checked first (useFilterCheck): the title stays meanwhile. */}
        {check === undefined ? <PageLoader label="Loading content…" /> : <LibraryPanel check={check} />}
      </div>
    </>
  );
}

/** The filters, the count and the cards. */
function LibraryPanel({ check }: { check: FilterCheck | null }) {
  const isAdmin = useStoredUser()?.fitPostAdminAccess === true;
  const [filter, setFilter] = useLibraryFilter(check);
  const { schedule, queue, queueingId, toggleFavorite, messageHolder } = useContentActions();
  const brands = useBrands({ page: 1, pagesize: paging.maxPageSize, sort: 'name' });
  // Members only ever get searchable tags; an admin asks for them, so the filter matches what members see.
  const tags = useTags({
    page: 1,
    pagesize: paging.maxPageSize,
    sort: 'name',
    searchable: isAdmin ? true : undefined,
  });
  const query = useMemo(() => filterToQuery(filter, libraryPageSize), [filter]);
  const content = useContent(query);
  // A stored page past the end (items went away since): show the last page there is.
  if (filter.page > 1 && content.data?.items.length === 0 && !content.isFetching) {
    setFilter({ ...filter, page: Math.max(1, Math.ceil(content.data.total / libraryPageSize)) });
  }
  const total = content.data?.total;

  return (
    <>
      {messageHolder}
      <LibraryFilters
        filter={filter}
        onChange={setFilter}
        brands={brands.data?.items ?? []}
        brandsLoading={brands.isPending}
        tags={tags.data?.items ?? []}
        tagsLoading={tags.isPending}
      />
      <p className="library-summary muted" role="status">
        {total === undefined ? '' : `${formatCount(total)} ${total === 1 ? 'item' : 'items'}`}
      </p>
      {/* The cards' titles are h3: a heading between them and the page's h1 keeps the outline whole. */}
      <h2 className="visually-hidden">Library content</h2>
      <ContentGrid
        label="Library content"
        data={content.data}
        isPending={content.isPending}
        isFetching={content.isFetching}
        error={content.error}
        onRetry={() => void content.refetch()}
        empty={
          isFiltered(filter)
            ? `${libraryMessages.emptyResults}. Try other words or fewer filters.`
            : 'The library is empty for now.'
        }
        onPageChange={(page) => setFilter({ ...filter, page })}
        onSchedule={schedule}
        onQueue={(item) => void queue(item)}
        queueingId={queueingId}
        onToggleFavorite={toggleFavorite}
      />
    </>
  );
}
