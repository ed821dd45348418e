import {
  AppstoreOutlined,
  BarChartOutlined,
  CalendarOutlined,
  HeartOutlined,
  PlusCircleOutlined,
  ScheduleOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { messages } from '@fitpost/contract';
import type { ReactNode } from 'react';

export interface NavLink {
  path: string;
  label: string;
  icon: ReactNode;
}

export interface NavGroup {
  /** Group heading; null for the ungrouped items at the top. */
  title: string | null;
  links: NavLink[];
}

/** The members' sidebar, in the spec's order (§2); admins also get `adminNavGroups`. */
export const memberNavGroups: NavGroup[] = [
  {
    title: null,
    links: [
      { path: '/app/dashboard', label: 'Recommended Posts', icon: <StarOutlined /> },
      { path: '/app/posts', label: 'Schedule a Post', icon: <ScheduleOutlined /> },
      { path: '/app/calendar', label: 'Calendar', icon: <CalendarOutlined /> },
      { path: '/app/posts/post', label: messages['action.compose'], icon: <PlusCircleOutlined /> },
      { path: '/app/content', label: messages['page.library'], icon: <AppstoreOutlined /> },
      { path: '/app/saved', label: 'My Favorites', icon: <HeartOutlined /> },
    ],
  },
  {
    title: 'Stats',
    links: [{ path: '/app/stats', label: 'My Results', icon: <BarChartOutlined /> }],
  },
  {
    // Not 'Settings': an admin's Administration group has the spec's 'Settings' link, and the
    // sidebar names 'Settings' once (issue 26).
    title: 'Your account',
    links: [{ path: '/app/settings', label: 'Account', icon: <UserOutlined /> }],
  },
];

/** The sidebar entry for a path: the longest link that is the path or one of its ancestors. */
export function selectedNavKey(pathname: string, groups: NavGroup[]): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: string | undefined;
  for (const group of groups) {
    for (const { path: candidate } of group.links) {
      const matches = path === candidate || path.startsWith(`${candidate}/`);
      if (matches && (best === undefined || candidate.length > best.length)) best = candidate;
    }
  }
  return best;
}
