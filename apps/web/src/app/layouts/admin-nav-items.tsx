import {
  BarChartOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  MailOutlined,
  NotificationOutlined,
  ShopOutlined,
  StarOutlined,
  TagsOutlined,
  TeamOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { NavGroup } from './nav-items';

/** The Administration and Reports groups: their own chunk, loaded only for admins. */
export const adminNavGroups: NavGroup[] = [
  {
    title: 'Administration',
    links: [
      { path: '/app/manage', label: 'Dashboard', icon: <DashboardOutlined /> },
      { path: '/app/manage/content', label: 'Content Repository', icon: <DatabaseOutlined /> },
      { path: '/app/manage/saved', label: 'Admin Favorites', icon: <StarOutlined /> },
      { path: '/app/manage/feeds', label: 'Feeds', icon: <WifiOutlined /> },
      { path: '/app/manage/brands', label: 'Brands', icon: <ShopOutlined /> },
      { path: '/app/manage/tags', label: 'Tags', icon: <TagsOutlined /> },
      { path: '/app/manage/announcements', label: 'Announcements', icon: <NotificationOutlined /> },
      { path: '/app/manage/users', label: 'Users', icon: <TeamOutlined /> },
      { path: '/app/manage/messages', label: 'Messages', icon: <MailOutlined /> },
      { path: '/app/manage/settings', label: 'Settings', icon: <ControlOutlined /> },
    ],
  },
  {
    // Admins only: a deliberate deviation from the shipped navigation, which showed these links to
    // members although the reports are admin data.
    title: 'Reports',
    // One link, the index (every report with what it shows), instead of one per report (issue 26):
    // a report's own address still selects it, as the longest matching link.
    links: [{ path: '/app/manage/reports', label: 'All Reports', icon: <BarChartOutlined /> }],
  },
];
