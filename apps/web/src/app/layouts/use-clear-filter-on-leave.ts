import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { clearFlag, storageKeys } from '@/lib/session';

/** Screens whose stored 'filter' only lives while the user stays on them (spec §2). */
const filterAreas = ['/app/content', '/app/posts/post'];

function areaOf(pathname: string): string | undefined {
  return filterAreas.find((area) => pathname === area || pathname.startsWith(`${area}/`));
}

/** Removes the stored 'filter' whenever the user leaves /app/content or /app/posts/post. */
export function useClearFilterOnLeave(): void {
  const { pathname } = useLocation();
  const previousArea = useRef<string | undefined>(areaOf(pathname));

  useEffect(() => {
    const area = areaOf(pathname);
    if (previousArea.current !== undefined && previousArea.current !== area) clearFlag(storageKeys.filter);
    previousArea.current = area;
  }, [pathname]);
}
