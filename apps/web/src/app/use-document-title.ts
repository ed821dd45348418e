import { useEffect } from 'react';
import { useRouteTitle } from '@/lib/route-title';

/** "<screen> · FitPost" from the route table's titles. */
export function useDocumentTitle(): void {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title ? `${title} · FitPost` : 'FitPost';
  }, [title]);
}
