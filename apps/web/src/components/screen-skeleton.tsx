import { useRouteTitle } from '@/lib/route-title';
import { PageHeader } from './page-header';

/**
 * Drawn inside the shell the moment a screen is opened, while its code (and then its data) loads:
 * the screen's title from the route table and grey blocks where its content will be. Plain markup.
 */
export function ScreenSkeleton() {
  const title = useRouteTitle();
  return (
    <div className="screen-skeleton" aria-busy="true">
      {title ? <PageHeader title={title} /> : null}
      <div role="status" className="screen-skeleton-blocks">
        <span className="visually-hidden">Loading…</span>
        <span className="screen-skeleton-block skeleton-shimmer" aria-hidden="true" />
        <span className="screen-skeleton-block skeleton-shimmer" aria-hidden="true" />
        <span
          className="screen-skeleton-block screen-skeleton-block-short skeleton-shimmer"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
