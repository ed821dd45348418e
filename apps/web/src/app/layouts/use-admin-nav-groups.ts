import { useEffect, useState } from 'react';
import { loadModule } from '@/lib/module-load';
import type { NavGroup } from './nav-items';

let adminGroups: Promise<NavGroup[]> | null = null;

function loadAdminGroups(): Promise<NavGroup[]> {
  adminGroups ??= loadModule(() => import('./admin-nav-items'))().then((module) => module.adminNavGroups);
  return adminGroups;
}

/** The admin-only sidebar groups: loaded on demand, so members never download them. */
export function useAdminNavGroups(isAdmin: boolean): NavGroup[] {
  const [groups, setGroups] = useState<NavGroup[]>([]);

  useEffect(() => {
    if (!isAdmin) return undefined;
    let active = true;
    loadAdminGroups().then(
      (loaded) => {
        if (active) setGroups(loaded);
      },
      (error: unknown) => console.error('Could not load the administration menu', error),
    );
    return () => {
      active = false;
    };
  }, [isAdmin]);

  return isAdmin ? groups : [];
}
