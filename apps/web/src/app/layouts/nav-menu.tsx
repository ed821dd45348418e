import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { tourTargetAttribute } from '@/lib/tour';
import { preloadScreen } from '../preload-screen';
import { memberNavGroups, selectedNavKey } from './nav-items';
import { useAdminNavGroups } from './use-admin-nav-groups';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The sidebar menu; used in the Sider on wide screens and in the drawer on narrow ones. */
export function NavMenu({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const adminGroups = useAdminNavGroups(isAdmin);
  const groups = [...memberNavGroups, ...adminGroups];
  const selected = selectedNavKey(pathname, groups);

  const items: MenuItem[] = groups.flatMap((group): MenuItem[] => {
    const links: MenuItem[] = group.links.map((link) => ({
      key: link.path,
      icon: link.icon,
      label: (
        <Link
          to={link.path}
          onClick={onNavigate}
          onPointerEnter={() => preloadScreen(link.path)}
          onFocus={() => preloadScreen(link.path)}
          aria-current={link.path === selected ? 'page' : undefined}
          {...{ [tourTargetAttribute]: link.path }}
        >
          {link.label}
        </Link>
      ),
    }));
    return group.title === null
      ? links
      : [{ type: 'group', key: group.title, label: group.title, children: links }];
  });

  return <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} className="nav-menu" />;
}
